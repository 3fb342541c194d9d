// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { authQueries, useCurrentUser } from './api/current-user';
export { NameFields } from './components/auth-form';
export {
  accountStorageKey,
  forgetDevice,
  getRememberedUserId,
  onAccountVerified,
  onDeviceForgotten,
  readJson,
  writeJson,
} from './device-account';
