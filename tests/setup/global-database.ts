import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { seedQuestionnaire } from '../../src/server/features/questionnaire/questionnaire.service.ts';

/**
 * Once per run: a PostgreSQL (TEST_DATABASE_URL, or a throwaway embedded cluster under the OS temp
 * folder) and a migrated template database. Each test file clones the template (test-app.ts).
 */
export type TestDatabaseInfo = { adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopCluster: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-test-'));
    fs.chmodSync(tempDir, 0o755);
    const cluster = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'postgres'),
      password: 'test-only-password',
      // A throwaway cluster: durability off for speed. The app's own cluster keeps the defaults.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' },
    });
    adminUrl = cluster.connectionString('postgres');
    stopCluster = cluster.stop;
  }

  const templateName = `stillpoint_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateName}`);
  await admin.query(`create database ${templateName}`);
  await admin.end();
  await runMigrations(withDatabase(adminUrl, templateName));
  // What every start seeds (the questionnaire) is in the template too, as in a running app.
  const template = connectDatabase(withDatabase(adminUrl, templateName), { max: 1 });
  await seedQuestionnaire(template.db);
  await template.close();

  project.provide('testDatabase', { adminUrl, templateName });

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${templateName} with (force)`).catch(() => {});
    await client.end();
    await stopCluster?.();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}

export { withDatabase };
