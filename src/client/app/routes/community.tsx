import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/page-header';
import { ForumDirectory } from '@client/features/community/components/forum-directory';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /community: the forums by category (docs/product.md section 2). */
export default function CommunityScreen() {
  useDocumentTitle('Community');
  return (
    <PageContainer className="py-8 sm:py-12">
      <PageHeader
        title="Community"
        lead="Forums for practice, support and gentle conversation. Come as you are."
        className="mb-10"
      />
      <ForumDirectory />
    </PageContainer>
  );
}
