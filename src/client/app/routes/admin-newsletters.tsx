import { PageContainer } from '@client/components/page-container';
import { AdminGate } from '@client/features/admin/kit/admin-gate';
import { AdminNewslettersScreen } from '@client/features/admin/newsletters/components/newsletters-management';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /admin/newsletters: write and send newsletters (docs/product.md, "Newsletters"), for admins only. */
export default function AdminNewslettersRoute() {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.route.newsletters'));
  return (
    <PageContainer className="py-8 sm:py-12">
      <AdminGate>
        <AdminNewslettersScreen />
      </AdminGate>
    </PageContainer>
  );
}
