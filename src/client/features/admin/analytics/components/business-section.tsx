import { Card } from '@client/components/ui/card';
import { formatPrice } from '@shared/plan-price';
import type { BusinessMetrics } from '@shared/schemas/admin';
import type { ReactNode } from 'react';
import { formatCount, formatPercent, monthName } from '../format';

/** "$1,234.50 a month", or the amounts in each currency sold in, or "$0" before any sale. */
function MonthlyAmounts({ amounts }: { amounts: BusinessMetrics['mrr'] }) {
  if (amounts.length === 0) return <>0</>;
  return <>{amounts.map((entry) => formatPrice(entry.amountCents, entry.currency)).join(' + ')}</>;
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

const INTERVAL_NAMES: Record<string, string> = {
  month: 'Monthly',
  year: 'Annual',
  week: 'Weekly',
  day: 'Daily',
};

/**
 * The business (docs/product.md, "Admin", /admin/analytics): recurring revenue, subscriptions by
 * state, churn and trial conversion, revenue by plan and by offer, and twelve months of members
 * and revenue as a table, each month's revenue also drawn as a bar for the eye.
 */
export function BusinessSection({ business }: { business: BusinessMetrics }) {
  const largestMonth = Math.max(
    1,
    ...business.months.map((month) => month.mrr.reduce((sum, entry) => sum + entry.amountCents, 0)),
  );
  return (
    <section aria-labelledby="analytics-business" className="grid gap-4">
      <h2 id="analytics-business" className="font-display font-medium text-2xl tracking-tight">
        Business
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Figure
          label="Monthly recurring revenue"
          value={<MonthlyAmounts amounts={business.mrr} />}
          note="Paid subscriptions, annual plans per month"
        />
        <Figure
          label="Paying subscribers"
          value={formatCount(business.activeSubscriptions)}
          note={`${formatCount(business.cancellingSubscriptions)} cancelling at period end`}
        />
        <Figure
          label="In a free trial"
          value={formatCount(business.trialingSubscriptions)}
          note="Not yet paying"
        />
        <Figure
          label="Churn, last 30 days"
          value={formatPercent(business.churnRate30Days)}
          note="Paid subscriptions that ended"
        />
        <Figure
          label="Trial conversion"
          value={business.trialConversionRate === null ? '–' : formatPercent(business.trialConversionRate)}
          note={
            business.trialConversionRate === null ? 'No trial has ended yet' : 'Ended trials that became paid'
          }
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="grid gap-3 p-4 sm:p-5">
          <h3 className="font-medium">Revenue by plan</h3>
          {business.byPlan.length === 0 ? (
            <p className="text-muted-foreground text-sm">No paid subscriptions yet.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {business.byPlan.map((plan) => (
                <li
                  key={`${plan.interval}-${plan.amountCents}-${plan.currency}`}
                  className="flex justify-between gap-4"
                >
                  <span>
                    {INTERVAL_NAMES[plan.interval] ?? plan.interval} at{' '}
                    {formatPrice(plan.amountCents, plan.currency)}: {formatCount(plan.subscribers)}{' '}
                    {plan.subscribers === 1 ? 'subscriber' : 'subscribers'}
                  </span>
                  <span className="shrink-0 tabular-nums">
                    {formatPrice(plan.mrrCents, plan.currency)} a month
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="grid gap-3 p-4 sm:p-5">
          <h3 className="font-medium">Revenue by offer</h3>
          {business.byOffer.length === 0 ? (
            <p className="text-muted-foreground text-sm">No paid subscriptions yet.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {business.byOffer.map((offer) => (
                <li key={`${offer.code}-${offer.currency}`} className="flex justify-between gap-4">
                  <span>
                    {offer.code === 'none' ? 'Without an offer' : offer.code}:{' '}
                    {formatCount(offer.subscribers)} {offer.subscribers === 1 ? 'subscriber' : 'subscribers'}
                  </span>
                  <span className="shrink-0 tabular-nums">
                    {formatPrice(offer.mrrCents, offer.currency)} a month
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card className="overflow-x-auto p-0">
        <table className="w-full text-sm">
          <caption className="px-4 pt-4 text-left font-medium">Members and revenue, last 12 months</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="px-4 py-2 font-medium">
                Month
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Members
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Paying
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Recurring revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {business.months.map((month) => {
              const total = month.mrr.reduce((sum, entry) => sum + entry.amountCents, 0);
              return (
                <tr key={month.month} className="border-b last:border-0">
                  <th scope="row" className="px-4 py-2 text-left font-normal tabular-nums">
                    {monthName(month.month)}
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums">{formatCount(month.members)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    {formatCount(month.paidSubscriptions)}
                  </td>
                  <td className="px-4 py-2">
                    <span className="flex items-center gap-3">
                      <span className="w-24 shrink-0 tabular-nums">
                        <MonthlyAmounts amounts={month.mrr} />
                      </span>
                      <span
                        aria-hidden="true"
                        className="h-2 rounded-full bg-primary/70"
                        style={{
                          width: `${Math.round((total / largestMonth) * 100)}%`,
                          minWidth: total > 0 ? 4 : 0,
                        }}
                      />
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>
    </section>
  );
}
