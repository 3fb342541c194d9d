import { PageContainer } from '@client/components/page-container';
import { AdminContentScreen } from '@client/features/admin/content/components/content-management';

/** /admin/content: Content Management (docs/product.md, "Admin"), for admins only. */
export default function AdminContentRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <AdminContentScreen />
    </PageContainer>
  );
}
