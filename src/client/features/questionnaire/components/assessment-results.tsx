import { MessageCard } from '@client/components/content/state-cards';
import { Card, CardContent } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { SupportHelplines } from '@client/features/help';
import { useNamespace } from '@client/lib/i18n';
import { SUPPORT_THRESHOLD } from '@shared/scoring';
import { ArrowLeft, HeartHandshake, House, RotateCcw, TriangleAlert } from 'lucide-react';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useQuestionnaireDomains, useQuestionnaireResults } from '../api/questionnaire';
import { CompletedOn, domainDescriptions, formatDate, OverallScores, ScoreCards } from './score-display';
import { SuggestedPractices } from './suggested-practices';

const RadarCharts = lazy(() => import('./radar-charts'));

/** /questionnaire/{id}/results (docs/product.md, "Questionnaire"). */
export function AssessmentResults({ id, enabled = true }: { id: string; enabled?: boolean }) {
  const i18n = useNamespace('questionnaire');
  const results = useQuestionnaireResults(id, enabled);
  const domains = useQuestionnaireDomains();

  if (!enabled || results.isPending) return <ResultsSkeleton />;
  if (results.isError || !results.data) return <ResultsUnavailable />;

  const { questionnaire, scores, suggestions } = results.data;
  const descriptions = domainDescriptions(domains.data);

  return (
    <div className="grid grid-cols-1 gap-6">
      <CompletedOn questionnaire={questionnaire} format={formatDate} className="text-muted-foreground" />

      <SupportPanel scores={scores} />

      <section aria-labelledby="overall-heading" className="grid gap-3">
        <h2 id="overall-heading" className="font-display text-2xl">
          {i18n._('questionnaire.results.overallHeading')}
        </h2>
        <OverallScores
          scores={scores}
          subtitles={[
            i18n._('questionnaire.results.scaleSubtitle'),
            i18n._('questionnaire.results.scaleSubtitle'),
          ]}
        />
      </section>

      <section aria-labelledby="charts-heading" className="grid min-w-0 grid-cols-1 gap-3">
        <h2 id="charts-heading" className="font-display text-2xl">
          {i18n._('questionnaire.results.chartsHeading')}
        </h2>
        <Suspense fallback={chartsFallback}>
          <RadarCharts scores={scores} />
        </Suspense>
      </section>

      <ScoreCards scores={scores} descriptions={descriptions} />

      <Card>
        <CardContent className="grid gap-1 p-5 text-sm">
          <p className="font-medium">{i18n._('questionnaire.results.scaleReferenceTitle')}</p>
          <p className="text-muted-foreground">{i18n._('questionnaire.results.scaleReference')}</p>
          <p className="text-muted-foreground">{i18n._('questionnaire.results.labelsNote')}</p>
        </CardContent>
      </Card>

      <SuggestedPractices suggestions={suggestions} />

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <LinkButton href="/assessment" icon={ArrowLeft}>
          {i18n._('questionnaire.backToDashboard')}
        </LinkButton>
        <LinkButton href="/questionnaire" icon={RotateCcw} variant="outline">
          {i18n._('questionnaire.takeAgain')}
        </LinkButton>
        <LinkButton href="/" icon={House} variant="ghost">
          {i18n._('questionnaire.backToHome')}
        </LinkButton>
      </div>
    </div>
  );
}

/** Shown while the chart code arrives: the same space, gently pulsing. */
const chartsFallback = (
  <SkeletonLines className="grid gap-4 md:grid-cols-2" lines={['h-80 rounded-2xl', 'h-80 rounded-2xl']} />
);

/**
 * Gentle words and where to find support, shown only when an overall score is low. The same words
 * as SUPPORT_RESOURCES in src/server/features/questionnaire/questionnaire-content.ts: keep the two
 * identical when an operator changes the wording.
 */
export function SupportPanel({ scores }: { scores: { overall6P: number; overall3C: number } }) {
  const i18n = useNamespace('questionnaire');
  if (scores.overall6P >= SUPPORT_THRESHOLD && scores.overall3C >= SUPPORT_THRESHOLD) return null;
  return (
    <section
      aria-labelledby="support-heading"
      className="flex gap-3 rounded-2xl border border-clay/40 bg-secondary p-5 text-secondary-foreground"
    >
      <HeartHandshake className="mt-0.5 size-5 shrink-0" strokeWidth={1.5} aria-hidden="true" />
      <div className="grid gap-1">
        <h2 id="support-heading" className="font-semibold">
          {i18n._('questionnaire.support.title')}
        </h2>
        <p className="text-foreground">{i18n._('questionnaire.support.body')}</p>
        <div className="mt-2">
          <SupportHelplines fallback={null} />
        </div>
      </div>
    </section>
  );
}

/** The mark of an assessment screen that could not load what it shows. */
export function UnavailableIcon() {
  return <TriangleAlert className="size-8 text-clay" strokeWidth={1.5} aria-hidden="true" />;
}

/** An assessment screen that could not load or start: an alert card in the screen's own words. */
export function AssessmentAlert(
  props: Pick<ComponentProps<typeof MessageCard>, 'title' | 'description' | 'icon' | 'action' | 'link'>,
) {
  return <MessageCard role="alert" headingLevel={2} icon={null} {...props} />;
}

function ResultsUnavailable() {
  const i18n = useNamespace('questionnaire');
  return (
    <AssessmentAlert
      icon={<UnavailableIcon />}
      title={i18n._('questionnaire.results.unavailableTitle')}
      description={i18n._('questionnaire.results.unavailableText')}
      link={{ href: '/assessment', label: i18n._('questionnaire.backToDashboard') }}
    />
  );
}

function ResultsSkeleton() {
  const i18n = useNamespace('questionnaire');
  return (
    <div className="grid gap-6" role="status" aria-label={i18n._('questionnaire.results.loading')}>
      <Skeleton className="h-5 w-48" />
      <SkeletonLines className="grid gap-4 sm:grid-cols-2" lines={['h-36 rounded-2xl', 'h-36 rounded-2xl']} />
      {chartsFallback}
    </div>
  );
}
