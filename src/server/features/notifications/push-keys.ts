import fs from 'node:fs';
import type { Database } from '../../db/client.ts';
import { pushKeys } from '../../db/schema/index.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/** Where releases before the keys moved into the database kept them (read once, to import). */
export const LEGACY_VAPID_FILE = 'vapid.json';

function readLegacyKeys(file: string): VapidKeys | undefined {
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  } catch {
    // no file (a new site), or not one of ours
  }
  return undefined;
}

/**
 * The site's VAPID pair from the `push_keys` row. Browsers subscribed with the public key, so a
 * new pair would silently end every subscription: the pair is made once and shared through the
 * database by every instance (and carried by every backup). On the first start, an existing
 * DATA_DIR/vapid.json (`legacyFile`) is imported instead of generating, so subscriptions made
 * with it survive the upgrade. Instances starting together may both try to insert; ON CONFLICT
 * DO NOTHING keeps the first and everyone reads that one back.
 */
export async function loadOrCreatePushKeys(
  db: Database,
  options: { legacyFile: string; generate: () => VapidKeys },
): Promise<VapidKeys> {
  const read = async () =>
    (await db.select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey }).from(pushKeys))[0];
  const existing = await read();
  if (existing) return existing;
  const candidate = readLegacyKeys(options.legacyFile) ?? options.generate();
  await db.insert(pushKeys).values(candidate).onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('the push key pair could not be stored');
  return stored;
}
