// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { contentItemQueries } from './api/content-item';
export { type ContentListParams, contentListQueries, useContentList } from './api/content-list';
export { useFavorites } from './api/favorites';
export { CardTags, ContentCard } from './components/content-card';
export { ContentList } from './components/content-list';
export { CardSkeletons, EmptyNote } from './components/content-states';
