import path from 'node:path';
import { buildApp, DEFAULT_CLIENT_DIR } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { assertClusterVersion } from './db/postgres-version.ts';
import { seedQuestionnaire } from './features/questionnaire/questionnaire.service.ts';
import { productJobs } from './jobs.ts';
import { acquireDataDirLock, loadOrCreateSecrets, writeRuntimeInfo } from './lib/data-dir.ts';
import { type JobRunner, startJobRunner } from './lib/jobs.ts';
import { SEND_EMAIL_JOB } from './lib/mailer.ts';

/** Process entry: resolve config and database, build the app, listen, and stop gracefully. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const say = (message: string) => process.stdout.write(`[stillpoint] ${message}\n`);
  const cleanups: Array<() => Promise<void> | void> = [];
  const runCleanups = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    let databaseUrl = config.databaseUrl;
    let authSecret = config.authSecret;
    if (!databaseUrl || !authSecret) {
      const secrets = loadOrCreateSecrets(config.dataDir);
      authSecret ??= secrets.authSecret;
      if (!databaseUrl) {
        const lock = acquireDataDirLock(config.dataDir);
        cleanups.push(() => lock.release());
        assertClusterVersion(path.join(config.dataDir, 'postgres'));
        const postgres = await startEmbeddedPostgres({
          dataDir: path.join(config.dataDir, 'postgres'),
          password: secrets.postgresPassword,
          log: (line) => say(line),
        });
        cleanups.push(() => postgres.stop());
        databaseUrl = postgres.connectionString('postgres');
        cleanups.push(writeRuntimeInfo(config.dataDir, { pid: process.pid, databaseUrl }));
      }
    }

    say('migrating the database…');
    await runMigrations(databaseUrl);
    const app = await buildApp({ config, databaseUrl, authSecret, clientDir: DEFAULT_CLIENT_DIR });
    cleanups.push(() => app.close());
    // The questionnaire is part of the product: seeded on every start, demo mode or not.
    await seedQuestionnaire(app.database.db);
    // Demo data (and its media) is loaded only in demo mode.
    const demo = config.seedDemo ? await import('./seed/demo.ts') : undefined;
    if (demo) {
      say('seeding the demo content…');
      await demo.seedDemo(app);
    }

    await app.listen({ port: config.port, host: config.host });
    // Background jobs (reconciliation, upload clean-up) start once the app serves and stop first.
    // They never keep the app from serving: if they cannot start, they try again a minute later.
    const jobsLog = app.log.child({ feature: 'jobs' });
    let jobs: JobRunner | undefined;
    let jobsRetry: NodeJS.Timeout | undefined;
    const startJobs = async () => {
      try {
        jobs = await startJobRunner({
          databaseUrl,
          log: jobsLog,
          jobs: productJobs(app, { config, databaseUrl }),
          health: app.jobHealth,
        });
      } catch (error) {
        jobsLog.error({ err: error }, 'background jobs could not start; trying again in 60 s');
        jobsRetry = setTimeout(() => void startJobs(), 60_000);
        jobsRetry.unref();
      }
    };
    await startJobs();
    // A message written to the outbox is sent by the job right away (and by its minute cron).
    app.mailer.onQueued(() => void jobs?.send(SEND_EMAIL_JOB).catch(() => {}));
    cleanups.push(async () => {
      if (jobsRetry) clearTimeout(jobsRetry);
      await jobs?.stop();
    });
    // Last, after every start-up line (and any request already logged): where to go, who to be.
    say(`ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    say(`Stillpoint is running at ${config.publicUrl}`);
    if (demo) {
      say(
        `demo accounts (password '${demo.DEMO_PASSWORD}'): ${demo.DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`,
      );
    }

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      say(`${signal} received: finishing open requests, then stopping`);
      const force = setTimeout(() => {
        say('could not stop within 10 s; exiting');
        process.exit(1);
      }, 10_000);
      force.unref();
      try {
        // Drain first: requests that reached us before the signal are parsed and answered while
        // new ones get 503 (Connection: close); only then does the listener close.
        app.startDraining();
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
        await runCleanups();
        process.exit(0);
      } catch (error) {
        process.stderr.write(`[stillpoint] error while stopping: ${String(error)}\n`);
        process.exit(1);
      }
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  } catch (error) {
    await runCleanups().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  // Errors we raise on purpose carry a message written for the operator; print just that.
  const expected = ['ConfigError', 'DataDirLockedError', 'EmbeddedPostgresError', 'PostgresVersionError'];
  if (error instanceof Error && (error instanceof ConfigError || expected.includes(error.name))) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else {
    process.stderr.write(
      `\nStillpoint could not start:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n`,
    );
  }
  process.exit(1);
});
