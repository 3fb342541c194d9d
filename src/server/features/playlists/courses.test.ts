import { randomUUID } from 'node:crypto';
import type { Playlist } from '@shared/schemas/content.ts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentItems, courseEnrolments, playlists } from '../../db/schema/index.ts';
import { getPlaylistBySlug, lessonState } from './playlists.service.ts';

/** Courses: enrolment, lessons opening by days after enrolling or on a date, and completion. */

const t = setUpTestApp();
const [admin, visitor] = setUpActors(t, 'admin', 'visitor');

const DAY = 86_400_000;

async function newLesson(title: string) {
  const [item] = await t.app.database.db
    .insert(contentItems)
    .values({ title: `${title} ${randomUUID().slice(0, 6)}`, description: 'x', type: 'audio', duration: 600 })
    .returning({ id: contentItems.id });
  return item!.id;
}

/** A course of three lessons: at once, two days after enrolling, and on 2031-01-05 (member's zone). */
async function newCourse() {
  const created = await admin.request({
    method: 'POST',
    url: '/api/admin/playlists',
    payload: { title: `Ten quiet mornings ${randomUUID().slice(0, 6)}`, isCourse: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  const course = created.json() as Playlist;
  const lessons = [await newLesson('Arriving'), await newLesson('Breath'), await newLesson('Body')];
  const items = await admin.request({
    method: 'PUT',
    url: `/api/admin/playlists/${course.id}/items`,
    payload: {
      items: [
        { videoId: lessons[0], orderIndex: 0 },
        { videoId: lessons[1], orderIndex: 1, unlockAfterDays: 2 },
        { videoId: lessons[2], orderIndex: 2, unlockOn: '2031-01-05' },
      ],
    },
  });
  expect(items.statusCode, items.body).toBe(200);
  return { ...course, lessons };
}

const read = async (actor: Actor, slug: string) => {
  const response = await actor.request({ method: 'GET', url: `/api/playlists/${slug}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Playlist;
};
const enrol = (actor: Actor, slug: string) =>
  actor.request({ method: 'POST', url: `/api/playlists/${slug}/enrolment` });

describe('lesson state (the drip rule)', () => {
  const enrolledAt = new Date('2031-01-01T09:00:00Z');
  const member = { enrolledAt, timeZone: 'America/New_York', isCompleted: false };

  it('opens a lesson its days after enrolment, to the minute', () => {
    const rule = { unlockAfterDays: 2, unlockOn: null };
    expect(lessonState(rule, member, new Date(enrolledAt.getTime() + 2 * DAY - 60_000))).toEqual({
      isUnlocked: false,
      unlocksAt: '2031-01-03T09:00:00.000Z',
      isCompleted: false,
    });
    expect(lessonState(rule, member, new Date(enrolledAt.getTime() + 2 * DAY)).isUnlocked).toBe(true);
  });

  it("opens a dated lesson at midnight in the member's own zone, and only when every rule is met", () => {
    const dated = { unlockAfterDays: null, unlockOn: '2031-01-05' };
    // Midnight in New York is 05:00 UTC.
    expect(lessonState(dated, member, new Date('2031-01-05T04:59:00Z')).unlocksAt).toBe(
      '2031-01-05T05:00:00.000Z',
    );
    expect(lessonState(dated, member, new Date('2031-01-05T05:00:00Z')).isUnlocked).toBe(true);
    const both = { unlockAfterDays: 10, unlockOn: '2031-01-05' };
    expect(lessonState(both, member, new Date('2031-01-06T00:00:00Z')).unlocksAt).toBe(
      '2031-01-11T09:00:00.000Z',
    );
  });

  it('opens nothing before the member enrols', () => {
    const open = { unlockAfterDays: null, unlockOn: null };
    expect(lessonState(open, { ...member, enrolledAt: null }, new Date())).toEqual({
      isUnlocked: false,
      unlocksAt: null,
      isCompleted: false,
    });
  });
});

describe('courses through HTTP', () => {
  it('a member enrols (once: the drip never restarts) and sees which lessons are open and when the next opens', async () => {
    const course = await newCourse();
    const member = await createActor(t.app, 'member');
    const before = await read(member, course.slug);
    expect(before).toMatchObject({ isCourse: true, enrolledAt: null });
    expect(before.items.map((entry) => entry.lesson?.isUnlocked)).toEqual([false, false, false]);
    expect(before.items.map((entry) => [entry.unlockAfterDays, entry.unlockOn])).toEqual([
      [null, null],
      [2, null],
      [null, '2031-01-05'],
    ]);

    const first = await enrol(member, course.slug);
    expect(first.statusCode, first.body).toBe(200);
    const again = await enrol(member, course.slug);
    expect(again.json().enrolledAt).toBe(first.json().enrolledAt);

    const after = await read(member, course.slug);
    const enrolledAt = Date.parse(first.json().enrolledAt);
    expect(after.enrolledAt).toBe(first.json().enrolledAt);
    expect(after.items.map((entry) => entry.lesson?.isUnlocked)).toEqual([true, false, false]);
    expect(after.items[1]!.lesson!.unlocksAt).toBe(new Date(enrolledAt + 2 * DAY).toISOString());
  });

  it('the second lesson opens two days after enrolling', async () => {
    const course = await newCourse();
    const member = await createActor(t.app, 'member');
    expect((await enrol(member, course.slug)).statusCode).toBe(200);
    // Enrolled three days ago.
    await t.app.database.db
      .update(courseEnrolments)
      .set({ enrolledAt: new Date(Date.now() - 3 * DAY) })
      .where(and(eq(courseEnrolments.userId, member.userId!), eq(courseEnrolments.playlistId, course.id)));
    const view = await read(member, course.slug);
    expect(view.items.map((entry) => entry.lesson?.isUnlocked)).toEqual([true, true, false]);
    // In 2031 the dated one is open too (the service, with its clock).
    const later = await getPlaylistBySlug(
      t.app.database.db,
      course.slug,
      { id: member.userId!, role: 'member', hasPremiumAccess: false, canModerate: false },
      new Date('2031-01-06T12:00:00Z'),
    );
    expect(later.items.map((entry) => entry.lesson?.isUnlocked)).toEqual([true, true, true]);
  });

  it('a lesson counts as done at 90%, and stays done when it is played again', async () => {
    const course = await newCourse();
    const member = await createActor(t.app, 'member');
    await enrol(member, course.slug);
    const [lesson] = course.lessons;
    const progress = (positionSeconds: number) =>
      member.request({ method: 'PUT', url: `/api/progress/${lesson}`, payload: { positionSeconds } });
    expect((await progress(500)).statusCode).toBe(200);
    expect((await read(member, course.slug)).items[0]!.lesson!.isCompleted).toBe(false);
    expect((await progress(540)).statusCode).toBe(200);
    expect((await read(member, course.slug)).items[0]!.lesson!.isCompleted).toBe(true);
    // Listening again from the start keeps the lesson done.
    expect((await progress(30)).statusCode).toBe(200);
    expect((await read(member, course.slug)).items[0]!.lesson!.isCompleted).toBe(true);
  });

  it('refuses visitors, unknown courses, and playlists that are not courses', async () => {
    const course = await newCourse();
    expect((await enrol(visitor, course.slug)).statusCode).toBe(401);
    const member = await createActor(t.app, 'member');
    expect((await enrol(member, 'no-such-course')).statusCode).toBe(404);
    await t.app.database.db.update(playlists).set({ isCourse: false }).where(eq(playlists.id, course.id));
    const plain = await enrol(member, course.slug);
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toContain('not a course');
    expect((await read(member, course.slug)).items.every((entry) => entry.lesson === null)).toBe(true);
  });

  it('refuses a drip that is not whole days or a date', async () => {
    const course = await newCourse();
    const bad = await admin.request({
      method: 'PUT',
      url: `/api/admin/playlists/${course.id}/items`,
      payload: {
        items: [{ videoId: course.lessons[0], orderIndex: 0, unlockAfterDays: -1, unlockOn: '5 Jan' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/unlockAfterDays cannot be negative|unlockOn must be a date/);
  });
});
