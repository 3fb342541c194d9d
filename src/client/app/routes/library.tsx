import { TitledScreen } from '@client/components/page-header';
import { useNamespace } from '@client/lib/i18n';
import { lazy, Suspense } from 'react';
import { ScreenFallback } from './loading';

// The lists need the content screens' shared code (cards, the player, menus); the heading does
// not, so it paints while that code is still being evaluated (docs/decisions/051).
const LibraryContent = lazy(() => import('./library-content'));

/** /library: the content library (docs/product.md, "Content library"), with the ways to practise above it. */
export default function LibraryScreen() {
  const i18n = useNamespace('library');
  return (
    <TitledScreen
      title={i18n._('library.route.title')}
      lead={i18n._('library.route.lead')}
      className="py-8 sm:py-12"
      headerClassName="mb-8 sm:mb-10"
    >
      <Suspense fallback={<ScreenFallback />}>
        <LibraryContent />
      </Suspense>
    </TitledScreen>
  );
}
