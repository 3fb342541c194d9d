import { PageContainer } from '@client/components/page-container';
import { DigestSetting } from '@client/features/practice/components/digest-setting';
import {
  AppearanceCard,
  PracticeSettingsCard,
} from '@client/features/practice/components/practice-settings-form';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /settings: practice, reminders, notification e-mails and appearance. */
export default function SettingsScreen() {
  useDocumentTitle('Settings');
  return (
    <PageContainer className="grid max-w-3xl gap-6 py-8 sm:py-12">
      <header className="grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Settings</h1>
      </header>
      <PracticeSettingsCard />
      <DigestSetting />
      <AppearanceCard />
    </PageContainer>
  );
}
