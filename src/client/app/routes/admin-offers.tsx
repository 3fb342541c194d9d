import { PageContainer } from '@client/components/page-container';
import { AdminOffersScreen } from '@client/features/admin/offers/components/offers-management';

/** /admin/offers: offer codes (issue 34), for admins only. */
export default function AdminOffersRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <AdminOffersScreen />
    </PageContainer>
  );
}
