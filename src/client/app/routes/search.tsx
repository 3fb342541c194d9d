import { PageContainer } from '@client/components/page-container';
import { SearchScreen as Search } from '@client/features/search/components/search-screen';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /search?q=: results from the library and the forums. */
export default function SearchScreen() {
  useDocumentTitle('Search');
  return (
    <PageContainer className="max-w-3xl py-8 sm:py-12">
      <Search />
    </PageContainer>
  );
}
