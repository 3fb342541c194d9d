import { BreathingCircle } from '@client/components/breathing-circle';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/features/auth';
import { useNamespace } from '@client/lib/i18n';
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
  const i18n = useNamespace('questionnaire');
  const latest = useLatestQuestionnaire(enabled);
  const access = useAssessmentAccess(enabled);
  const domains = useQuestionnaireDomains();

  if (!enabled || latest.isPending) return <DashboardSkeleton />;
  if (latest.isError) {
    return (
      <AssessmentAlert
        title={i18n._('questionnaire.dashboard.unavailableTitle')}
        description={i18n._('questionnaire.dashboard.unavailableText')}
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
          <CardHeading>{i18n._('questionnaire.dashboard.latest')}</CardHeading>
          <CompletedOn
            questionnaire={questionnaire}
            format={formatDateTime}
            className="text-muted-foreground text-sm"
          />
        </CardHeader>
        <OverallScores
          scores={scores}
          subtitles={[
            i18n._('questionnaire.dashboard.sixPSubtitle'),
            i18n._('questionnaire.dashboard.threeCSubtitle'),
          ]}
          className="p-6"
        />
      </Card>

      <ScoreCards scores={scores} descriptions={descriptions} Heading={CardHeading} />

      <SupportPanel scores={scores} />
      <SuggestedPractices suggestions={suggestions} />

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <LinkButton href={`/questionnaire/${questionnaire.id}/results`} iconAfter={ArrowRight}>
          {i18n._('questionnaire.dashboard.viewResults')}
        </LinkButton>
        {retakeAllowed ? (
          <>
            <LinkButton href="/questionnaire" icon={RotateCcw} variant="outline">
              {i18n._('questionnaire.dashboard.retake')}
            </LinkButton>
            <LinkButton href="/assessment-history" icon={ChartLine} variant="outline">
              {i18n._('questionnaire.dashboard.viewHistory')}
            </LinkButton>
          </>
        ) : (
          <LinkButton href="/subscribe" icon={Lock} variant="outline">
            {i18n._('questionnaire.dashboard.retakePremium')}
          </LinkButton>
        )}
      </div>
    </div>
  );
}

function WelcomeCard() {
  const i18n = useNamespace('questionnaire');
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <BreathingCircle size="md" />
      <h2 className="font-display font-medium text-2xl">{i18n._('questionnaire.welcome.title')}</h2>
      <p className="max-w-md text-muted-foreground">{i18n._('questionnaire.welcome.text')}</p>
      <LinkButton href="/questionnaire" iconAfter={ArrowRight} size="lg">
        {i18n._('questionnaire.welcome.start')}
      </LinkButton>
      <p className="text-muted-foreground text-sm">{i18n._('questionnaire.welcome.note')}</p>
    </Card>
  );
}

function DashboardSkeleton() {
  const i18n = useNamespace('questionnaire');
  return (
    <div className="grid gap-6" role="status" aria-label={i18n._('questionnaire.dashboard.loading')}>
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
