import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/test-app.ts';
import { buildApp } from '../app.ts';
import { DEMO_ACCOUNTS, seedDemo } from './demo.ts';
import { DEMO_FORUMS } from './demo-community.ts';
import { DEMO_ITEMS } from './demo-content.ts';

/**
 * Two instances starting together on one empty database, both in demo mode (issue 31): each runs
 * the seed at start (server.ts). Without a lock around it, one died with "Failed to create user".
 */
describe('demo seed on two instances at once', () => {
  it('both seeds finish, and the demo exists once', async () => {
    const first = await createTestApp();
    const otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-second-'));
    const second = await buildApp({
      config: { ...first.config, dataDir: otherDataDir },
      databaseUrl: first.databaseUrl,
      authSecret: 'test-secret-test-secret-test-secret-123',
    });
    try {
      const now = new Date('2031-05-04T09:00:00Z');
      const results = await Promise.allSettled([seedDemo(first.app, now), seedDemo(second, now)]);
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
      ]);
      const count = async (query: ReturnType<typeof sql>) =>
        Number((await first.app.database.db.execute(query)).rows[0]!.n);
      const emails = DEMO_ACCOUNTS.map((account) => account.email);
      expect(
        await count(sql`select count(*) as n from users where email in (${sql.join(emails, sql`, `)})`),
      ).toBe(DEMO_ACCOUNTS.length);
      expect(await count(sql`select count(*) as n from content_items where seed_key is not null`)).toBe(
        DEMO_ITEMS.length,
      );
      expect(await count(sql`select count(*) as n from forums where seed_key is not null`)).toBe(
        DEMO_FORUMS.length,
      );
      expect(await count(sql`select count(*) as n from forum_posts`)).toBe(
        DEMO_FORUMS.reduce((sum, forum) => sum + forum.posts.length, 0),
      );
      expect(await count(sql`select count(*) as n from announcements where seed_key is not null`)).toBe(3);
    } finally {
      await second.close();
      await first.close();
      fs.rmSync(otherDataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
