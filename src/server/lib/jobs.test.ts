import fs from 'node:fs';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { startTestJobs } from '../../../tests/setup/test-jobs.ts';
import { CLEANUP_UPLOADS_JOB } from '../jobs.ts';
import { FIRST_SCHEMA_AFTER_PG_BOSS_10 } from './job-queue-upgrade.ts';

const PG_BOSS_10_SCHEMA = fs.readFileSync(
  new URL('../../../tests/setup/pgboss-10-schema.sql', import.meta.url),
  'utf8',
);

let t: TestApp;
let sql: pg.Client;
beforeEach(async () => {
  t = await createTestApp();
  sql = new pg.Client({ connectionString: t.databaseUrl });
  await sql.connect();
});
afterEach(async () => {
  await sql.end();
  await t.close();
});

const schemaVersion = async () =>
  Number((await sql.query<{ version: number }>('select version from pgboss.version')).rows[0]?.version);

describe('the job runner on a database a pg-boss 10 release used', () => {
  it('replaces the old queue schema, starts, and runs the job that was waiting in it', async () => {
    // What an upgraded site has: pg-boss 10's schema with a queue and a job not yet run.
    await sql.query(PG_BOSS_10_SCHEMA);
    await sql.query(`select pgboss.create_queue($1, '{"policy":"standard"}'::json)`, [
      CLEANUP_UPLOADS_JOB.name,
    ]);
    await sql.query(`insert into pgboss.job (name, data) values ($1, '{"from":"pg-boss 10"}')`, [
      CLEANUP_UPLOADS_JOB.name,
    ]);
    expect(await schemaVersion()).toBe(24);

    const runner = await startTestJobs(t);
    try {
      expect(await schemaVersion()).toBeGreaterThanOrEqual(FIRST_SCHEMA_AFTER_PG_BOSS_10);
      const carried = async () =>
        (
          await sql.query<{ id: string }>(
            `select id from pgboss.job where name = $1 and data->>'from' = $2`,
            [CLEANUP_UPLOADS_JOB.name, 'pg-boss 10'],
          )
        ).rows;
      const [job] = await carried();
      expect(job).toBeDefined();
      expect(await runner.waitFor(CLEANUP_UPLOADS_JOB.name, job!.id)).toBe('completed');
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('leaves a current schema alone on the next start', async () => {
    const first = await startTestJobs(t);
    const id = await first.send(CLEANUP_UPLOADS_JOB.name);
    expect(await first.waitFor(CLEANUP_UPLOADS_JOB.name, id!)).toBe('completed');
    await first.stop();

    const second = await startTestJobs(t);
    try {
      // The finished job from the first start is still there: the schema was not replaced.
      expect(await second.waitFor(CLEANUP_UPLOADS_JOB.name, id!)).toBe('completed');
    } finally {
      await second.stop();
    }
  }, 60_000);
});

describe('two runners starting at once on an empty database', () => {
  it('both start, and each queued job runs once', async () => {
    const [a, b] = await Promise.all([startTestJobs(t), startTestJobs(t)]);
    try {
      const ids = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).send(CLEANUP_UPLOADS_JOB.name)),
      );
      for (const id of ids) expect(await a.waitFor(CLEANUP_UPLOADS_JOB.name, id!)).toBe('completed');
      const { rows } = await sql.query<{ retries: number }>(
        'select count(*) filter (where retry_count > 0)::int as retries from pgboss.job where id = any($1::uuid[])',
        [ids],
      );
      expect(rows[0]?.retries).toBe(0);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 60_000);
});
