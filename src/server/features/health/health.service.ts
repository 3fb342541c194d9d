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
