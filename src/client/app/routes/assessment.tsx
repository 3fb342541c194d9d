import { PageContainer } from '@client/components/page-container';
import { AssessmentDashboard } from '@client/features/questionnaire/components/assessment-dashboard';
import { useAssessmentAuthGuard } from '@client/features/questionnaire/components/use-auth-guard';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /assessment: the assessment dashboard (docs/product.md section 2). */
export default function AssessmentDashboardScreen() {
  useDocumentTitle('Assessment Dashboard');
  const { ready } = useAssessmentAuthGuard('dashboard');
  return (
    <PageContainer className="max-w-4xl py-8 sm:py-12">
      <header className="mb-6 grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Assessment Dashboard</h1>
        <p className="text-lg text-muted-foreground">Your latest assessment at a glance.</p>
      </header>
      <AssessmentDashboard enabled={ready} />
    </PageContainer>
  );
}
