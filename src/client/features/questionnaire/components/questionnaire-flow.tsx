import { MessageCard } from '@client/components/content/state-cards';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth';
import { ApiError, getErrorMessage, getErrorStatus } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatNumber } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import type { I18n } from '@lingui/core';
import type { QuestionnaireDomain } from '@shared/schemas/questionnaire';
import { ANSWER_SCALE } from '@shared/scoring';
import { ArrowLeft, ArrowRight, Check, Lock } from 'lucide-react';
import { Progress } from 'radix-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  useCompleteQuestionnaire,
  useQuestionnaireDomains,
  useSaveResponse,
  useStartQuestionnaire,
} from '../api/questionnaire';
import { AssessmentAlert, UnavailableIcon } from './assessment-results';
import { progressTransform } from './chart-style';
import { answerLabel, areaTitle } from './score-display';

type FlatQuestion = {
  id: string;
  text: string;
  domainTitle: string;
  subdomainTitle: string | null;
};

/** The statements in order; their words come from the server in the member's language. */
function flatten(domains: QuestionnaireDomain[], i18n: I18n): FlatQuestion[] {
  return [...domains]
    .sort((a, b) => a.orderIndex - b.orderIndex)
    .flatMap((domain) =>
      [...domain.questions]
        .sort((a, b) => a.orderIndex - b.orderIndex)
        .map((question) => ({
          id: question.id,
          text: question.questionText,
          domainTitle: domain.title,
          subdomainTitle: question.presenceSubdomain ? areaTitle(i18n, question.presenceSubdomain) : null,
        })),
    );
}

/**
 * Questionnaire taking (docs/product.md, "Questionnaire" and "States and transitions"): starts (or resumes) on entry, one statement at a
 * time, each answer saved as soon as it is chosen, and the last question completes the assessment.
 */
export function QuestionnaireFlow() {
  const { authState } = useCurrentUser();
  const i18n = useNamespace('questionnaire');
  const domainsQuery = useQuestionnaireDomains();
  const start = useStartQuestionnaire();
  const questions = useMemo(() => flatten(domainsQuery.data ?? [], i18n), [domainsQuery.data, i18n]);
  const [opened, setOpened] = useState<OpenedSession | null>(null);
  const started = useRef(false);

  const ready = authState === 'signedIn' && questions.length > 0;
  const { mutate: startMutate } = start;
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    startMutate(undefined, {
      onSuccess: (next) => {
        const saved = Object.fromEntries(next.answers.map((a) => [a.questionId, a.score]));
        const firstUnanswered = questions.findIndex((q) => saved[q.id] === undefined);
        const index = firstUnanswered === -1 ? questions.length - 1 : firstUnanswered;
        setOpened({ sessionId: next.id, answers: saved, index });
      },
    });
  }, [ready, questions, startMutate]);

  if (domainsQuery.isPending || authState === 'loading') return <FlowSkeleton />;
  if (domainsQuery.isError || questions.length === 0) {
    return <AssessmentUnavailable domains={domainsQuery.data} error={domainsQuery.error} />;
  }
  if (start.isError) {
    if (getErrorStatus(start.error) === 403) return <PremiumAssessment />;
    return (
      <AssessmentAlert
        title={i18n._('questionnaire.flow.openErrorTitle')}
        description={getErrorMessage(start.error) ?? i18n._('questionnaire.flow.openErrorText')}
        action={
          <Button
            variant="outline"
            onClick={() => {
              start.reset();
              started.current = false;
              setOpened(null);
            }}
          >
            {i18n._('questionnaire.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (!opened) return <FlowSkeleton />;
  return <QuestionStepper questions={questions} opened={opened} />;
}

/** Whether the page reads right to left (the pseudo-locale ar-XB, and any such language later). */
function isRightToLeft(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
}

/** The started (or resumed) session: its saved answers, and the question to show first. */
type OpenedSession = { sessionId: string; answers: Record<string, number>; index: number };

function QuestionStepper({ questions, opened }: { questions: FlatQuestion[]; opened: OpenedSession }) {
  const { sessionId } = opened;
  const i18n = useNamespace('questionnaire');
  const [answers, setAnswers] = useState(opened.answers);
  const [index, setIndex] = useState(opened.index);
  const [, navigate] = useLocation();
  const save = useSaveResponse(sessionId);
  const complete = useCompleteQuestionnaire();
  const inFlight = useRef(new Set<Promise<unknown>>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const total = questions.length;
  const question = questions[index] as FlatQuestion;
  const answer = answers[question.id];
  const isLast = index === total - 1;
  const number = index + 1;
  const percent = (number / total) * 100;

  const progressRef = useRef<HTMLDivElement>(null);
  // Move focus to the new statement so keyboard and screen-reader users follow along, keeping the
  // progress bar in view above it.
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    progressRef.current?.scrollIntoView?.({ block: 'start' });
  }, [index]);

  function choose(value: string) {
    const score = Number(value);
    const previous = answers[question.id];
    setAnswers((current) => ({ ...current, [question.id]: score }));
    const pending = save.mutateAsync({ questionId: question.id, score }).catch((error: unknown) => {
      setAnswers((current) => {
        if (current[question.id] !== score) return current;
        const next = { ...current };
        if (previous === undefined) delete next[question.id];
        else next[question.id] = previous;
        return next;
      });
      toast({
        variant: 'destructive',
        title: i18n._('questionnaire.flow.notSavedTitle'),
        description: getErrorMessage(error) ?? i18n._('questionnaire.flow.notSavedText'),
      });
    });
    inFlight.current.add(pending);
    void pending.finally(() => inFlight.current.delete(pending));
  }

  async function next() {
    if (answer === undefined) return;
    if (!isLast) {
      setIndex(index + 1);
      return;
    }
    await Promise.all(inFlight.current);
    complete.mutate(sessionId, {
      onSuccess: () => navigate(`/questionnaire/${sessionId}/results`),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: i18n._('questionnaire.flow.completeErrorTitle'),
          description: getErrorMessage(error) ?? i18n._('questionnaire.flow.completeErrorText'),
        }),
    });
  }

  const groupLabelId = `question-${question.id}`;
  return (
    <div className="grid gap-6">
      <div ref={progressRef} className="grid scroll-mt-24 gap-2">
        <div className="flex items-baseline justify-between gap-4 text-sm">
          <p className="font-medium" aria-live="polite">
            {i18n._('questionnaire.flow.progress', { number, total })}
          </p>
          <p className="text-muted-foreground tabular-nums">
            {i18n._('questionnaire.flow.percent', {
              percent: formatNumber(percent, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
            })}
          </p>
        </div>
        <Progress.Root
          value={percent}
          aria-label={i18n._('questionnaire.flow.progressLabel')}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <Progress.Indicator
            className="h-full rounded-full bg-primary transition-transform duration-250 ease-out"
            style={{ transform: progressTransform(percent, isRightToLeft()) }}
          />
        </Progress.Root>
      </div>

      <Card>
        <CardContent className="grid gap-6 p-5 sm:p-8">
          <div className="grid gap-2">
            <p className="font-medium text-primary text-sm uppercase tracking-wide">
              {question.domainTitle}
              {question.subdomainTitle ? ` · ${question.subdomainTitle}` : null}
            </p>
            <h2
              id={groupLabelId}
              ref={headingRef}
              tabIndex={-1}
              className="font-display text-2xl leading-snug outline-none sm:text-[1.75rem]"
            >
              {question.text}
            </h2>
            <p className="text-muted-foreground text-sm">{i18n._('questionnaire.flow.prompt')}</p>
          </div>

          {/* Native radios in one named group: Tab enters it, and every arrow key moves and selects,
              the first one too, as a radio group does everywhere else. */}
          <div key={question.id} role="radiogroup" aria-labelledby={groupLabelId} className="grid gap-2">
            {ANSWER_SCALE.map((option) => {
              const id = `${question.id}-${option.score}`;
              const checked = answer === option.score;
              return (
                <label
                  key={option.score}
                  htmlFor={id}
                  className={cn(
                    'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-2.5 transition-colors duration-150',
                    'has-focus-visible:outline-2 has-focus-visible:outline-ring has-focus-visible:outline-offset-2',
                    checked ? 'border-primary bg-sage-soft' : 'bg-card hover:bg-accent',
                  )}
                >
                  <input
                    type="radio"
                    id={id}
                    name={groupLabelId}
                    value={String(option.score)}
                    checked={checked}
                    onChange={(event) => choose(event.currentTarget.value)}
                    className="size-5 shrink-0 accent-primary outline-none"
                  />
                  <span className="flex-1">{answerLabel(i18n, option.score)}</span>
                  <span className="text-muted-foreground text-sm tabular-nums" aria-hidden="true">
                    {option.score}
                  </span>
                </label>
              );
            })}
          </div>

          {/* Wraps rather than overflow: "Complete Assessment" is wider than Next on a phone. */}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button variant="outline" onClick={() => setIndex(index - 1)} disabled={index === 0}>
              <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
              {i18n._('questionnaire.flow.previous')}
            </Button>
            <Button
              className="ms-auto"
              onClick={next}
              disabled={answer === undefined}
              isPending={complete.isPending}
              pendingText={i18n._('questionnaire.flow.completing')}
            >
              {isLast ? (
                <>
                  <Check aria-hidden="true" />
                  {i18n._('questionnaire.flow.complete')}
                </>
              ) : (
                <>
                  {i18n._('questionnaire.flow.next')}
                  <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
                </>
              )}
            </Button>
          </div>
        </CardContent>
      </Card>
      <p className="text-center text-muted-foreground text-sm">{i18n._('questionnaire.flow.note')}</p>
    </div>
  );
}

function FlowSkeleton() {
  const i18n = useNamespace('questionnaire');
  return (
    <div className="grid gap-6" role="status" aria-label={i18n._('questionnaire.flow.loading')}>
      <SkeletonLines className="grid gap-2" lines={['h-5 w-40', 'h-2 w-full']} />
      <Card>
        <CardContent className="grid gap-4 p-5 sm:p-8">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-3/4" />
          {ANSWER_SCALE.map((option) => (
            <Skeleton key={option.score} className="h-12 w-full rounded-xl" />
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

function AssessmentUnavailable({ domains, error }: { domains?: QuestionnaireDomain[]; error: Error | null }) {
  const i18n = useNamespace('questionnaire');
  const debug = {
    domainsLoaded: domains?.length ?? 0,
    questionCount: domains?.reduce((n, d) => n + d.questions.length, 0) ?? 0,
    error: error instanceof ApiError ? `${error.status}: ${error.message}` : (error?.message ?? null),
  };
  return (
    <MessageCard
      headingLevel={2}
      icon={<UnavailableIcon />}
      title={i18n._('questionnaire.unavailable.title')}
      description={i18n._('questionnaire.unavailable.text')}
      link={{ href: '/', label: i18n._('questionnaire.backToHome') }}
    >
      <details className="w-full max-w-sm text-start text-sm">
        <summary className="cursor-pointer rounded-md text-muted-foreground">
          {i18n._('questionnaire.unavailable.debug')}
        </summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-muted p-3 text-xs">
          {JSON.stringify(debug, null, 2)}
        </pre>
      </details>
    </MessageCard>
  );
}

function PremiumAssessment() {
  const { name: siteName } = useSite();
  const i18n = useNamespace('questionnaire');
  return (
    <MessageCard
      headingLevel={2}
      title={
        <span className="inline-flex items-center gap-2">
          <Lock className="size-5 text-primary" strokeWidth={1.5} aria-hidden="true" />
          {i18n._('questionnaire.premium.title')}
        </span>
      }
      description={i18n._('questionnaire.premium.text', { siteName })}
      action={
        <>
          <LinkButton href="/subscribe">{i18n._('questionnaire.premium.subscribe')}</LinkButton>
          <LinkButton href="/assessment" variant="outline">
            {i18n._('questionnaire.backToDashboard')}
          </LinkButton>
        </>
      }
    />
  );
}
