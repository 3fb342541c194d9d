// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").

export { standalonePage } from './digest.routes.ts';
export { unsubscribeHeaders } from './digest.service.ts';
export { EmailFrame, link, muted, text, UnsubscribeFooter } from './digest-email.tsx';
export { createUnsubscribeSigner, type UnsubscribeSigner } from './unsubscribe-token.ts';
