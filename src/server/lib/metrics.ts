/**
 * The few Prometheus metric types `GET /metrics` needs, written out in the text exposition format
 * (https://prometheus.io/docs/instrumenting/exposition_formats/). No client library: counters,
 * gauges and one histogram family are a few lines each.
 */
export type Labels = Record<string, string>;

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

export function formatLabels(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([name, value]) => `${name}="${escapeLabel(value)}"`).join(',')}}`;
}

const formatNumber = (value: number) =>
  Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN';

/** One metric family: its HELP and TYPE lines, then one line per sample. */
export function family(
  name: string,
  type: 'counter' | 'gauge' | 'histogram',
  help: string,
  samples: Array<{ labels?: Labels; value: number; suffix?: string }>,
): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const sample of samples) {
    lines.push(
      `${name}${sample.suffix ?? ''}${formatLabels(sample.labels ?? {})} ${formatNumber(sample.value)}`,
    );
  }
  return lines.join('\n');
}

/** Request latency buckets in seconds, from a cached answer to a slow report. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Series = { labels: Labels; buckets: number[]; sum: number; count: number };

/** A histogram keyed by its labels; `samples()` gives Prometheus's cumulative buckets, sum and count. */
export function createHistogram(bounds = LATENCY_BUCKETS) {
  const series = new Map<string, Series>();
  /** The series for these labels: keep it to observe many values without formatting labels again. */
  const seriesFor = (labels: Labels) => {
    const key = formatLabels(labels);
    let entry = series.get(key);
    if (!entry) {
      entry = { labels, buckets: bounds.map(() => 0), sum: 0, count: 0 };
      series.set(key, entry);
    }
    const found = entry;
    return {
      observe(value: number) {
        for (let index = 0; index < bounds.length; index += 1)
          if (value <= bounds[index]!) found.buckets[index]! += 1;
        found.sum += value;
        found.count += 1;
      },
    };
  };
  return {
    series: seriesFor,
    observe(labels: Labels, value: number) {
      seriesFor(labels).observe(value);
    },
    /** Request counts per label set (the histogram's `_count`), for a plain counter family. */
    counts: () => [...series.values()].map((entry) => ({ labels: entry.labels, value: entry.count })),
    samples() {
      return [...series.values()].flatMap((entry) => [
        ...bounds.map((bound, index) => ({
          suffix: '_bucket',
          labels: { ...entry.labels, le: String(bound) },
          value: entry.buckets[index]!,
        })),
        { suffix: '_bucket', labels: { ...entry.labels, le: '+Inf' }, value: entry.count },
        { suffix: '_sum', labels: entry.labels, value: entry.sum },
        { suffix: '_count', labels: entry.labels, value: entry.count },
      ]);
    },
  };
}
