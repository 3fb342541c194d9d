import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * pg-boss 11 rewrote its schema (version 25) and ships no migration from pg-boss 10's (version 24):
 * pg-boss 12 refuses to start on a database a pg-boss 10 release created ("Cannot migrate pg-boss
 * schema from version 24"). Its release notes say to start on a new schema and move the waiting
 * jobs across. That is what this does, once, before pg-boss starts: it takes the waiting jobs out
 * of the old schema and drops it; the runner sends them again once the new queues exist.
 *
 * Dropping loses nothing that matters: the schema is queue state (decision 020 leaves it out of
 * backups), queues and cron schedules are created again at every start, and each job reads its
 * work from the product's own tables (the outbox, notifications, subscriptions). The finished-job
 * history goes with it.
 */
export const FIRST_SCHEMA_AFTER_PG_BOSS_10 = 25;

export type WaitingJob = { name: string; data: object | null };

export async function retirePgBoss10Schema(
  databaseUrl: string,
  schema: string,
  log: FastifyBaseLogger,
): Promise<WaitingJob[]> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'stillpoint-jobs' });
  await client.connect();
  try {
    const quoted = client.escapeIdentifier(schema);
    await client.query('begin');
    // pg-boss's own lock for installing and migrating this schema: instances starting together
    // wait here, and the one that comes second finds the old schema already gone.
    await client.query(
      `select pg_advisory_xact_lock(('x' || encode(sha224((current_database() || '.pgboss.' || $1::text)::bytea), 'hex'))::bit(64)::bigint)`,
      [schema],
    );
    const found = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [
      `${quoted}.version`,
    ]);
    const version = found.rows[0]?.found
      ? Number(
          (await client.query<{ version: number }>(`select version from ${quoted}.version`)).rows[0]?.version,
        )
      : undefined;
    if (version === undefined || Number.isNaN(version) || version >= FIRST_SCHEMA_AFTER_PG_BOSS_10) {
      await client.query('commit');
      return [];
    }
    const waiting = await client.query<WaitingJob>(
      `select name, data from ${quoted}.job where state in ('created', 'retry') order by created_on`,
    );
    await client.query(`drop schema ${quoted} cascade`);
    await client.query('commit');
    log.warn(
      { schema, version, waitingJobs: waiting.rows.length },
      'job queue: replaced the pg-boss 10 schema (no upgrade path to pg-boss 12); waiting jobs are sent again',
    );
    return waiting.rows;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
