import { Card } from '@client/components/ui/card';
import { CardSkeleton } from '@client/features/admin/kit/card-skeleton';
import { ListSkeleton } from '@client/features/admin/kit/list-screen';
import { AdminQueryPage } from '@client/features/admin/kit/query-page';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import type { Analytics } from '@shared/schemas/admin';
import { ArrowRight, TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAnalytics } from '../api/analytics';
import { formatCount, formatPercent, formatSignedPercent, type Trend, trendOf } from '../format';
import { BusinessSection } from './business-section';
import { ContentSection } from './content-section';

/** docs/product.md, "Constants and limits": the analytics loading state shows four skeleton cards. */
export const ANALYTICS_SKELETON_COUNT = 4;

const TREND_STYLES: Record<Trend, { icon: typeof TrendingUp; className: string }> = {
  up: { icon: TrendingUp, className: 'text-emerald-700 dark:text-emerald-300' },
  down: { icon: TrendingDown, className: 'text-red-700 dark:text-red-300' },
  flat: { icon: ArrowRight, className: 'text-muted-foreground rtl:-scale-x-100' },
};

/** What the arrow shows, for screen readers. */
function trendLabel(i18n: I18n, trend: Trend): string {
  if (trend === 'up') return i18n._('admin.analytics.trend.up');
  if (trend === 'down') return i18n._('admin.analytics.trend.down');
  return i18n._('admin.analytics.trend.flat');
}

/** Growth vs last month: signed, one decimal, an arrow in green, red or grey (docs/product.md, "Admin"). */
export function GrowthIndicator({ value }: { value: number }) {
  const i18n = useNamespace('admin');
  const trend = trendOf(value);
  const { icon: Icon, className } = TREND_STYLES[trend];
  return (
    <p className={cn('flex items-start gap-1.5 font-medium text-sm', className)} data-trend={trend}>
      <Icon className="mt-0.5 size-4 shrink-0" strokeWidth={2} aria-hidden="true" />
      <span className="sr-only">
        {i18n._('admin.analytics.trend.prefix', { trend: trendLabel(i18n, trend) })}
      </span>
      <span>
        <Trans
          id="admin.analytics.growth"
          values={{ change: formatSignedPercent(value) }}
          components={{
            0: <span className="tabular-nums" />,
            1: <span className="font-normal text-muted-foreground" />,
          }}
        />
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

/** The content cards: a count and a line saying what it counts. */
function contentCards(i18n: I18n): MetricRow<keyof Analytics['contentMetrics']>[] {
  return [
    [i18n._('admin.analytics.totalVideos'), 'totalVideos', i18n._('admin.analytics.totalVideosNote')],
    [
      i18n._('admin.analytics.publishedVideos'),
      'publishedVideos',
      i18n._('admin.analytics.publishedVideosNote'),
    ],
    [i18n._('admin.analytics.premiumVideos'), 'premiumVideos', i18n._('admin.analytics.premiumVideosNote')],
    [i18n._('admin.analytics.freeVideos'), 'freeVideos', i18n._('admin.analytics.freeVideosNote')],
  ];
}

/** The community cards, the same way. */
function communityCards(i18n: I18n): MetricRow<keyof Analytics['communityMetrics']>[] {
  return [
    [i18n._('admin.analytics.totalForums'), 'totalForums', i18n._('admin.analytics.totalForumsNote')],
    [i18n._('admin.analytics.activeForums'), 'activeForums', i18n._('admin.analytics.activeForumsNote')],
    [i18n._('admin.analytics.totalPosts'), 'totalPosts', i18n._('admin.analytics.totalPostsNote')],
    [
      i18n._('admin.analytics.postsThisMonth'),
      'postsThisMonth',
      i18n._('admin.analytics.postsThisMonthNote'),
    ],
  ];
}

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
  const i18n = useNamespace('admin');
  const { userMetrics, subscriptionMetrics, contentMetrics, communityMetrics } = data;
  return (
    <div className="grid gap-10">
      <MetricSection id="analytics-users" title={i18n._('admin.analytics.userMetrics')}>
        <MetricCard label={i18n._('admin.analytics.totalUsers')} value={userMetrics.totalUsers}>
          {i18n._('admin.analytics.totalUsersNote')}
        </MetricCard>
        <MetricCard
          label={i18n._('admin.analytics.activeSubscriptions')}
          value={userMetrics.activeSubscriptions}
        >
          <Trans
            id="admin.analytics.conversionRate"
            values={{ rate: formatPercent(subscriptionMetrics.conversionRate) }}
            components={{ 0: <span className="font-medium text-foreground tabular-nums" /> }}
          />
        </MetricCard>
        <MetricCard label={i18n._('admin.analytics.newUsers')} value={userMetrics.newUsersThisMonth}>
          <GrowthIndicator value={userMetrics.userGrowth} />
        </MetricCard>
        <MetricCard label={i18n._('admin.analytics.freeUsers')} value={userMetrics.freeUsers}>
          {i18n._('admin.analytics.freeUsersNote')}
        </MetricCard>
      </MetricSection>

      <BusinessSection business={data.business} />

      <MetricSection id="analytics-content" title={i18n._('admin.analytics.contentMetrics')}>
        <MetricCards rows={contentCards(i18n)} values={contentMetrics} />
      </MetricSection>

      <ContentSection />

      <MetricSection id="analytics-community" title={i18n._('admin.analytics.communityMetrics')}>
        <MetricCards rows={communityCards(i18n)} values={communityMetrics} />
      </MetricSection>

      <section aria-labelledby="analytics-downloads" className="grid gap-4">
        <h2 id="analytics-downloads" className="font-display font-medium text-2xl tracking-tight">
          {i18n._('admin.analytics.downloads')}
        </h2>
        {data.topDownloads.length === 0 ? (
          <p className="text-muted-foreground">{i18n._('admin.analytics.noDownloads')}</p>
        ) : (
          <Card className="p-0">
            <ol className="divide-y">
              {data.topDownloads.map((entry) => (
                <li key={entry.videoId} className="flex items-center justify-between gap-4 px-4 py-3">
                  <span className="min-w-0 truncate">{entry.title}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {i18n._('admin.analytics.downloadCount', { count: entry.downloads })}
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

// The skeleton's bars are class lists, not words.
// eslint-disable-next-line lingui/no-unlocalized-strings
const SKELETON_PARTS = [{ className: 'grid gap-3', parts: ['h-3.5 w-24', 'h-9 w-16', 'h-3.5 w-28'] }];

/**
 * /admin/analytics (docs/product.md, "Admin"). docs/product.md, "Roles and permissions": no client-side gate; a refusal by the
 * server (a member, or signed out) is shown as Access Denied, any other failure as "no data".
 */
export function AnalyticsDashboard() {
  const i18n = useNamespace('admin');
  return (
    <AdminQueryPage
      query={useAnalytics()}
      title={i18n._('admin.analytics.title')}
      description={i18n._('admin.analytics.lede')}
      loading={
        <ListSkeleton
          label={i18n._('admin.analytics.loading')}
          count={ANALYTICS_SKELETON_COUNT}
          gridClassName="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
          skeleton={() => (
            <CardSkeleton className="p-4 sm:p-5" data-testid="analytics-skeleton" parts={SKELETON_PARTS} />
          )}
        />
      }
      loadError={{
        title: i18n._('admin.analytics.noData'),
        description: i18n._('admin.analytics.noDataText'),
      }}
    >
      {(data) => <AnalyticsView data={data} />}
    </AdminQueryPage>
  );
}
