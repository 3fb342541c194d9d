// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries"). This feature alone writes the
// members' preferences; others read them through these functions or the read-only
// `memberPreferences` inside their own statements.
export {
  getMemberSettings,
  getMemberTimeZone,
  insertNewMemberPreferences,
  type MemberSettings,
  memberPreferences,
  memberPreferencesAs,
  memberTimeZoneSql,
  type PreferenceChanges,
  setPreferences,
} from './settings.service.ts';
