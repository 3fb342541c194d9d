// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export {
  type ForumSearchPage,
  forumSearchCache,
  invalidateCommentPages,
  invalidateForumPages,
  ownHiddenItemsCache,
} from './caches.ts';
export { createComment } from './comments.service.ts';
export { type AuthorSqlColumns, authorOfSqlRow, toAuthor } from './community.shared.ts';
export { recordSignUpAddress } from './flag-weight.ts';
export {
  auditSanction,
  liftSanction,
  sanctionEnd,
  sanctionEndForEmail,
  sanctionNotice,
  sanctionRecipientColumns,
  setModeratorFlag,
  writeAudit,
} from './moderation.service.ts';
export { createPost } from './posts.service.ts';
