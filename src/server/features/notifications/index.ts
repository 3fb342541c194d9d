// What other features may use from this one; everything else in this folder is private to it
// (enforced by biome.json, see docs/architecture.md "Boundaries").
export {
  MAX_RECIPIENTS,
  moderatorsAndAdmins,
  notifyAtRiskFlag,
  notifyCommentAdded,
  notifyMentions,
  notifyPlaylistItemsAdded,
} from './notifications.service.ts';
export type { PushSender } from './push.service.ts';
