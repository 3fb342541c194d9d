import { ScreenContainer } from '@client/components/page-container';
import { SearchScreen as Search } from '@client/features/search/components/search-screen';

/** /search?q=: results from the library and the forums. */
export default function SearchScreen() {
  return (
    <ScreenContainer title="Search" className="max-w-3xl py-8 sm:py-12">
      <Search />
    </ScreenContainer>
  );
}
