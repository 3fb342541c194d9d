import { formatPlanPrice } from '@client/features/subscriptions';
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { BusinessMetrics } from '@shared/schemas/admin';
import { useId } from 'react';
import { formatCount, monthName } from '../format';

type Month = BusinessMetrics['months'][number];

/** The drawing's own units: each month is a 10-wide column, values run 0 (bottom) to 100 (top). */
const COLUMN_WIDTH = 10;
const PLOT_HEIGHT = 100;

/** The smallest 1, 2 or 5 times a power of ten at or above `value`, so the axis ends on a round figure. */
export function roundAxisTop(value: number, smallest: number): number {
  if (value <= smallest) return smallest;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/**
 * The currency the revenue panel draws: the one that earned the most over the twelve months.
 * Amounts in different currencies cannot share an axis; the table lists every currency.
 */
export function chartCurrency(months: Month[]): string | null {
  const totals = new Map<string, number>();
  for (const month of months) {
    for (const entry of month.mrr)
      totals.set(entry.currency, (totals.get(entry.currency) ?? 0) + entry.amountCents);
  }
  let best: string | null = null;
  for (const [currency, total] of totals) {
    if (best === null || total > (totals.get(best) ?? 0)) best = currency;
  }
  return best;
}

const amountIn = (month: Month, currency: string | null) =>
  month.mrr.find((entry) => entry.currency === currency)?.amountCents ?? 0;

/** "$1,200 + €80" for a month, "0" before any sale (as the table shows it). */
const monthAmounts = (month: Month) =>
  month.mrr.length === 0
    ? formatCount(0)
    : month.mrr.map((entry) => formatPlanPrice(entry.amountCents, entry.currency)).join(' + ');

/** Three labels down the side of a panel (top, middle, bottom), centred on the panel's grid lines. */
function AxisLabels({ labels }: { labels: [string, string, string] }) {
  return (
    <div className="flex h-32 flex-col justify-between text-end tabular-nums">
      {labels.map((label, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the three positions are the identity
        <span key={index} className="leading-4">
          {label}
        </span>
      ))}
    </div>
  );
}

/** Grid lines at the top, middle and bottom of a panel; the bottom one is the baseline. */
function GridLines({ width }: { width: number }) {
  return (
    <>
      {[0, PLOT_HEIGHT / 2, PLOT_HEIGHT].map((y) => (
        <line
          key={y}
          x1="0"
          x2={width}
          y1={y}
          y2={y}
          className={y === PLOT_HEIGHT ? 'stroke-border' : 'stroke-border/60'}
          strokeWidth="1"
          strokeDasharray={y === PLOT_HEIGHT ? undefined : '3 3'}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </>
  );
}

/**
 * Twelve months of members (a line) and monthly recurring revenue (bars), in two panels over one
 * month axis: a count and an amount of money share no scale, and two panels read more plainly than
 * a chart with an axis on each side. The drawings stretch to the card's width (from 360 px up);
 * every label is HTML so it keeps its size. To assistive technology the whole chart is one image,
 * named and summed up in a sentence; the table after it holds every figure.
 */
export function MonthsChart({ months }: { months: Month[] }) {
  const i18n = useNamespace('admin');
  const summaryId = useId();
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return null;

  const width = months.length * COLUMN_WIDTH;
  const currency = chartCurrency(months);
  const membersTop = roundAxisTop(Math.max(...months.map((month) => month.members)), 2);
  const revenueTop = roundAxisTop(Math.max(...months.map((month) => amountIn(month, currency))), 200);
  const revenueLabel = (cents: number) => (currency ? formatPlanPrice(cents, currency) : '');
  const membersY = (members: number) => PLOT_HEIGHT - (members / membersTop) * PLOT_HEIGHT;
  const centreX = (index: number) => index * COLUMN_WIDTH + COLUMN_WIDTH / 2;
  const line = months.map((month, index) => `${centreX(index)},${membersY(month.members)}`).join(' ');
  const area = `${centreX(0)},${PLOT_HEIGHT} ${line} ${centreX(months.length - 1)},${PLOT_HEIGHT}`;
  const hasOtherCurrencies = months.some((month) => month.mrr.some((entry) => entry.currency !== currency));

  return (
    <figure className="grid gap-3">
      <p id={summaryId} className="text-muted-foreground text-sm">
        {i18n._('admin.analytics.chart.summary', {
          firstMonth: monthName(first.month),
          lastMonth: monthName(last.month),
          firstMembers: formatCount(first.members),
          lastMembers: formatCount(last.members),
          firstRevenue: monthAmounts(first),
          lastRevenue: monthAmounts(last),
        })}
      </p>
      <div
        role="img"
        aria-label={i18n._('admin.analytics.chart.name')}
        aria-describedby={summaryId}
        className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-1 text-muted-foreground text-xs"
      >
        <span className="col-start-2 flex items-center gap-2 font-medium text-foreground text-sm">
          <span className="h-0.5 w-4 rounded-full bg-primary" />
          {i18n._('admin.analytics.members')}
        </span>
        <AxisLabels
          labels={[
            formatCount(membersTop),
            Number.isInteger(membersTop / 2) ? formatCount(membersTop / 2) : '',
            formatCount(0),
          ]}
        />
        <div className="h-32 py-2">
          <svg
            aria-hidden="true"
            viewBox={`0 0 ${width} ${PLOT_HEIGHT}`}
            preserveAspectRatio="none"
            className="h-full w-full overflow-visible rtl:-scale-x-100"
          >
            <GridLines width={width} />
            <polygon points={area} className="fill-primary/10" />
            <polyline
              points={line}
              fill="none"
              className="stroke-primary"
              strokeWidth="2.5"
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </div>

        <span className="col-start-2 mt-3 flex items-center gap-2 font-medium text-foreground text-sm">
          <span className="size-2.5 rounded-sm bg-secondary-foreground" />
          {currency && hasOtherCurrencies
            ? i18n._('admin.analytics.chart.revenueIn', { currency: currency.toUpperCase() })
            : i18n._('admin.analytics.mrr')}
        </span>
        <AxisLabels
          labels={
            // Before the first sale there is no currency to count in: only the baseline is labelled.
            currency
              ? [revenueLabel(revenueTop), revenueLabel(revenueTop / 2), formatCount(0)]
              : ['', '', formatCount(0)]
          }
        />
        <div className="h-32 py-2">
          <svg
            aria-hidden="true"
            viewBox={`0 0 ${width} ${PLOT_HEIGHT}`}
            preserveAspectRatio="none"
            className="h-full w-full rtl:-scale-x-100"
          >
            <GridLines width={width} />
            {months.map((month, index) => {
              const barHeight = (amountIn(month, currency) / revenueTop) * PLOT_HEIGHT;
              return barHeight === 0 ? null : (
                <rect
                  key={month.month}
                  x={index * COLUMN_WIDTH + 2}
                  width={COLUMN_WIDTH - 4}
                  y={PLOT_HEIGHT - barHeight}
                  height={barHeight}
                  className="fill-secondary-foreground/80"
                />
              );
            })}
          </svg>
        </div>

        {/* The month axis: one column per month, every other label left out on a phone. */}
        <div
          className="col-start-2 grid text-center tabular-nums"
          style={{ gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))` }}
        >
          {months.map((month, index) => (
            <span
              key={month.month}
              className={(months.length - 1 - index) % 2 === 1 ? 'max-sm:invisible' : undefined}
            >
              {/* eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO date and Intl options, not words */}
              {formatDate(`${month.month}-01T00:00:00Z`, { month: 'short', timeZone: 'UTC' })}
              {(index === 0 || month.month.endsWith('-01')) && (
                <span className="block">
                  {/* eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO date and Intl options, not words */}
                  {formatDate(`${month.month}-01T00:00:00Z`, { year: 'numeric', timeZone: 'UTC' })}
                </span>
              )}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}
