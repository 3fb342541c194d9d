import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestApp, signUp, uniqueEmail } from '../../../../tests/setup/test-app.ts';
import { users } from '../../db/schema/index.ts';
import { setAdminRights } from './admin-rights.service.ts';

const t = setUpTestApp();

const isAdmin = async (email: string) =>
  (await t.app.database.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.email, email)))[0]
    ?.isAdmin;

describe('setAdminRights', () => {
  it('grants and revokes by e-mail, in any case', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    expect(await setAdminRights(t.app.database.db, first.email.toUpperCase(), true)).toEqual({
      email: first.email,
      isAdmin: true,
      changed: true,
    });
    await setAdminRights(t.app.database.db, second.email, true);
    expect(await isAdmin(first.email)).toBe(true);
    expect((await setAdminRights(t.app.database.db, first.email, true)).changed).toBe(false);
    await setAdminRights(t.app.database.db, first.email, false);
    expect(await isAdmin(first.email)).toBe(false);
  });

  it('never removes the last admin', async () => {
    await t.app.database.db.update(users).set({ isAdmin: false });
    const only = await signUp(t.app);
    await setAdminRights(t.app.database.db, only.email, true);
    await expect(setAdminRights(t.app.database.db, only.email, false)).rejects.toThrow(/last admin/);
    expect(await isAdmin(only.email)).toBe(true);
  });

  it('says so when there is no such account', async () => {
    await expect(setAdminRights(t.app.database.db, uniqueEmail('ghost'), true)).rejects.toThrow(/No account/);
  });
});
