// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export {
  assertCanOpen,
  contentColumns,
  contentSearchCache,
  getContentRow,
  listContent,
  NO_MEDIA_MESSAGE,
  PREMIUM_TEASER_MAX_LENGTH,
  publishScheduledContent,
  searchContentCached,
  toContentItem,
  toPrefixQuery,
  toPremiumTeaser,
} from './content.service.ts';
export { readSearchStatistics, type SearchStatistics } from './search-statistics.ts';
