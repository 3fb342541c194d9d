import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { startTestJobs } from '../../../../tests/setup/test-jobs.ts';
import { announcements, contentItems } from '../../db/schema/index.ts';
import { PUBLISH_SCHEDULED_JOB } from '../../lib/scheduled-publishing.ts';
import { publishScheduledAnnouncements } from '../announcements/index.ts';
import { publishScheduledContent } from './content.service.ts';

/** Scheduled publishing (issue 36, decision 092): drafts with a time go live through the job, once. */

const t = setUpTestApp();
const [admin, premium] = setUpActors(t, 'admin', 'premium');
const db = () => t.app.database.db;

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000);

async function scheduleItem(title: string, publishAt: Date | string) {
  const response = await admin.request({
    method: 'POST',
    url: '/api/videos',
    payload: {
      title,
      description: `${title}, written ahead.`,
      type: 'post',
      isPublished: true,
      publishAt: typeof publishAt === 'string' ? publishAt : publishAt.toISOString(),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; isPublished: boolean; publishAt: string | null };
}

/** What a member can reach of an item: the library list, the detail page, search. */
async function memberSees(id: string, word: string, limit = 100) {
  const list = (await premium.request({ method: 'GET', url: `/api/videos?limit=${limit}` })).json() as {
    id: string;
  }[];
  const detail = await premium.request({ method: 'GET', url: `/api/videos/${id}` });
  const search = (await premium.request({ method: 'GET', url: `/api/search?q=${word}` })).json() as {
    content: { id: string }[];
  };
  return {
    inList: list.some((item) => item.id === id),
    detail: detail.statusCode,
    inSearch: search.content.some((item) => item.id === id),
  };
}

/** As if the scheduled time had come: the row's time moved into the past. */
const letTimePass = (id: string) =>
  db()
    .update(contentItems)
    .set({ publishAt: new Date(Date.now() - 1000) })
    .where(eq(contentItems.id, id));

describe('scheduled content items', () => {
  it('stay hidden from members until the job publishes them at their time', async () => {
    const at = inAnHour();
    const item = await scheduleItem('Equinox letter', at);
    // Saved as a draft holding its time, whatever the Published switch said.
    expect(item).toMatchObject({ isPublished: false, publishAt: at.toISOString() });
    expect(await memberSees(item.id, 'equinox')).toEqual({ inList: false, detail: 404, inSearch: false });

    // A run before the time publishes nothing.
    expect(await publishScheduledContent(db(), new Date(at.getTime() - 1000))).not.toContain(item.id);
    expect((await memberSees(item.id, 'equinox')).detail).toBe(404);

    // The real job, through pg-boss, once the time has come.
    await letTimePass(item.id);
    const runner = await startTestJobs(t);
    try {
      const job = await runner.send(PUBLISH_SCHEDULED_JOB.name);
      expect(await runner.waitFor(PUBLISH_SCHEDULED_JOB.name, job!)).toBe('completed');
    } finally {
      await runner.stop();
    }
    // The same list page and search asked just before: the job empties the list and search caches
    // (kept 5 and 3 s, decisions 007 and 093) as an admin's edit does, so the item shows at once.
    expect(await memberSees(item.id, 'equinox')).toEqual({ inList: true, detail: 200, inSearch: true });
    const admins = (await admin.request({ method: 'GET', url: `/api/videos/${item.id}` })).json();
    expect(admins).toMatchObject({ isPublished: true, publishAt: null });
  });

  it('two runners at once publish each item once', async () => {
    const items = await Promise.all(
      ['First', 'Second', 'Third', 'Fourth', 'Fifth'].map((title) =>
        scheduleItem(`${title} solstice`, inAnHour()),
      ),
    );
    const after = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const [one, two] = await Promise.all([
      publishScheduledContent(db(), after),
      publishScheduledContent(db(), after),
    ]);
    const published = [...one!, ...two!];
    expect(published.sort()).toEqual(items.map((item) => item.id).sort());
    expect(new Set(published).size).toBe(published.length);
    expect(await publishScheduledContent(db(), after)).toEqual([]);
  });

  it('a time already past publishes now; an unreadable time is refused with a clear message', async () => {
    const past = await scheduleItem('Yesterday note', new Date(Date.now() - 60_000));
    expect(past).toMatchObject({ isPublished: true, publishAt: null });
    const bad = await admin.request({
      method: 'POST',
      url: '/api/videos',
      payload: { title: 'Someday', description: 'x', type: 'post', publishAt: 'next Tuesday' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Publish at must be an ISO date and time/);
  });

  it('members never see the schedule of an item; an edit without a time keeps the switch', async () => {
    const item = await scheduleItem('Winter retreat notes', inAnHour());
    const unscheduled = await admin.request({
      method: 'PUT',
      url: `/api/videos/${item.id}`,
      payload: {
        title: 'Winter retreat notes',
        description: 'x',
        type: 'post',
        isPublished: false,
        publishAt: '',
      },
    });
    expect(unscheduled.json()).toMatchObject({ isPublished: false, publishAt: null });
    // Nothing left for the job to publish.
    expect(await publishScheduledContent(db(), new Date(Date.now() + 3 * 60 * 60 * 1000))).not.toContain(
      item.id,
    );
  });
});

describe('scheduled announcements', () => {
  it('stay off the home feed until the job publishes them, stamped with their scheduled time', async () => {
    const at = inAnHour();
    const created = await admin.request({
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'New course opens', content: 'Enrol from Monday.', publishAt: at.toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({
      isPublished: false,
      publishedAt: null,
      publishAt: at.toISOString(),
    });
    const feed = async () =>
      ((await premium.request({ method: 'GET', url: '/api/announcements' })).json() as { id: string }[]).map(
        (announcement) => announcement.id,
      );
    expect(await feed()).not.toContain(id);

    const [one, two] = await Promise.all([
      publishScheduledAnnouncements(db(), new Date(at.getTime() + 1000)),
      publishScheduledAnnouncements(db(), new Date(at.getTime() + 1000)),
    ]);
    expect([...one!, ...two!]).toEqual([id]);
    expect(await feed()).toContain(id);
    const [row] = await db().select().from(announcements).where(eq(announcements.id, id));
    expect(row).toMatchObject({ isPublished: true, publishAt: null, publishedAt: at });
  });
});
