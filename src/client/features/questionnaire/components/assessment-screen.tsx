import { TitledScreen } from '@client/components/page-header';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { useAssessmentAuthGuard } from './use-auth-guard';

type Screen = 'results' | 'dashboard' | 'history';

function screenText(i18n: I18n, what: Screen): { title: string; lead: string; width: string } {
  switch (what) {
    case 'results':
      return {
        title: i18n._('questionnaire.screen.resultsTitle'),
        lead: i18n._('questionnaire.screen.resultsLead'),
        width: 'max-w-4xl',
      };
    case 'dashboard':
      return {
        title: i18n._('questionnaire.screen.dashboardTitle'),
        lead: i18n._('questionnaire.screen.dashboardLead'),
        width: 'max-w-4xl',
      };
    case 'history':
      return {
        title: i18n._('questionnaire.screen.historyTitle'),
        lead: i18n._('questionnaire.screen.historyLead'),
        width: 'max-w-5xl',
      };
  }
}

/**
 * The frame of the signed-in assessment screens (results, dashboard, history): their heading and
 * lead, and the guard that sends a signed-out visit home; `children` receive whether to load.
 */
export function AssessmentScreen({
  what,
  children,
}: {
  what: Screen;
  children: (ready: boolean) => ReactNode;
}) {
  const i18n = useNamespace('questionnaire');
  const { ready } = useAssessmentAuthGuard(what);
  const { title, lead, width } = screenText(i18n, what);
  return (
    <TitledScreen title={title} lead={lead} className={`${width} py-8 sm:py-12`} headerClassName="mb-6">
      {children(ready)}
    </TitledScreen>
  );
}
