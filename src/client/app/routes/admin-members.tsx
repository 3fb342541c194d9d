import { PageContainer } from '@client/components/page-container';
import { MembersScreen } from '@client/features/admin/members/components/members-screen';

/** /admin/members: import and export the member list (issue 34; no client-side gate, the server checks). */
export default function AdminMembersRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <MembersScreen />
    </PageContainer>
  );
}
