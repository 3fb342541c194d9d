// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { progressQueries, useProgress } from './api/progress';
export { useRenewSignedUrl } from './api/signed-url';
export { MediaPanel } from './components/media-panel';
export { PremiumNotice } from './components/player-notice';
export { playerQueue, type QueuedTrack } from './components/player-queue';
