import { PageContainer } from '@client/components/page-container';
import { AnalyticsDashboard } from '@client/features/admin/analytics/components/analytics-dashboard';

/** /admin/analytics: Analytics Dashboard (docs/product.md, "Admin"; no client-side gate, the server checks). */
export default function AdminAnalyticsRoute() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <AnalyticsDashboard />
    </PageContainer>
  );
}
