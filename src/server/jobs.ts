import type { FastifyInstance } from 'fastify';
import { RECONCILE_JOB, reconcileSubscriptions } from './features/subscriptions/reconcile.ts';
import { cleanupUploads } from './features/uploads/uploads.service.ts';
import type { JobDefinition } from './lib/jobs.ts';

export const CLEANUP_UPLOADS_JOB = { name: 'cleanup-uploads', cron: '41 * * * *' } as const;

/** Every background job of the product, run by lib/jobs.ts in each instance (pg-boss shares the work). */
export function productJobs(app: FastifyInstance): JobDefinition[] {
  return [
    { ...RECONCILE_JOB, run: () => reconcileSubscriptions(app.billing) },
    { ...CLEANUP_UPLOADS_JOB, run: () => cleanupUploads({ db: app.database.db, storage: app.storage }) },
  ];
}
