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

/**
 * The health answer, checked against the database at most once per `ttlMs`: concurrent probes
 * share one query, so a load balancer (or a flood of checks) never queues on the pool. A failure
 * is re-checked on the next call.
 */
export function createHealthProbe(db: Database, ttlMs = 1000) {
  let last: { healthy: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;
  return async (): Promise<boolean> => {
    if (last?.healthy && Date.now() - last.at < ttlMs) return true;
    inFlight ??= isDatabaseHealthy(db).then((healthy) => {
      last = { healthy, at: Date.now() };
      inFlight = undefined;
      return healthy;
    });
    return inFlight;
  };
}
