import { formatScore, MAX_SCORE, type Scores } from '@shared/scoring';
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer } from 'recharts';
import { ChartTable } from './chart-table';
import { presenceRows, type ScoreRow, sixPRows } from './score-display';

/** One radar of scores on the 0-5 scale, with its table alternative. Loaded on demand (recharts). */
function ScoreRadar({ title, rows }: { title: string; rows: ScoreRow[] }) {
  const data = rows.map((row) => ({ name: row.title, score: Math.round(row.score * 10) / 10 }));
  return (
    <figure className="grid min-w-0 gap-2 rounded-2xl border bg-card p-4" data-testid={`radar-${title}`}>
      <figcaption className="font-medium">{title}</figcaption>
      <div className="h-64 w-full sm:h-72" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <RadarChart
            accessibilityLayer={false}
            data={data}
            outerRadius="70%"
            margin={{ top: 8, right: 24, bottom: 8, left: 24 }}
          >
            <PolarGrid stroke="var(--color-border)" />
            <PolarAngleAxis dataKey="name" tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }} />
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
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={`${title} scores (0 to 5)`}
        columns={['Domain', 'Score']}
        rows={rows.map((row) => ({ key: row.key, cells: [row.title, formatScore(row.score)] }))}
      />
    </figure>
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
