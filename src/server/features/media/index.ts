// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { getDownloadLink, getPlayableLink, type MediaLinkDeps, type MediaSource } from './media-links.ts';
export { getUploadedMediaDuration, isOwnProfileImage } from './uploads.service.ts';
