// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { type OutboxItem, outbox, type PendingProgress } from './outbox';
export { refreshAfterDelivery, useOutboxSubmit } from './use-outbox';
