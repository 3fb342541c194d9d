import { PageContainer } from '@client/components/page-container';
import { UserManagement } from '@client/features/admin/users/components/user-management';

/** /admin/users: User Management (docs/product.md, "Admin"; no client-side gate, the server checks). */
export default function AdminUsersRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <UserManagement />
    </PageContainer>
  );
}
