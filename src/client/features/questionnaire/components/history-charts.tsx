import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { QuestionnaireResult } from '@shared/schemas/questionnaire';
import { MAX_SCORE, PRESENCE_SUBDOMAINS, roundScore, SIX_P_DOMAINS } from '@shared/scoring';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { assessmentDayLabels } from '../history-labels';
import { AXIS_TICK, GRID_DASH, GRID_STROKE, TOOLTIP_STYLE } from './chart-style';
import { ChartFigure, ChartTable } from './chart-table';
import { areaTitle, formatScore } from './score-display';

type Series = { key: string; title: string; color: string; value: (r: QuestionnaireResult) => number };

// Hues distinct in both themes; the tables carry the same numbers for anyone who cannot tell them apart.
const PALETTE = ['#3f8f7a', '#c9826b', '#5b7fb8', '#a77bc0', '#c79a2e', '#6f8b3d'];

const overallSeries = (i18n: I18n): Series[] => [
  {
    key: 'overall6P',
    title: i18n._('questionnaire.overall6P'),
    color: PALETTE[0] as string,
    value: (r) => r.scores.overall6P,
  },
  {
    key: 'overall3C',
    title: i18n._('questionnaire.overall3C'),
    color: PALETTE[1] as string,
    value: (r) => r.scores.overall3C,
  },
];
const domainSeries = (i18n: I18n): Series[] =>
  SIX_P_DOMAINS.map((d, i) => ({
    key: d,
    title: areaTitle(i18n, d),
    color: PALETTE[i] as string,
    value: (r) => r.scores.domains[d],
  }));
const presenceSeries = (i18n: I18n): Series[] =>
  PRESENCE_SUBDOMAINS.map((d, i) => ({
    key: d,
    title: areaTitle(i18n, d),
    color: PALETTE[i + 2] as string,
    value: (r) => r.scores.presence[d],
  }));

const completedOn = (r: QuestionnaireResult) =>
  new Date(r.questionnaire.completedAt ?? r.questionnaire.startedAt);

/** One chart of the history: its title, the scores it follows and the results, oldest first. */
type HistoryChartProps = { title: string; series: Series[]; oldestFirst: QuestionnaireResult[] };

function HistoryLineChart({ title, series, oldestFirst }: HistoryChartProps) {
  const i18n = useNamespace('questionnaire');
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
        <CartesianGrid stroke={GRID_STROKE} strokeDasharray={GRID_DASH} />
        <XAxis
          dataKey="n"
          tickFormatter={(n: number) => data[n - 1]?.date ?? ''}
          tick={AXIS_TICK}
          stroke={GRID_STROKE}
        />
        <YAxis domain={[0, MAX_SCORE]} ticks={[0, 1, 2, 3, 4, 5]} tick={AXIS_TICK} stroke={GRID_STROKE} />
        <Tooltip
          labelFormatter={(n) =>
            i18n._('questionnaire.charts.tooltip', { number: n, date: data[Number(n) - 1]?.date ?? '' })
          }
          contentStyle={TOOLTIP_STYLE}
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
  const i18n = useNamespace('questionnaire');
  const labels = assessmentDayLabels(oldestFirst.map(completedOn));
  return (
    <ChartTable
      caption={i18n._('questionnaire.charts.historyCaption', { title })}
      columns={[i18n._('questionnaire.charts.assessmentColumn'), ...series.map((s) => s.title)]}
      rows={oldestFirst.map((r, i) => ({
        key: r.questionnaire.id,
        cells: [`${i + 1} (${labels[i]})`, ...series.map((s) => formatScore(s.value(r)))],
      }))}
    />
  );
}

/** The three progress charts of /assessment-history; loaded on demand with recharts. */
export default function HistoryCharts({ newestFirst }: { newestFirst: QuestionnaireResult[] }) {
  const i18n = useNamespace('questionnaire');
  const oldestFirst = [...newestFirst].reverse();
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <HistoryLineChart
        title={i18n._('questionnaire.charts.overall')}
        series={overallSeries(i18n)}
        oldestFirst={oldestFirst}
      />
      <HistoryLineChart
        title={i18n._('questionnaire.charts.domains')}
        series={domainSeries(i18n)}
        oldestFirst={oldestFirst}
      />
      <HistoryLineChart
        title={i18n._('questionnaire.charts.presence')}
        series={presenceSeries(i18n)}
        oldestFirst={oldestFirst}
      />
    </div>
  );
}
