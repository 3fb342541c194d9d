import { TitledScreen } from '@client/components/page-header';
import type { ReactNode } from 'react';
import { useAssessmentAuthGuard } from './use-auth-guard';

/**
 * The frame of the signed-in assessment screens (results, dashboard, history): their heading and
 * lead, and the guard that sends a signed-out visit home; `children` receive whether to load.
 */
export function AssessmentScreen({
  what,
  title,
  lead,
  width,
  children,
}: {
  what: 'results' | 'dashboard' | 'history';
  title: string;
  lead: string;
  width: 'max-w-4xl' | 'max-w-5xl';
  children: (ready: boolean) => ReactNode;
}) {
  const { ready } = useAssessmentAuthGuard(what);
  return (
    <TitledScreen title={title} lead={lead} className={`${width} py-8 sm:py-12`} headerClassName="mb-6">
      {children(ready)}
    </TitledScreen>
  );
}
