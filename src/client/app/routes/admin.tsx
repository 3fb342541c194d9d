import { PageContainer } from '@client/components/page-container';
import { AdminDashboardScreen } from '@client/features/admin/dashboard/components/admin-dashboard';

/** /admin: the Admin Dashboard (docs/product.md, "Admin"), for admins only. */
export default function AdminDashboardRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <AdminDashboardScreen />
    </PageContainer>
  );
}
