import { PracticeLinks } from '@client/app/home/practice-home';
import { ContentLibrary } from '@client/features/library/components/content-library';

/**
 * Everything on /library below its heading: the ways to practise and the library itself. A chunk
 * of its own (with the content screens' shared code), so the heading paints before that code has
 * run (library.tsx, docs/decisions/051). The server preloads it with the screen (src/shared/preloads.ts).
 */
export default function LibraryContent() {
  return (
    <>
      <PracticeLinks className="mb-8" />
      <ContentLibrary />
    </>
  );
}
