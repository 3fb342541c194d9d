import { Card } from '@client/components/ui/card';
import { CardSkeleton } from '@client/features/admin/kit/card-skeleton';
import { ListSkeleton } from '@client/features/admin/kit/list-screen';
import { AdminQueryPage } from '@client/features/admin/kit/query-page';
import { cn } from '@client/lib/cn';
import type { Analytics } from '@shared/schemas/admin';
import { ArrowRight, TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAnalytics } from '../api/analytics';
import { formatCount, formatPercent, formatSignedPercent, type Trend, trendOf } from '../format';
import { BusinessSection } from './business-section';
import { ContentSection } from './content-section';

/** docs/product.md, "Constants and limits": the analytics loading state shows four skeleton cards. */
export const ANALYTICS_SKELETON_COUNT = 4;

export const NO_ANALYTICS_TITLE = 'No analytics data available';
export const NO_ANALYTICS_DESCRIPTION = 'Unable to load analytics data at this time.';

const TREND_STYLES: Record<Trend, { icon: typeof TrendingUp; className: string; label: string }> = {
  up: { icon: TrendingUp, className: 'text-emerald-700 dark:text-emerald-300', label: 'Up' },
  down: { icon: TrendingDown, className: 'text-red-700 dark:text-red-300', label: 'Down' },
  flat: { icon: ArrowRight, className: 'text-muted-foreground', label: 'No change' },
};

/** Growth vs last month: signed, one decimal, an arrow in green, red or grey (docs/product.md, "Admin"). */
export function GrowthIndicator({ value }: { value: number }) {
  const trend = trendOf(value);
  const { icon: Icon, className, label } = TREND_STYLES[trend];
  return (
    <p className={cn('flex items-start gap-1.5 font-medium text-sm', className)} data-trend={trend}>
      <Icon className="mt-0.5 size-4 shrink-0" strokeWidth={2} aria-hidden="true" />
      <span className="sr-only">{label}: </span>
      <span>
        <span className="tabular-nums">{formatSignedPercent(value)}</span>{' '}
        <span className="font-normal text-muted-foreground">vs last month</span>
      </span>
    </p>
  );
}

function MetricCard({ label, value, children }: { label: string; value: number; children?: ReactNode }) {
  return (
    <Card className="grid min-w-0 content-start gap-2 p-4 sm:p-5">
      <h3 className="font-medium text-muted-foreground text-sm leading-snug">{label}</h3>
      <p className="font-display font-medium text-3xl tabular-nums tracking-tight sm:text-4xl">
        {formatCount(value)}
      </p>
      {children && <div className="text-muted-foreground text-sm">{children}</div>}
    </Card>
  );
}

function MetricSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="font-display font-medium text-2xl tracking-tight">
        {title}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">{children}</div>
    </section>
  );
}

type MetricRow<Key extends string> = readonly [label: string, key: Key, note: string];

/** The content and community cards: a count and a line saying what it counts. */
const CONTENT_CARDS: MetricRow<keyof Analytics['contentMetrics']>[] = [
  ['Total Videos', 'totalVideos', 'Videos, audio, posts and events'],
  ['Published Videos', 'publishedVideos', 'Visible to members'],
  ['Premium Videos', 'premiumVideos', 'For subscribers'],
  ['Free Videos', 'freeVideos', 'Open to every member'],
];
const COMMUNITY_CARDS: MetricRow<keyof Analytics['communityMetrics']>[] = [
  ['Total Forums', 'totalForums', 'Discussion spaces'],
  ['Active Forums', 'activeForums', 'Open for posts'],
  ['Total Posts', 'totalPosts', 'Across every forum'],
  ['Posts This Month', 'postsThisMonth', 'Since the 1st'],
];

function MetricCards<Key extends string>({
  rows,
  values,
}: {
  rows: readonly MetricRow<Key>[];
  values: Record<Key, number>;
}) {
  return rows.map(([label, key, note]) => (
    <MetricCard key={key} label={label} value={values[key]}>
      {note}
    </MetricCard>
  ));
}

function AnalyticsView({ data }: { data: Analytics }) {
  const { userMetrics, subscriptionMetrics, contentMetrics, communityMetrics } = data;
  return (
    <div className="grid gap-10">
      <MetricSection id="analytics-users" title="User Metrics">
        <MetricCard label="Total Users" value={userMetrics.totalUsers}>
          All registered accounts
        </MetricCard>
        <MetricCard label="Active Subscriptions" value={userMetrics.activeSubscriptions}>
          <span className="font-medium text-foreground tabular-nums">
            {formatPercent(subscriptionMetrics.conversionRate)}
          </span>{' '}
          conversion rate
        </MetricCard>
        <MetricCard label="New Users This Month" value={userMetrics.newUsersThisMonth}>
          <GrowthIndicator value={userMetrics.userGrowth} />
        </MetricCard>
        <MetricCard label="Free Users" value={userMetrics.freeUsers}>
          Without an active subscription
        </MetricCard>
      </MetricSection>

      <BusinessSection business={data.business} />

      <MetricSection id="analytics-content" title="Content Metrics">
        <MetricCards rows={CONTENT_CARDS} values={contentMetrics} />
      </MetricSection>

      <ContentSection />

      <MetricSection id="analytics-community" title="Community Metrics">
        <MetricCards rows={COMMUNITY_CARDS} values={communityMetrics} />
      </MetricSection>

      <section aria-labelledby="analytics-downloads" className="grid gap-4">
        <h2 id="analytics-downloads" className="font-display font-medium text-2xl tracking-tight">
          Offline Downloads
        </h2>
        {data.topDownloads.length === 0 ? (
          <p className="text-muted-foreground">No sessions have been downloaded yet.</p>
        ) : (
          <Card className="p-0">
            <ol className="divide-y">
              {data.topDownloads.map((entry) => (
                <li key={entry.videoId} className="flex items-center justify-between gap-4 px-4 py-3">
                  <span className="min-w-0 truncate">{entry.title}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {entry.downloads} {entry.downloads === 1 ? 'download' : 'downloads'}
                  </span>
                </li>
              ))}
            </ol>
          </Card>
        )}
      </section>
    </div>
  );
}

/**
 * /admin/analytics (docs/product.md, "Admin"). docs/product.md, "Roles and permissions": no client-side gate; a refusal by the
 * server (a member, or signed out) is shown as Access Denied, any other failure as "no data".
 */
export function AnalyticsDashboard() {
  return (
    <AdminQueryPage
      query={useAnalytics()}
      title="Analytics Dashboard"
      description="Platform metrics and insights"
      loading={
        <ListSkeleton
          label="Loading analytics"
          count={ANALYTICS_SKELETON_COUNT}
          gridClassName="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
          skeleton={() => (
            <CardSkeleton
              className="p-4 sm:p-5"
              data-testid="analytics-skeleton"
              parts={[{ className: 'grid gap-3', parts: ['h-3.5 w-24', 'h-9 w-16', 'h-3.5 w-28'] }]}
            />
          )}
        />
      }
      loadError={{ title: NO_ANALYTICS_TITLE, description: NO_ANALYTICS_DESCRIPTION }}
    >
      {(data) => <AnalyticsView data={data} />}
    </AdminQueryPage>
  );
}
