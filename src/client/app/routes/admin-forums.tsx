import { PageContainer } from '@client/components/page-container';
import { AdminForumsScreen } from '@client/features/admin/forums/components/forum-management';

/** /admin/forums: Forum Management (docs/product.md, "Admin"), for admins only. */
export default function AdminForumsRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <AdminForumsScreen />
    </PageContainer>
  );
}
