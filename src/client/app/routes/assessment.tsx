import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/page-header';
import { AssessmentDashboard } from '@client/features/questionnaire/components/assessment-dashboard';
import { useAssessmentAuthGuard } from '@client/features/questionnaire/components/use-auth-guard';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /assessment: the assessment dashboard (docs/product.md section 2). */
export default function AssessmentDashboardScreen() {
  useDocumentTitle('Assessment Dashboard');
  const { ready } = useAssessmentAuthGuard('dashboard');
  return (
    <PageContainer className="max-w-4xl py-8 sm:py-12">
      <PageHeader title="Assessment Dashboard" lead="Your latest assessment at a glance." className="mb-6" />
      <AssessmentDashboard enabled={ready} />
    </PageContainer>
  );
}
