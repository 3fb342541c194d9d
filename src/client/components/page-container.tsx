import { useDocumentTitle } from '@client/lib/use-document-title';
import type * as React from 'react';
import { withClass } from './ui/with-class';

/** The content column: 16 px gutters on phones, 24–32 px on larger screens, ~72rem wide at most. */
export const PageContainer = withClass('div', 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8');

/** A screen's column that also names the browser tab (`title`). */
export function ScreenContainer({
  title,
  ...props
}: React.ComponentProps<typeof PageContainer> & { title: string }) {
  useDocumentTitle(title);
  return <PageContainer {...props} />;
}
