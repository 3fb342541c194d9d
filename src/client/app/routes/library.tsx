import { PageContainer } from '@client/components/page-container';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { lazy, Suspense } from 'react';
import { ScreenFallback } from './loading';

// The lists need the content screens' shared code (cards, the player, menus); the heading does
// not, so it paints while that code is still being evaluated (docs/decisions/051).
const LibraryContent = lazy(() => import('./library-content'));

/** /library: the content library (docs/product.md section 2), with the ways to practise above it. */
export default function LibraryScreen() {
  useDocumentTitle('Content Library');
  return (
    <PageContainer className="py-8 sm:py-12">
      <header className="mb-8 grid gap-2 sm:mb-10">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Content Library</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Guided sessions, talks and events to return to whenever you need them.
        </p>
      </header>
      <Suspense fallback={<ScreenFallback />}>
        <LibraryContent />
      </Suspense>
    </PageContainer>
  );
}
