import { formatScore, MAX_SCORE, type Scores } from '@shared/scoring';
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart } from 'recharts';
import { AXIS_TICK, ChartFigure, ChartTable } from './chart-table';
import { presenceRows, type ScoreRow, sixPRows } from './score-display';

/** One radar of scores on the 0-5 scale, with its table alternative. Loaded on demand (recharts). */
function ScoreRadar({ title, rows }: { title: string; rows: ScoreRow[] }) {
  const data = rows.map((row) => ({ name: row.title, score: Math.round(row.score * 10) / 10 }));
  return (
    <ChartFigure
      title={title}
      chartClassName="sm:h-72"
      testId={`radar-${title}`}
      table={
        <ChartTable
          caption={`${title} scores (0 to 5)`}
          columns={['Domain', 'Score']}
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
        <PolarGrid stroke="var(--color-border)" />
        <PolarAngleAxis dataKey="name" tick={AXIS_TICK} />
        <PolarRadiusAxis domain={[0, MAX_SCORE]} tickCount={6} tick={false} axisLine={false} />
        <Radar
          dataKey="score"
          stroke="var(--color-primary)"
          fill="var(--color-primary)"
          fillOpacity={0.25}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </RadarChart>
    </ChartFigure>
  );
}

export default function RadarCharts({ scores }: { scores: Scores }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <ScoreRadar title="The 6Ps" rows={sixPRows(scores.domains)} />
      <ScoreRadar title="The 3Cs" rows={presenceRows(scores.presence)} />
    </div>
  );
}
