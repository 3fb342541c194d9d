import { TitledScreen } from '@client/components/page-header';
import type { ReactNode } from 'react';
import { useAssessmentAuthGuard } from './use-auth-guard';

const SCREENS = {
  results: {
    title: 'Assessment Results',
    lead: 'Your 6P and 3C scores, domain by domain.',
    width: 'max-w-4xl',
  },
  dashboard: {
    title: 'Assessment Dashboard',
    lead: 'Your latest assessment at a glance.',
    width: 'max-w-4xl',
  },
  history: {
    title: 'Assessment History',
    lead: 'How your scores have changed over time.',
    width: 'max-w-5xl',
  },
} as const;

/**
 * The frame of the signed-in assessment screens (results, dashboard, history): their heading and
 * lead, and the guard that sends a signed-out visit home; `children` receive whether to load.
 */
export function AssessmentScreen({
  what,
  children,
}: {
  what: keyof typeof SCREENS;
  children: (ready: boolean) => ReactNode;
}) {
  const { ready } = useAssessmentAuthGuard(what);
  const { title, lead, width } = SCREENS[what];
  return (
    <TitledScreen title={title} lead={lead} className={`${width} py-8 sm:py-12`} headerClassName="mb-6">
      {children(ready)}
    </TitledScreen>
  );
}
