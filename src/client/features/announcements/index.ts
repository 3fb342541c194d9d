// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { ANNOUNCEMENT_TYPE_STYLES, getAnnouncementTypeStyle } from './components/announcement-type';
