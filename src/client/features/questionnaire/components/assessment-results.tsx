import { MessageCard } from '@client/components/content/state-cards';
import { Card, CardContent } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { SupportHelplines } from '@client/features/help';
import { SUPPORT_THRESHOLD } from '@shared/scoring';
import { ArrowLeft, HeartHandshake, House, RotateCcw, TriangleAlert } from 'lucide-react';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useQuestionnaireDomains, useQuestionnaireResults } from '../api/questionnaire';
import { SUPPORT_RESOURCES } from '../support-resources';
import { CompletedOn, domainDescriptions, formatDate, OverallScores, ScoreCards } from './score-display';
import { SuggestedPractices } from './suggested-practices';

const RadarCharts = lazy(() => import('./radar-charts'));

export const SCALE_REFERENCE =
  'Never=0, Very Rarely=1, Rarely=2, Occasionally=3, Frequently=4, Very Frequently=5';

/** /questionnaire/{id}/results (docs/product.md, "Questionnaire"). */
export function AssessmentResults({ id, enabled = true }: { id: string; enabled?: boolean }) {
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
          Overall scores
        </h2>
        <OverallScores scores={scores} subtitles={['Scale 0-5', 'Scale 0-5']} />
      </section>

      <section aria-labelledby="charts-heading" className="grid min-w-0 grid-cols-1 gap-3">
        <h2 id="charts-heading" className="font-display text-2xl">
          Your balance at a glance
        </h2>
        <Suspense fallback={chartsFallback}>
          <RadarCharts scores={scores} />
        </Suspense>
      </section>

      <ScoreCards scores={scores} descriptions={descriptions} />

      <Card>
        <CardContent className="grid gap-1 p-5 text-sm">
          <p className="font-medium">Scale reference</p>
          <p className="text-muted-foreground">{SCALE_REFERENCE}</p>
          <p className="text-muted-foreground">
            4 or above is Aligned, 2 up to 4 is Mismatch, below 2 is Big mismatch. A reflection tool, not a
            diagnosis.
          </p>
        </CardContent>
      </Card>

      <SuggestedPractices suggestions={suggestions} />

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <LinkButton href="/assessment" icon={ArrowLeft}>
          Back to Dashboard
        </LinkButton>
        <LinkButton href="/questionnaire" icon={RotateCcw} variant="outline">
          Take Again
        </LinkButton>
        <LinkButton href="/" icon={House} variant="ghost">
          Back to Home
        </LinkButton>
      </div>
    </div>
  );
}

/** Shown while the chart code arrives: the same space, gently pulsing. */
const chartsFallback = (
  <SkeletonLines className="grid gap-4 md:grid-cols-2" lines={['h-80 rounded-2xl', 'h-80 rounded-2xl']} />
);

/** Gentle words and where to find support, shown only when an overall score is low. */
export function SupportPanel({ scores }: { scores: { overall6P: number; overall3C: number } }) {
  if (scores.overall6P >= SUPPORT_THRESHOLD && scores.overall3C >= SUPPORT_THRESHOLD) return null;
  return (
    <section
      aria-labelledby="support-heading"
      className="flex gap-3 rounded-2xl border border-clay/40 bg-secondary p-5 text-secondary-foreground"
    >
      <HeartHandshake className="mt-0.5 size-5 shrink-0" strokeWidth={1.5} aria-hidden="true" />
      <div className="grid gap-1">
        <h2 id="support-heading" className="font-semibold">
          {SUPPORT_RESOURCES.title}
        </h2>
        <p className="text-foreground">{SUPPORT_RESOURCES.body}</p>
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
  return (
    <AssessmentAlert
      icon={<UnavailableIcon />}
      title="Results Unavailable"
      description="Unable to load your assessment results. Please try again or contact support."
      link={{ href: '/assessment', label: 'Back to Dashboard' }}
    />
  );
}

function ResultsSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading your results">
      <Skeleton className="h-5 w-48" />
      <SkeletonLines className="grid gap-4 sm:grid-cols-2" lines={['h-36 rounded-2xl', 'h-36 rounded-2xl']} />
      {chartsFallback}
    </div>
  );
}
