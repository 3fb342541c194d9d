import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentItems, notifications, playlistFollows, playlists, users } from '../../db/schema/index.ts';
import { MAX_RECIPIENTS } from '../notifications/index.ts';

/** Following a playlist, and the notices its followers get, through HTTP on a real database. */

const t = setUpTestApp();
const [admin] = setUpActors(t, 'admin');

async function newPlaylist(title = `Evening set ${randomUUID().slice(0, 6)}`) {
  const response = await admin.request({
    method: 'POST',
    url: '/api/admin/playlists',
    payload: { title, description: '', isCalendar: false },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; slug: string; title: string };
}

async function newItem(values: { title?: string; isPublished?: boolean; isPremium?: boolean } = {}) {
  const [item] = await t.app.database.db
    .insert(contentItems)
    .values({
      title: values.title ?? `Body scan ${randomUUID().slice(0, 6)}`,
      description: 'x',
      type: 'audio',
      duration: 300,
      isPublished: values.isPublished ?? true,
      isPremium: values.isPremium ?? false,
    })
    .returning({ id: contentItems.id, title: contentItems.title });
  return item!;
}

async function setItems(playlistId: string, videoIds: string[]) {
  const response = await admin.request({
    method: 'PUT',
    url: `/api/admin/playlists/${playlistId}/items`,
    payload: { items: videoIds.map((videoId, orderIndex) => ({ videoId, orderIndex })) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const follow = (actor: Actor, slug: string, method: 'POST' | 'DELETE' = 'POST') =>
  actor.request({ method, url: `/api/playlists/${slug}/follow` });

async function playlistNotices(userId: string, playlistId: string) {
  return t.app.database.db
    .select({ subject: notifications.subject, link: notifications.link, kind: notifications.kind })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, userId),
        like(notifications.dedupeKey, `playlist-item:${playlistId}:%`),
      ),
    );
}

describe('following a playlist', () => {
  it('a member follows and unfollows; both are idempotent and the playlist read says so', async () => {
    const member = await createActor(t.app, 'member');
    const playlist = await newPlaylist();
    const read = async (actor: Actor) =>
      (await actor.request({ url: `/api/playlists/${playlist.slug}` })).json();
    expect(await read(member)).toMatchObject({ isFollowing: false, followerCount: 0 });

    const first = await follow(member, playlist.slug);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ isFollowing: true, followerCount: 1 });
    const again = await follow(member, playlist.slug);
    expect(again.json()).toEqual({ isFollowing: true, followerCount: 1 });
    expect(await read(member)).toMatchObject({ isFollowing: true, followerCount: 1 });
    expect(await read(admin)).toMatchObject({ isFollowing: false, followerCount: 1 });

    const off = await follow(member, playlist.slug, 'DELETE');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ isFollowing: false, followerCount: 0 });
    expect((await follow(member, playlist.slug, 'DELETE')).json()).toEqual({
      isFollowing: false,
      followerCount: 0,
    });
  });

  it('a visitor is asked to sign in and reads isFollowing false', async () => {
    const visitor = await createActor(t.app, 'visitor');
    const playlist = await newPlaylist();
    await follow(await createActor(t.app, 'member'), playlist.slug);
    expect((await follow(visitor, playlist.slug)).statusCode).toBe(401);
    expect((await follow(visitor, playlist.slug, 'DELETE')).statusCode).toBe(401);
    const read = await visitor.request({ url: `/api/playlists/${playlist.slug}` });
    expect(read.json()).toMatchObject({ isFollowing: false, followerCount: 1 });
  });

  it('an unknown playlist is 404, as reading it is', async () => {
    const member = await createActor(t.app, 'member');
    expect((await follow(member, 'no-such-playlist-here')).statusCode).toBe(404);
    expect((await follow(member, 'no-such-playlist-here', 'DELETE')).statusCode).toBe(404);
  });

  it('a free member may follow a playlist of premium items, as they may read it', async () => {
    const member = await createActor(t.app, 'member');
    const playlist = await newPlaylist();
    const premium = await newItem({ isPremium: true, title: 'Deep rest' });
    await setItems(playlist.id, [premium.id]);
    expect((await follow(member, playlist.slug)).statusCode).toBe(200);
    // A new premium item is named (titles are public in the library); opening it stays premium.
    const another = await newItem({ isPremium: true, title: 'Deeper rest' });
    await setItems(playlist.id, [premium.id, another.id]);
    expect(await playlistNotices(member.userId!, playlist.id)).toEqual([
      {
        kind: 'playlist_item',
        link: `/playlists/${playlist.slug}`,
        subject: `${playlist.title}: Deeper rest`,
      },
    ]);
  });

  it('a deleted playlist takes its follows with it', async () => {
    const member = await createActor(t.app, 'member');
    const playlist = await newPlaylist();
    await follow(member, playlist.slug);
    const removed = await admin.request({ method: 'DELETE', url: `/api/admin/playlists/${playlist.id}` });
    expect(removed.statusCode).toBe(204);
    const rows = await t.app.database.db
      .select()
      .from(playlistFollows)
      .where(eq(playlistFollows.playlistId, playlist.id));
    expect(rows).toEqual([]);
  });
});

describe('new items tell the followers', () => {
  it('followers hear of each newly added published item, once; others and the admin do not', async () => {
    const [follower, unfollowed, stranger] = await Promise.all([
      createActor(t.app, 'member'),
      createActor(t.app, 'member'),
      createActor(t.app, 'member'),
    ]);
    const playlist = await newPlaylist('Quiet mornings');
    const existing = await newItem();
    await setItems(playlist.id, [existing.id]);
    await follow(follower, playlist.slug);
    await follow(unfollowed, playlist.slug);
    await follow(unfollowed, playlist.slug, 'DELETE');
    await follow(admin, playlist.slug);

    // Saving the same list again tells no one.
    await setItems(playlist.id, [existing.id]);
    expect(await playlistNotices(follower.userId!, playlist.id)).toEqual([]);

    const added = await newItem({ title: 'Arriving' });
    const draft = await newItem({ title: 'Not ready yet', isPublished: false });
    await setItems(playlist.id, [existing.id, added.id, draft.id]);
    expect(await playlistNotices(follower.userId!, playlist.id)).toEqual([
      { kind: 'playlist_item', link: `/playlists/${playlist.slug}`, subject: 'Quiet mornings: Arriving' },
    ]);
    for (const other of [unfollowed, stranger, admin]) {
      expect(await playlistNotices(other.userId!, playlist.id)).toEqual([]);
    }

    // Re-saving, reordering, or removing and re-adding the item: still one notice.
    await setItems(playlist.id, [added.id, existing.id, draft.id]);
    await setItems(playlist.id, [existing.id]);
    await setItems(playlist.id, [existing.id, added.id]);
    expect(await playlistNotices(follower.userId!, playlist.id)).toHaveLength(1);

    // The bell shows it in kind words.
    const page = await follower.request({ url: '/api/notifications' });
    expect(page.json().notifications[0]).toMatchObject({
      kind: 'playlist_item',
      subject: 'Quiet mornings: Arriving',
      link: `/playlists/${playlist.slug}`,
    });
  });

  it(`more followers than one batch (${MAX_RECIPIENTS}) all hear`, async () => {
    const { db } = t.app.database;
    const playlist = await newPlaylist();
    const many = MAX_RECIPIENTS + 7;
    const tag = randomUUID().slice(0, 8);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: many }, (_, index) => ({
          name: 'Follower',
          email: `follower-${tag}-${index}@example.test`,
        })),
      )
      .returning({ id: users.id });
    await db.insert(playlistFollows).values(rows.map((row) => ({ userId: row.id, playlistId: playlist.id })));
    const [one, two] = [await newItem(), await newItem()];
    await setItems(playlist.id, [one.id, two.id]);
    const written = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(like(notifications.dedupeKey, `playlist-item:${playlist.id}:%`));
    expect(written).toHaveLength(many * 2);
    const [stillThere] = await db.select().from(playlists).where(eq(playlists.id, playlist.id));
    expect(stillThere).toBeDefined();
  });
});
