import type { BusinessMetrics } from '@shared/schemas/admin.ts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * The business as the teacher reads it (docs/product.md, "Admin", /admin/analytics), each figure
 * one SQL statement over the subscriptions table (one row per member): paid subscriptions only
 * (Stripe and the test checkout; complimentary access is not revenue), each counted at what its
 * subscriber pays per period (`amount_cents`, written with the subscription), annual plans per
 * month. A subscription written before those columns existed counts as a subscriber with no
 * amount until its next sync.
 */

const PAID = sql`provider in ('stripe', 'test')`;
const PAYING = sql`status in ('active', 'past_due')`;
/** One period's amount as a month's worth. */
const MONTHLY_CENTS = sql`(case billing_interval
  when 'year' then amount_cents / 12.0
  when 'month' then amount_cents
  when 'week' then amount_cents * 52 / 12.0
  when 'day' then amount_cents * 365 / 12.0
end)`;

const toInt = (value: unknown) => Number(value ?? 0);
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export async function getBusinessMetrics(db: Database): Promise<BusinessMetrics> {
  const [summary, mrr, byPlan, byOffer, months] = await Promise.all([
    db.execute<{
      active: string;
      trialing: string;
      cancelling: string;
      churned: string;
      trials_ended: string;
      trials_converted: string;
    }>(sql`
      select count(*) filter (where ${PAYING}) as active,
             count(*) filter (where status = 'trialing') as trialing,
             count(*) filter (where ${PAYING} and cancel_at_period_end) as cancelling,
             count(*) filter (where status = 'canceled' and canceled_at >= now() - interval '30 days'
                                and (trial_ends_at is null or canceled_at > trial_ends_at)) as churned,
             count(*) filter (where trial_ends_at <= now()) as trials_ended,
             count(*) filter (where trial_ends_at <= now()
                                and (${PAYING} or (status = 'canceled' and canceled_at > trial_ends_at))) as trials_converted
        from subscriptions
       where ${PAID}`),
    db.execute<{ currency: string; mrr: string }>(sql`
      select currency, round(sum(${MONTHLY_CENTS})) as mrr
        from subscriptions
       where ${PAID} and ${PAYING} and amount_cents is not null
       group by currency
       order by mrr desc`),
    db.execute<{
      interval: string;
      amount_cents: number;
      currency: string;
      subscribers: string;
      mrr: string;
    }>(sql`
      select billing_interval as interval, amount_cents, currency, count(*) as subscribers,
             round(sum(${MONTHLY_CENTS})) as mrr
        from subscriptions
       where ${PAID} and ${PAYING} and amount_cents is not null
       group by billing_interval, amount_cents, currency
       order by mrr desc`),
    // The offer of each paying member's last completed checkout.
    db.execute<{ code: string; currency: string; subscribers: string; mrr: string }>(sql`
      select coalesce(o.code, 'none') as code, s.currency, count(*) as subscribers,
             round(sum(${MONTHLY_CENTS})) as mrr
        from subscriptions s
        left join lateral (
          select cs.offer_id
            from checkout_sessions cs
           where cs.user_id = s.user_id and cs.status = 'complete'
           order by cs.created_at desc
           limit 1
        ) last_checkout on true
        left join offers o on o.id = last_checkout.offer_id
       where s.${PAID} and s.${PAYING} and s.amount_cents is not null
       group by 1, 2
       order by mrr desc`),
    // Members and paid MRR at each month's end (or now, for this month).
    db.execute<{
      month: string;
      members: string;
      paid: string;
      currency: string | null;
      mrr: string | null;
    }>(sql`
      with months as (
        select start, least(start + interval '1 month', now()) as upto
          from generate_series(
                 date_trunc('month', now() at time zone 'utc') at time zone 'utc' - interval '11 months',
                 date_trunc('month', now() at time zone 'utc') at time zone 'utc',
                 interval '1 month') as start
      ),
      paid as (
        select m.start, s.currency, count(*) as subscribers, round(sum(${MONTHLY_CENTS})) as mrr
          from months m
          join subscriptions s
            on s.${PAID} and s.amount_cents is not null
           and s.created_at < m.upto
           and (s.canceled_at is null or s.canceled_at >= m.upto)
           and (s.trial_ends_at is null or s.trial_ends_at < m.upto)
         group by m.start, s.currency
      )
      select to_char(m.start at time zone 'utc', 'YYYY-MM') as month,
             (select count(*) from users where created_at < m.upto) as members,
             coalesce(sum(p.subscribers) over (partition by m.start), 0) as paid,
             p.currency, p.mrr
        from months m
        left join paid p on p.start = m.start
       order by m.start, p.mrr desc nulls last`),
  ]);

  const s = summary.rows[0]!;
  const active = toInt(s.active);
  const churned = toInt(s.churned);
  const trialsEnded = toInt(s.trials_ended);
  const monthRows = new Map<string, BusinessMetrics['months'][number]>();
  for (const row of months.rows) {
    const month = monthRows.get(row.month) ?? {
      month: row.month,
      members: toInt(row.members),
      paidSubscriptions: toInt(row.paid),
      mrr: [],
    };
    if (row.currency !== null) month.mrr.push({ currency: row.currency, amountCents: toInt(row.mrr) });
    monthRows.set(row.month, month);
  }
  return {
    mrr: mrr.rows.map((row) => ({ currency: row.currency, amountCents: toInt(row.mrr) })),
    activeSubscriptions: active,
    trialingSubscriptions: toInt(s.trialing),
    cancellingSubscriptions: toInt(s.cancelling),
    churnRate30Days: active + churned === 0 ? 0 : oneDecimal((churned / (active + churned)) * 100),
    trialConversionRate:
      trialsEnded === 0 ? null : oneDecimal((toInt(s.trials_converted) / trialsEnded) * 100),
    byPlan: byPlan.rows.map((row) => ({
      interval: row.interval,
      amountCents: toInt(row.amount_cents),
      currency: row.currency,
      subscribers: toInt(row.subscribers),
      mrrCents: toInt(row.mrr),
    })),
    byOffer: byOffer.rows.map((row) => ({
      code: row.code,
      currency: row.currency,
      subscribers: toInt(row.subscribers),
      mrrCents: toInt(row.mrr),
    })),
    months: [...monthRows.values()],
  };
}
