import type { FastifyInstance } from 'fastify';
import { productJobs } from '../../src/server/jobs.ts';
import { type JobRunner, startJobRunner } from '../../src/server/lib/jobs.ts';

/** The product's background jobs on a test app's database, polling fast; stop it in `finally`. */
export function startTestJobs(t: { app: FastifyInstance; databaseUrl: string }): Promise<JobRunner> {
  return startJobRunner({
    databaseUrl: t.databaseUrl,
    log: t.app.log,
    jobs: productJobs(t.app),
    pollingIntervalSeconds: 0.5,
    health: t.app.jobHealth,
  });
}
