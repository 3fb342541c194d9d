import { ScreenContainer } from '@client/components/page-container';
import { SearchScreen as Search } from '@client/features/search/components/search-screen';
import { useNamespace } from '@client/lib/i18n';

/** /search?q=: results from the library and the forums. */
export default function SearchScreen() {
  const i18n = useNamespace('search');
  return (
    <ScreenContainer title={i18n._('search.route.title')} className="max-w-3xl py-8 sm:py-12">
      <Search />
    </ScreenContainer>
  );
}
