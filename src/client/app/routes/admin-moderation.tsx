import { PageContainer } from '@client/components/page-container';
import { ModerationScreen } from '@client/features/admin/moderation/components/moderation-screen';

/** /admin/moderation: the moderation queue, for moderators and admins. */
export default function AdminModerationRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <ModerationScreen />
    </PageContainer>
  );
}
