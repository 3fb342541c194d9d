import { PageContainer } from '@client/components/page-container';
import { AdminAnnouncementsScreen } from '@client/features/admin/announcements/components/announcements-management';

/** /admin/announcements: Announcements (docs/product.md, "Admin"), for admins only. */
export default function AdminAnnouncementsRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <AdminAnnouncementsScreen />
    </PageContainer>
  );
}
