/**
 * How this instance's background jobs are doing, for `/api/health/ready` and the metrics: whether
 * the pg-boss runner is running, and each job's consecutive failures. pg-boss retries a failed run
 * twice (lib/jobs.ts), so three failures in a row is a job that keeps failing, not a blip.
 */
export const FAILURES_IN_A_ROW_UNREADY = 3;

export type JobOutcome = 'completed' | 'failed';

export type JobHealth = {
  started: () => void;
  stopped: () => void;
  recordRun: (job: string, outcome: JobOutcome) => void;
  /**
   * pg-boss's own errors (its scheduler, maintenance, lost connections), outside any job: a bad
   * schedule fails there on every cycle while no job runs. A completed run clears the count.
   */
  recordQueueError: (error: unknown) => void;
  /** What is wrong, one sentence each; empty when the runner runs and no job keeps failing. */
  problems: () => string[];
};

export function createJobHealth(onRun?: (job: string, outcome: JobOutcome) => void): JobHealth {
  let state: 'not started' | 'running' | 'stopped' = 'not started';
  const failuresInARow = new Map<string, number>();
  let queueErrors = { inARow: 0, last: '' };
  return {
    started: () => {
      state = 'running';
    },
    stopped: () => {
      state = 'stopped';
    },
    recordRun: (job, outcome) => {
      failuresInARow.set(job, outcome === 'failed' ? (failuresInARow.get(job) ?? 0) + 1 : 0);
      if (outcome === 'completed') queueErrors = { inARow: 0, last: '' };
      onRun?.(job, outcome);
    },
    recordQueueError: (error) => {
      queueErrors = {
        inARow: queueErrors.inARow + 1,
        last: error instanceof Error ? error.message : String(error),
      };
    },
    problems: () => {
      if (state === 'not started')
        return ['the job queue has not started (e-mail, notifications and backups wait; see the log)'];
      if (state === 'stopped') return ['the job queue has stopped'];
      const failing = [...failuresInARow]
        .filter(([, failures]) => failures >= FAILURES_IN_A_ROW_UNREADY)
        .map(([job, failures]) => `job ${job} failed its last ${failures} runs (see the log)`);
      if (queueErrors.inARow >= FAILURES_IN_A_ROW_UNREADY) {
        failing.push(
          `the job queue reported ${queueErrors.inARow} errors with no job completed between them (last: ${queueErrors.last})`,
        );
      }
      return failing;
    },
  };
}
