// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { createBackup } from './backup.service.ts';
export { verifyArchive } from './restore.service.ts';
export { runScheduledBackup } from './scheduled-backup.ts';
