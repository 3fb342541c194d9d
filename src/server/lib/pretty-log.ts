/**
 * Development logs in a terminal: each JSON line pino writes becomes one short readable line
 * (`14:02:07 GET /api/library 200 4 ms`). Production and non-terminals keep pino's JSON lines.
 */
const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

type LogLine = {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { stack?: string; message?: string };
};

export function formatLogLine(line: string): string {
  let entry: LogLine;
  try {
    entry = JSON.parse(line) as LogLine;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  if (entry.req?.method && entry.res?.statusCode !== undefined) {
    const took = entry.responseTime === undefined ? '' : ` ${Math.round(entry.responseTime)} ms`;
    return `${time} ${entry.req.method} ${entry.req.url ?? ''} ${entry.res.statusCode}${took}\n`;
  }
  const level = LEVELS[entry.level ?? 30] ?? 'info';
  const detail = entry.err
    ? `\n  ${(entry.err.stack ?? entry.err.message ?? '').replace(/\n/g, '\n  ')}`
    : '';
  return `${time} ${level === 'info' ? '' : `${level} `}${entry.msg ?? ''}${detail}\n`;
}

export function prettyLogStream(out: { write: (text: string) => unknown }): {
  write: (line: string) => void;
} {
  return { write: (line) => void out.write(formatLogLine(line)) };
}
