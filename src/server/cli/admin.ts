import path from 'node:path';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import { setAdminRights } from '../features/auth/admin-rights.service.ts';
import { setModeratorByEmail } from '../features/community/moderation.service.ts';
import { acquireDataDirLock, loadOrCreateSecrets, readRuntimeInfo } from '../lib/data-dir.ts';

/**
 * `npm run admin -- grant EMAIL` / `revoke EMAIL` (admin rights), `moderator EMAIL` /
 * `unmoderator EMAIL` (the moderator role).
 * Uses DATABASE_URL, else the embedded database of a running app (DATA_DIR/runtime.json), else
 * starts the embedded database itself for the moment it needs it.
 */
const COMMANDS = ['grant', 'revoke', 'moderator', 'unmoderator'];
const usage = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL | moderator EMAIL | unmoderator EMAIL';

async function main() {
  const [command, email] = process.argv.slice(2);
  if (!command || !COMMANDS.includes(command) || !email) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const stops: Array<() => Promise<void> | void> = [];
  let databaseUrl = config.databaseUrl ?? readRuntimeInfo(config.dataDir)?.databaseUrl;
  if (!databaseUrl) {
    const lock = acquireDataDirLock(config.dataDir);
    stops.push(() => lock.release());
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      password: loadOrCreateSecrets(config.dataDir).postgresPassword,
    });
    stops.unshift(() => postgres.stop());
    databaseUrl = postgres.connectionString();
    await runMigrations(databaseUrl);
  }
  const database = connectDatabase(databaseUrl, { max: 1 });
  try {
    if (command === 'moderator' || command === 'unmoderator') {
      const result = await setModeratorByEmail(database.db, email, command === 'moderator');
      const verb = result.isModerator ? 'is now a moderator' : 'is no longer a moderator';
      console.info(
        result.changed
          ? `${result.email} ${verb}.`
          : `${result.email} already ${result.isModerator ? 'was a moderator' : 'was not a moderator'}; nothing changed.`,
      );
    } else {
      const result = await setAdminRights(database.db, email, command === 'grant');
      const verb = result.isAdmin ? 'is now an admin' : 'is no longer an admin';
      console.info(
        result.changed
          ? `${result.email} ${verb}.`
          : `${result.email} already ${result.isAdmin ? 'was an admin' : 'was not an admin'}; nothing changed.`,
      );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await database.close();
    for (const stop of stops) await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
