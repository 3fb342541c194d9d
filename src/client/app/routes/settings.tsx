import { TitledScreen } from '@client/components/page-header';
import {
  AppearanceCard,
  CalendarFeedSetting,
  DigestSetting,
  LanguageCard,
  NewsletterSetting,
  PracticeSettingsCard,
} from '@client/features/settings';
import { useNamespace } from '@client/lib/i18n';

/** /settings: practice, reminders, notification e-mails, the calendar feed and appearance. */
export default function SettingsScreen() {
  const i18n = useNamespace('settings');
  return (
    <TitledScreen title={i18n._('settings.route.title')} className="grid max-w-3xl gap-6 py-8 sm:py-12">
      <PracticeSettingsCard />
      <DigestSetting />
      <NewsletterSetting />
      <CalendarFeedSetting />
      <LanguageCard />
      <AppearanceCard />
    </TitledScreen>
  );
}
