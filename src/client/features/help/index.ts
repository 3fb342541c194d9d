// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { sitePageQueries } from './api/site-pages';
export { HelpDialog } from './components/help-dialog';
export { PageHtml } from './components/page-html';
export {
  SitePageDialogHost,
  SitePageLink,
  SitePageLinks,
  sitePageHref,
  useSitePageDialog,
} from './components/page-links';
export { SupportHelplines } from './components/support-helplines';
