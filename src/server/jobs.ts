import type { FastifyInstance } from 'fastify';
import { RECONCILE_JOB, reconcileSubscriptions } from './features/subscriptions/reconcile.ts';
import type { JobDefinition } from './lib/jobs.ts';

/** Every background job of the product, run by lib/jobs.ts in each instance (pg-boss shares the work). */
export function productJobs(app: FastifyInstance): JobDefinition[] {
  return [{ ...RECONCILE_JOB, run: () => reconcileSubscriptions(app.billing) }];
}
