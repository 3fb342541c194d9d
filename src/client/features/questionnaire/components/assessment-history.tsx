import { MessageCard } from '@client/components/content/state-cards';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import { formatNumber } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { isMeaningfulChange, scoreChange } from '@shared/scoring';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useQuestionnaireHistory } from '../api/questionnaire';
import { AssessmentAlert } from './assessment-results';
import { OVERALLS } from './chart-style';
import { CardHeading, formatDateTime, formatScore, ScoreLabelBadge } from './score-display';

/** 'No change', or the signed one-decimal change 'from last' (formatChange in src/shared/scoring.ts). */
function describeChange(i18n: I18n, current: number, previous: number): string {
  const delta = scoreChange(current, previous);
  if (delta === 0) return i18n._('questionnaire.history.noChange');
  const change = formatNumber(delta, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  return i18n._('questionnaire.history.change', { change });
}

const HistoryCharts = lazy(() => import('./history-charts'));

/** /assessment-history (docs/product.md, "Questionnaire"): how the scores have moved, newest first. */
export function AssessmentHistory({ enabled = true }: { enabled?: boolean }) {
  const i18n = useNamespace('questionnaire');
  const history = useQuestionnaireHistory(enabled);

  if (!enabled || history.isPending) return <HistorySkeleton />;
  if (history.isError) {
    return (
      <AssessmentAlert
        title={i18n._('questionnaire.history.unavailableTitle')}
        description={i18n._('questionnaire.history.unavailableText')}
        action={<BackToDashboard />}
      />
    );
  }

  const results = history.data;
  if (results.length === 0) {
    return (
      <MessageCard
        headingLevel={2}
        circle="md"
        title={i18n._('questionnaire.history.emptyTitle')}
        description={i18n._('questionnaire.history.emptyText')}
        action={
          <LinkButton href="/questionnaire" iconAfter={ArrowRight} size="lg">
            {i18n._('questionnaire.history.takeFirst')}
          </LinkButton>
        }
      />
    );
  }

  const [latest, previous] = results as [(typeof results)[0], (typeof results)[0] | undefined];
  const total = results.length;

  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="text-muted-foreground">{i18n._('questionnaire.history.completedCount', { total })}</p>

      <div className="grid gap-4 sm:grid-cols-2">
        {OVERALLS.map(([, key]) => (
          <LatestScore
            key={key}
            title={
              key === 'overall6P'
                ? i18n._('questionnaire.history.latest6P')
                : i18n._('questionnaire.history.latest3C')
            }
            current={latest.scores[key]}
            previous={previous?.scores[key]}
          />
        ))}
      </div>

      <section aria-labelledby="progress-heading" className="grid min-w-0 grid-cols-1 gap-3">
        <h2 id="progress-heading" className="font-display text-2xl">
          {i18n._('questionnaire.history.progressHeading')}
        </h2>
        <Suspense
          fallback={
            <SkeletonLines
              className="grid gap-4 lg:grid-cols-2"
              lines={['h-80 rounded-2xl', 'h-80 rounded-2xl']}
            />
          }
        >
          <HistoryCharts newestFirst={results} />
        </Suspense>
      </section>

      <section aria-labelledby="all-heading" className="grid gap-3">
        <h2 id="all-heading" className="font-display text-2xl">
          {i18n._('questionnaire.history.allHeading')}
        </h2>
        <ol className="grid gap-3">
          {results.map((result, i) => {
            const number = total - i;
            const completed = result.questionnaire.completedAt ?? result.questionnaire.startedAt;
            return (
              <li key={result.questionnaire.id}>
                <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <div className="grid gap-0.5">
                    <p className="font-semibold">
                      {i18n._('questionnaire.history.assessmentNumber', { number })}
                    </p>
                    <p className="text-muted-foreground text-sm">
                      <time dateTime={completed}>{formatDateTime(completed)}</time>
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm sm:ms-auto">
                    {OVERALLS.map(([name, key]) => (
                      <span key={key}>
                        {name}{' '}
                        <span className="font-semibold tabular-nums">{formatScore(result.scores[key])}</span>
                      </span>
                    ))}
                  </div>
                  <LinkButton
                    href={`/questionnaire/${result.questionnaire.id}/results`}
                    aria-label={i18n._('questionnaire.history.viewDetailsLabel', { number })}
                    variant="outline"
                    size="sm"
                    className="self-start sm:self-center"
                  >
                    {i18n._('questionnaire.history.viewDetails')}
                  </LinkButton>
                </Card>
              </li>
            );
          })}
        </ol>
      </section>

      <BackToDashboard />
    </div>
  );
}

function LatestScore({ title, current, previous }: { title: string; current: number; previous?: number }) {
  const i18n = useNamespace('questionnaire');
  const meaningful = previous !== undefined && isMeaningfulChange(current, previous);
  return (
    <Card>
      <CardHeader className="pb-0">
        <CardHeading className="text-base text-muted-foreground">{title}</CardHeading>
      </CardHeader>
      <CardContent className="grid gap-2 pt-2">
        <p className="flex items-baseline gap-1.5">
          <span className="font-display text-4xl tabular-nums">{formatScore(current)}</span>
          <span className="text-muted-foreground text-sm">/ 5</span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <ScoreLabelBadge score={current} />
          {previous === undefined ? (
            <span className="text-muted-foreground text-sm">{i18n._('questionnaire.history.first')}</span>
          ) : (
            <span className={cn('text-sm', meaningful ? 'font-semibold' : 'text-muted-foreground')}>
              {describeChange(i18n, current, previous)}
            </span>
          )}
          {meaningful ? <Badge tone="outline">{i18n._('questionnaire.history.meaningful')}</Badge> : null}
        </div>
      </CardContent>
    </Card>
  );
}

function BackToDashboard() {
  const i18n = useNamespace('questionnaire');
  return (
    <div>
      <LinkButton href="/assessment" icon={ArrowLeft} variant="outline">
        {i18n._('questionnaire.backToDashboard')}
      </LinkButton>
    </div>
  );
}

function HistorySkeleton() {
  const i18n = useNamespace('questionnaire');
  return (
    <div className="grid gap-6" role="status" aria-label={i18n._('questionnaire.history.loading')}>
      <Skeleton className="h-5 w-40" />
      <SkeletonLines className="grid gap-4 sm:grid-cols-2" lines={['h-32 rounded-2xl', 'h-32 rounded-2xl']} />
      <Skeleton className="h-72 rounded-2xl" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-20 rounded-2xl" />
      ))}
    </div>
  );
}
