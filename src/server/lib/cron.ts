import { CronExpressionParser } from 'cron-parser';

/**
 * What is wrong with a cron expression, or undefined when pg-boss can run it. pg-boss parses
 * schedules with cron-parser when a job is due, so a bad one fails there, every minute, for every
 * job of the queue; parsing it at start turns that into a refused start with a readable message.
 * Five fields only: cron-parser also takes four (and a sixth for seconds), which reads as a typo.
 */
export function cronProblem(expression: string): string | undefined {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) {
    return `has ${fields.length} fields; a cron expression has five (minute hour day-of-month month day-of-week), e.g. "15 3 * * *"`;
  }
  try {
    CronExpressionParser.parse(expression, { tz: 'UTC' });
    return undefined;
  } catch (error) {
    return `is not a valid cron expression (${error instanceof Error ? error.message : String(error)}); five fields in UTC, e.g. "15 3 * * *"`;
  }
}
