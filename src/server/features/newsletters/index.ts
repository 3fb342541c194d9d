// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { newslettersRoutes } from './newsletters.routes.ts';
export {
  NEWSLETTER_UNSUBSCRIBE_PURPOSE,
  type NewsletterSending,
  optInToNewsletters,
  runNewsletterSends,
  SEND_NEWSLETTERS_JOB,
} from './newsletters.service.ts';
