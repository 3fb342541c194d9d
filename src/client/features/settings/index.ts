// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
// The member's settings (practice days, reminders, notification e-mails, digest, newsletters, calendar feed, theme) have this
// one owner on the client; the /settings screen (app/routes/settings.tsx) composes its cards.
export { settingsQueries, useMemberSettings, useUpdateMemberSettings } from './api/member-settings';
export { CalendarFeedSetting } from './components/calendar-feed-setting';
export { DigestSetting } from './components/digest-setting';
export { LanguageCard, LanguagePicker, useAccountLocale } from './components/language-setting';
export { NewsletterSetting } from './components/newsletter-setting';
export { AppearanceCard, PracticeSettingsCard } from './components/practice-settings-form';
export { useTimeZoneSync } from './use-time-zone-sync';
