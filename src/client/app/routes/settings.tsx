import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/page-header';
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
      <PageHeader title="Settings" />
      <PracticeSettingsCard />
      <DigestSetting />
      <AppearanceCard />
    </PageContainer>
  );
}
