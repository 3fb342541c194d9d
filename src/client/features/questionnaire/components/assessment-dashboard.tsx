import { BreathingCircle } from '@client/components/breathing-circle';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/features/auth';
import { canTakeAssessment } from '@shared/entitlements';
import { ArrowRight, ChartLine, Lock, RotateCcw } from 'lucide-react';
import { useAssessmentAccess, useLatestQuestionnaire, useQuestionnaireDomains } from '../api/questionnaire';
import { AssessmentAlert, SupportPanel } from './assessment-results';
import {
  CardHeading,
  CompletedOn,
  domainDescriptions,
  formatDateTime,
  OverallScores,
  ScoreCards,
} from './score-display';
import { SuggestedPractices } from './suggested-practices';

/** /assessment (docs/product.md, "Questionnaire"): the latest assessment at a glance, and what to do next. */
export function AssessmentDashboard({ enabled = true }: { enabled?: boolean }) {
  const { user } = useCurrentUser();
  const latest = useLatestQuestionnaire(enabled);
  const access = useAssessmentAccess(enabled);
  const domains = useQuestionnaireDomains();

  if (!enabled || latest.isPending) return <DashboardSkeleton />;
  if (latest.isError) {
    return (
      <AssessmentAlert
        title="Dashboard Unavailable"
        description="Unable to load your latest assessment. Please try again in a moment."
      />
    );
  }
  if (!latest.data) return <WelcomeCard />;

  const { questionnaire, scores, suggestions } = latest.data;
  const descriptions = domainDescriptions(domains.data);
  const retakeAllowed = access.data?.canStart ?? canTakeAssessment(user, 1);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardHeading>Your latest assessment</CardHeading>
          <CompletedOn
            questionnaire={questionnaire}
            format={formatDateTime}
            className="text-muted-foreground text-sm"
          />
        </CardHeader>
        <OverallScores
          scores={scores}
          subtitles={['Your life domains', 'Calm, clear, connected']}
          className="p-6"
        />
      </Card>

      <ScoreCards scores={scores} descriptions={descriptions} Heading={CardHeading} />

      <SupportPanel scores={scores} />
      <SuggestedPractices suggestions={suggestions} />

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <LinkButton href={`/questionnaire/${questionnaire.id}/results`} iconAfter={ArrowRight}>
          View Detailed Results
        </LinkButton>
        {retakeAllowed ? (
          <>
            <LinkButton href="/questionnaire" icon={RotateCcw} variant="outline">
              Retake Assessment
            </LinkButton>
            <LinkButton href="/assessment-history" icon={ChartLine} variant="outline">
              View Progress History
            </LinkButton>
          </>
        ) : (
          <LinkButton href="/subscribe" icon={Lock} variant="outline">
            Retake Assessment (Premium)
          </LinkButton>
        )}
      </div>
    </div>
  );
}

function WelcomeCard() {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <BreathingCircle size="md" />
      <h2 className="font-display font-medium text-2xl">Welcome to your assessment</h2>
      <p className="max-w-md text-muted-foreground">
        A few quiet minutes with 39 short statements about the past two weeks. You will see how your 6Ps and
        3Cs are aligned, and where a little care could help.
      </p>
      <LinkButton href="/questionnaire" iconAfter={ArrowRight} size="lg">
        Start Assessment
      </LinkButton>
      <p className="text-muted-foreground text-sm">
        A reflection tool, not a diagnosis. Your first one is free.
      </p>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading your dashboard">
      <Card>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-36 rounded-2xl" />
          <Skeleton className="h-36 rounded-2xl" />
        </CardContent>
      </Card>
      <SkeletonLines className="grid gap-6 md:grid-cols-2" lines={['h-80 rounded-2xl', 'h-56 rounded-2xl']} />
    </div>
  );
}
