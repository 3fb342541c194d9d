import { TitledScreen } from '@client/components/page-header';
import {
  AppearanceCard,
  DigestSetting,
  LanguageCard,
  NewsletterSetting,
  PracticeSettingsCard,
} from '@client/features/settings';

/** /settings: practice, reminders, notification e-mails and appearance. */
export default function SettingsScreen() {
  return (
    <TitledScreen title="Settings" className="grid max-w-3xl gap-6 py-8 sm:py-12">
      <PracticeSettingsCard />
      <DigestSetting />
      <NewsletterSetting />
      <LanguageCard />
      <AppearanceCard />
    </TitledScreen>
  );
}
