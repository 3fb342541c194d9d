import { useNamespace } from '@client/lib/i18n';
import { MAX_SCORE, type Scores } from '@shared/scoring';
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart } from 'recharts';
import { AXIS_TICK, GRID_STROKE, SCORE_COLOR } from './chart-style';
import { ChartFigure, ChartTable } from './chart-table';
import { formatScore, presenceRows, type ScoreRow, sixPRows } from './score-display';

/** One radar of scores on the 0-5 scale, with its table alternative. Loaded on demand (recharts). */
function ScoreRadar({ title, rows }: { title: string; rows: ScoreRow[] }) {
  const i18n = useNamespace('questionnaire');
  const data = rows.map((row) => ({ name: row.title, score: Math.round(row.score * 10) / 10 }));
  return (
    <ChartFigure
      title={title}
      chartClassName="sm:h-72"
      testId={`radar-${title}`}
      table={
        <ChartTable
          caption={i18n._('questionnaire.charts.radarCaption', { title })}
          columns={[i18n._('questionnaire.charts.domainColumn'), i18n._('questionnaire.charts.scoreColumn')]}
          rows={rows.map((row) => ({ key: row.key, cells: [row.title, formatScore(row.score)] }))}
        />
      }
    >
      <RadarChart
        accessibilityLayer={false}
        data={data}
        outerRadius="70%"
        margin={{ top: 8, right: 24, bottom: 8, left: 24 }}
      >
        <PolarGrid stroke={GRID_STROKE} />
        <PolarAngleAxis dataKey="name" tick={AXIS_TICK} />
        <PolarRadiusAxis domain={[0, MAX_SCORE]} tickCount={6} tick={false} axisLine={false} />
        <Radar
          dataKey="score"
          stroke={SCORE_COLOR}
          fill={SCORE_COLOR}
          fillOpacity={0.25}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </RadarChart>
    </ChartFigure>
  );
}

export default function RadarCharts({ scores }: { scores: Scores }) {
  const i18n = useNamespace('questionnaire');
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <ScoreRadar title={i18n._('questionnaire.sixPs')} rows={sixPRows(i18n, scores.domains)} />
      <ScoreRadar title={i18n._('questionnaire.threeCs')} rows={presenceRows(i18n, scores.presence)} />
    </div>
  );
}
