import { z } from 'zod';

/**
 * The last entry of every backup archive: what the archive must hold, with a SHA-256 per entry,
 * so a restore can prove the archive whole before it writes anything (docs/decisions/020).
 */
export const ARCHIVE_ROOT = 'stillpoint-backup';
export const MANIFEST_NAME = `${ARCHIVE_ROOT}/manifest.json`;
export const BACKUP_FORMAT = 'stillpoint-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** The schemas whose tables are ours: the product's tables. pg-boss's queue (`pgboss`) is not saved. */
export const BACKED_UP_SCHEMAS = ['public'] as const;

/**
 * Tables archived empty: `verifications` holds live password-reset and e-mail verification
 * tokens, which a copy of the archive must not carry (nor a restore bring back to life). A member
 * whose link was pending asks for a new one.
 */
export const TABLES_WITHOUT_ROWS: readonly string[] = ['verifications'];

/** Archives and their staging files hold password hashes and session tokens: owner only. */
export const ARCHIVE_FILE_MODE = 0o600;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const ArchivedFile = z.object({ file: z.string().min(1), bytes: z.number().int().min(0), sha256: Sha256 });

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  postgresVersion: z.string(),
  migrations: z.object({
    /** How many of the migrations in src/server/db/migrations were applied. */
    count: z.number().int().min(0),
    /** The `when` of the last applied one (drizzle's created_at), to recognise the same line. */
    lastCreatedAt: z.string().nullable(),
  }),
  tables: z.array(
    ArchivedFile.extend({
      schema: z.string(),
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.number().int().min(0),
    }),
  ),
  sequences: z.array(
    z.object({ schema: z.string(), name: z.string(), lastValue: z.string(), isCalled: z.boolean() }),
  ),
  objects: z.array(ArchivedFile.extend({ key: z.string() })),
});

export type Manifest = z.infer<typeof ManifestSchema>;

export const tableFileName = (schema: string, table: string) =>
  `${ARCHIVE_ROOT}/database/${schema}.${table}.copy`;
export const objectFileName = (key: string) => `${ARCHIVE_ROOT}/objects/${key}`;

/** A backup archive that cannot be used: damaged, cut short, or not one of ours. */
export class BackupArchiveError extends Error {
  override name = 'BackupArchiveError';
}

/** A restore that did not finish within its time limit. */
export class RestoreTimeoutError extends Error {
  override name = 'RestoreTimeoutError';
}

/** A restore target that already holds data. */
export class RestoreTargetError extends Error {
  override name = 'RestoreTargetError';
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;
