import { Card } from '@client/components/ui/card';
import { formatPlanPrice } from '@client/features/subscriptions';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { BusinessMetrics } from '@shared/schemas/admin';
import type { ReactNode } from 'react';
import { formatCount, formatPercent, monthName } from '../format';
import { MonthsChart } from './months-chart';

/** "$1,234.50", each in its own currency and the admin's language, added up with "+"; "0" before any sale. */
function MonthlyAmounts({ amounts }: { amounts: BusinessMetrics['mrr'] }) {
  if (amounts.length === 0) return <>{formatCount(0)}</>;
  return <>{amounts.map((entry) => formatPlanPrice(entry.amountCents, entry.currency)).join(' + ')}</>;
}

export function Figure({ label, value, note }: { label: string; value: ReactNode; note: string }) {
  return (
    <Card className="grid min-w-0 content-start gap-2 p-4 sm:p-5">
      <h3 className="font-medium text-muted-foreground text-sm leading-snug">{label}</h3>
      <p className="font-display font-medium text-3xl tabular-nums tracking-tight sm:text-4xl">{value}</p>
      <p className="text-muted-foreground text-sm">{note}</p>
    </Card>
  );
}

/** A plan's billing interval by name; one Stripe may add later shows as its code. */
function intervalName(i18n: I18n, interval: string): string {
  switch (interval) {
    case 'month':
      return i18n._('admin.analytics.interval.month');
    case 'year':
      return i18n._('admin.analytics.interval.year');
    case 'week':
      return i18n._('admin.analytics.interval.week');
    case 'day':
      return i18n._('admin.analytics.interval.day');
    default:
      return interval;
  }
}

/**
 * The business (docs/product.md, "Admin", /admin/analytics): recurring revenue, subscriptions by
 * state, churn and trial conversion, revenue by plan and by offer, and twelve months of members
 * and revenue as a chart with its table beside it. The table stays visible rather than folded
 * behind a toggle: it is the only place that shows every currency and the paying count, and a
 * screen reader reaches it with no extra step.
 */
export function BusinessSection({ business }: { business: BusinessMetrics }) {
  const i18n = useNamespace('admin');
  return (
    <section aria-labelledby="analytics-business" className="grid gap-4">
      <h2 id="analytics-business" className="font-display font-medium text-2xl tracking-tight">
        {i18n._('admin.analytics.business')}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Figure
          label={i18n._('admin.analytics.mrr')}
          value={<MonthlyAmounts amounts={business.mrr} />}
          note={i18n._('admin.analytics.mrrNote')}
        />
        <Figure
          label={i18n._('admin.analytics.paying')}
          value={formatCount(business.activeSubscriptions)}
          note={i18n._('admin.analytics.cancelling', { count: business.cancellingSubscriptions })}
        />
        <Figure
          label={i18n._('admin.analytics.trialing')}
          value={formatCount(business.trialingSubscriptions)}
          note={i18n._('admin.analytics.trialingNote')}
        />
        <Figure
          label={i18n._('admin.analytics.churn')}
          value={formatPercent(business.churnRate30Days)}
          note={i18n._('admin.analytics.churnNote')}
        />
        <Figure
          label={i18n._('admin.analytics.trialConversion')}
          value={business.trialConversionRate === null ? '–' : formatPercent(business.trialConversionRate)}
          note={
            business.trialConversionRate === null
              ? i18n._('admin.analytics.noTrialEnded')
              : i18n._('admin.analytics.trialConversionNote')
          }
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="grid gap-3 p-4 sm:p-5">
          <h3 className="font-medium">{i18n._('admin.analytics.byPlan')}</h3>
          {business.byPlan.length === 0 ? (
            <p className="text-muted-foreground text-sm">{i18n._('admin.analytics.noPaid')}</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {business.byPlan.map((plan) => (
                <li
                  key={`${plan.interval}-${plan.amountCents}-${plan.currency}`}
                  className="flex justify-between gap-4"
                >
                  <span>
                    {i18n._('admin.analytics.planLine', {
                      plan: intervalName(i18n, plan.interval),
                      price: formatPlanPrice(plan.amountCents, plan.currency),
                      count: plan.subscribers,
                    })}
                  </span>
                  <span className="shrink-0 tabular-nums">
                    {i18n._('admin.analytics.perMonth', {
                      amount: formatPlanPrice(plan.mrrCents, plan.currency),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="grid gap-3 p-4 sm:p-5">
          <h3 className="font-medium">{i18n._('admin.analytics.byOffer')}</h3>
          {business.byOffer.length === 0 ? (
            <p className="text-muted-foreground text-sm">{i18n._('admin.analytics.noPaid')}</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {business.byOffer.map((offer) => (
                <li key={`${offer.code}-${offer.currency}`} className="flex justify-between gap-4">
                  <span>
                    {i18n._('admin.analytics.offerLine', {
                      offer: offer.code === 'none' ? i18n._('admin.analytics.noOffer') : offer.code,
                      count: offer.subscribers,
                    })}
                  </span>
                  <span className="shrink-0 tabular-nums">
                    {i18n._('admin.analytics.perMonth', {
                      amount: formatPlanPrice(offer.mrrCents, offer.currency),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
        <h3 className="font-medium">{i18n._('admin.analytics.monthsCaption')}</h3>
        <MonthsChart months={business.months} />
        {/* The chart's alternative, always shown: every figure, each currency, for every reader. */}
        <div className="-mx-4 overflow-x-auto sm:-mx-5">
          <table className="w-full text-sm">
            <caption className="sr-only">{i18n._('admin.analytics.monthsCaption')}</caption>
            <thead>
              <tr className="border-b text-start text-muted-foreground">
                <th scope="col" className="px-4 py-2 text-start font-medium sm:px-5">
                  {i18n._('admin.analytics.month')}
                </th>
                <th scope="col" className="px-4 py-2 text-end font-medium">
                  {i18n._('admin.analytics.members')}
                </th>
                <th scope="col" className="px-4 py-2 text-end font-medium">
                  {i18n._('admin.analytics.payingColumn')}
                </th>
                <th scope="col" className="px-4 py-2 text-end font-medium sm:px-5">
                  {i18n._('admin.analytics.recurringRevenue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {business.months.map((month) => (
                <tr key={month.month} className="border-b last:border-0">
                  <th
                    scope="row"
                    className="whitespace-nowrap px-4 py-2 text-start font-normal tabular-nums sm:px-5"
                  >
                    {monthName(month.month)}
                  </th>
                  <td className="px-4 py-2 text-end tabular-nums">{formatCount(month.members)}</td>
                  <td className="px-4 py-2 text-end tabular-nums">{formatCount(month.paidSubscriptions)}</td>
                  <td className="px-4 py-2 text-end tabular-nums sm:px-5">
                    <MonthlyAmounts amounts={month.mrr} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </section>
  );
}
