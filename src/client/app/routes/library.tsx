import { TitledScreen } from '@client/components/page-header';
import { ContentLibrary } from '@client/features/library/components/content-library';
import { PracticeLinks } from '@client/features/practice/components/practice-home';

/** /library: the content library (docs/product.md section 2), with the ways to practise above it. */
export default function LibraryScreen() {
  return (
    <TitledScreen
      title="Content Library"
      lead="Guided sessions, talks and events to return to whenever you need them."
      className="py-8 sm:py-12"
      headerClassName="mb-8 sm:mb-10"
    >
      <PracticeLinks className="mb-8" />
      <ContentLibrary />
    </TitledScreen>
  );
}
