import { PageContainer } from '@client/components/page-container';
import { ForumDirectory } from '@client/features/community/components/forum-directory';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /community: the forums by category (docs/product.md section 2). */
export default function CommunityScreen() {
  useDocumentTitle('Community');
  return (
    <PageContainer className="py-8 sm:py-12">
      <header className="mb-10 grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Community</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Forums for practice, support and gentle conversation. Come as you are.
        </p>
      </header>
      <ForumDirectory />
    </PageContainer>
  );
}
