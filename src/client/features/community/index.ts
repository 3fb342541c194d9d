// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { forumQueries, useForums } from './api/forums';
export { AuthorAvatar } from './components/author-avatar';
export { getForumCategoryStyle } from './components/forum-category';
export { formatCount } from './components/like-button';
