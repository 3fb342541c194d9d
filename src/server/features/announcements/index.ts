// What other features may use from this one; everything else in this folder is private to it
// (enforced by biome.json, see docs/architecture.md "Boundaries").
export { likePattern, publishScheduledAnnouncements } from './announcements.service.ts';
