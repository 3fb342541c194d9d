import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export async function isDatabaseHealthy(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export type HealthProbe = {
  /** Healthy? Asks the database at most once per period; concurrent callers share the question. */
  check: () => Promise<boolean>;
  /** True when the last answer was healthy and is still within its period (no database call). */
  isFreshlyHealthy: () => boolean;
};

/**
 * The health answer, checked against the database at most once per `ttlMs`: concurrent probes
 * share one query, so a load balancer (or a flood of checks) never queues on the pool. A failure
 * is re-checked on the next call.
 */
export function createHealthProbe(db: Database, ttlMs = 1000): HealthProbe {
  let last: { healthy: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;
  const isFreshlyHealthy = () => Boolean(last?.healthy && Date.now() - last.at < ttlMs);
  return {
    isFreshlyHealthy,
    check: async () => {
      if (isFreshlyHealthy()) return true;
      inFlight ??= isDatabaseHealthy(db).then((healthy) => {
        last = { healthy, at: Date.now() };
        inFlight = undefined;
        return healthy;
      });
      return inFlight;
    },
  };
}

export type ReadinessCheck = () => Promise<string[]>;

/**
 * Is this instance fit to take traffic? The reasons it is not, one sentence each: the database
 * does not answer, the job queue has stopped or a job keeps failing (lib/job-health.ts), or the
 * disk under DATA_DIR is nearly full (uploads and backups would fail). Concurrent probes share one
 * check; each check asks again (a readiness probe comes every few seconds, not per request).
 */
export function createReadinessCheck(options: {
  db: Database;
  jobProblems: () => string[];
  dataDir: string;
  minFreeMb: number;
}): ReadinessCheck {
  let inFlight: Promise<string[]> | undefined;
  const check = async () => {
    const reasons: string[] = [];
    if (!(await isDatabaseHealthy(options.db))) reasons.push('the database does not answer');
    reasons.push(...options.jobProblems());
    try {
      const disk = await fs.promises.statfs(options.dataDir);
      const freeMb = (disk.bavail * disk.bsize) / 1024 / 1024;
      if (freeMb < options.minFreeMb)
        reasons.push(`less than READY_MIN_FREE_MB (${options.minFreeMb} MB) is free under DATA_DIR`);
    } catch {
      reasons.push('DATA_DIR cannot be read');
    }
    return reasons;
  };
  return () => {
    inFlight ??= check().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
