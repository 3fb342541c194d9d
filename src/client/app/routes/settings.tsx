import { TitledScreen } from '@client/components/page-header';
import { NewsletterSetting } from '@client/features/newsletters/components/newsletter-setting';
import { DigestSetting } from '@client/features/practice/components/digest-setting';
import {
  AppearanceCard,
  PracticeSettingsCard,
} from '@client/features/practice/components/practice-settings-form';

/** /settings: practice, reminders, notification e-mails and appearance. */
export default function SettingsScreen() {
  return (
    <TitledScreen title="Settings" className="grid max-w-3xl gap-6 py-8 sm:py-12">
      <PracticeSettingsCard />
      <DigestSetting />
      <NewsletterSetting />
      <AppearanceCard />
    </TitledScreen>
  );
}
