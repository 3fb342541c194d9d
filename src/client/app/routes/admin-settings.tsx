import { PageContainer } from '@client/components/page-container';
import { AdminSettingsScreen } from '@client/features/admin/settings/components/settings-screen';

/** /admin/settings: the server's configuration, read only (beyond docs/product.md), for admins only. */
export default function AdminSettingsRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <AdminSettingsScreen />
    </PageContainer>
  );
}
