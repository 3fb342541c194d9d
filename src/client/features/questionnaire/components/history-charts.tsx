import type { QuestionnaireResult } from '@shared/schemas/questionnaire';
import { formatScore, MAX_SCORE, PRESENCE_SUBDOMAINS, roundScore, SIX_P_DOMAINS } from '@shared/scoring';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { assessmentDayLabels } from '../history-labels';
import { AXIS_TICK, ChartFigure, ChartTable } from './chart-table';
import { DOMAIN_TITLES, PRESENCE_TITLES } from './score-display';

type Series = { key: string; title: string; color: string; value: (r: QuestionnaireResult) => number };

// Hues distinct in both themes; the tables carry the same numbers for anyone who cannot tell them apart.
const PALETTE = ['#3f8f7a', '#c9826b', '#5b7fb8', '#a77bc0', '#c79a2e', '#6f8b3d'];

const OVERALL: Series[] = [
  { key: 'overall6P', title: 'Overall 6P', color: PALETTE[0] as string, value: (r) => r.scores.overall6P },
  { key: 'overall3C', title: 'Overall 3C', color: PALETTE[1] as string, value: (r) => r.scores.overall3C },
];
const DOMAINS: Series[] = SIX_P_DOMAINS.map((d, i) => ({
  key: d,
  title: DOMAIN_TITLES[d],
  color: PALETTE[i] as string,
  value: (r) => r.scores.domains[d],
}));
const PRESENCE: Series[] = PRESENCE_SUBDOMAINS.map((d, i) => ({
  key: d,
  title: PRESENCE_TITLES[d],
  color: PALETTE[i + 2] as string,
  value: (r) => r.scores.presence[d],
}));

const completedOn = (r: QuestionnaireResult) =>
  new Date(r.questionnaire.completedAt ?? r.questionnaire.startedAt);

/** One chart of the history: its title, the scores it follows and the results, oldest first. */
type HistoryChartProps = { title: string; series: Series[]; oldestFirst: QuestionnaireResult[] };

function HistoryLineChart({ title, series, oldestFirst }: HistoryChartProps) {
  const labels = assessmentDayLabels(oldestFirst.map(completedOn));
  const data = oldestFirst.map((r, i) => ({
    n: i + 1,
    date: labels[i],
    ...Object.fromEntries(series.map((s) => [s.key, roundScore(s.value(r))])),
  }));
  return (
    <ChartFigure
      title={title}
      table={<HistoryTable title={title} series={series} oldestFirst={oldestFirst} />}
    >
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 12, bottom: 0, left: -24 }}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" />
        <XAxis
          dataKey="n"
          tickFormatter={(n: number) => data[n - 1]?.date ?? ''}
          tick={AXIS_TICK}
          stroke="var(--color-border)"
        />
        <YAxis
          domain={[0, MAX_SCORE]}
          ticks={[0, 1, 2, 3, 4, 5]}
          tick={AXIS_TICK}
          stroke="var(--color-border)"
        />
        <Tooltip
          labelFormatter={(n) => `Assessment ${n} · ${data[Number(n) - 1]?.date ?? ''}`}
          contentStyle={{
            background: 'var(--color-popover)',
            border: '1px solid var(--color-border)',
            borderRadius: 12,
            color: 'var(--color-popover-foreground)',
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.title}
            stroke={s.color}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFigure>
  );
}

export function HistoryTable({ title, series, oldestFirst }: HistoryChartProps) {
  const labels = assessmentDayLabels(oldestFirst.map(completedOn));
  return (
    <ChartTable
      caption={`${title} over time (0 to 5)`}
      columns={['Assessment', ...series.map((s) => s.title)]}
      rows={oldestFirst.map((r, i) => ({
        key: r.questionnaire.id,
        cells: [`${i + 1} (${labels[i]})`, ...series.map((s) => formatScore(s.value(r)))],
      }))}
    />
  );
}

/** The three progress charts of /assessment-history; loaded on demand with recharts. */
export default function HistoryCharts({ newestFirst }: { newestFirst: QuestionnaireResult[] }) {
  const oldestFirst = [...newestFirst].reverse();
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <HistoryLineChart title="Overall 6P and 3C" series={OVERALL} oldestFirst={oldestFirst} />
      <HistoryLineChart title="The six domains" series={DOMAINS} oldestFirst={oldestFirst} />
      <HistoryLineChart title="Calm, clear and connected" series={PRESENCE} oldestFirst={oldestFirst} />
    </div>
  );
}
