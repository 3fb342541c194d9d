import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newForum } from '../../../../tests/setup/community.ts';
import {
  randomClientAddress,
  setUpActors,
  setUpTestApp,
  TEST_ORIGIN,
  uniqueEmail,
} from '../../../../tests/setup/test-app.ts';

/**
 * Names and titles are single lines without invisible formatting (src/shared/schemas/text.ts),
 * at every route that takes one: each route family answers 400 with a message that says why.
 */

const t = setUpTestApp({ RATE_LIMIT_SCALE: '100' });
const [member, admin] = setUpActors(t, 'member', 'admin');

/** An Arabic letter mark (U+061C), a zero-width space, a byte-order mark and a line break. */
const HIDDEN = ['Ann\u061Ca', 'Ann\u200Ba', 'Ann\uFEFFa'];
const BROKEN = 'First line\nSecond line';

const expectRefused = (
  response: { statusCode: number; json: () => { message: string } },
  message: RegExp,
) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toMatch(message);
};
const INVISIBLE = /cannot contain invisible or text-direction control characters/;
const ONE_LINE = /must be on one line/;

describe('single-line fields on every route', () => {
  it('sign-up: first and last names', async () => {
    const signUp = (firstName: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: randomClientAddress(),
        payload: {
          email: uniqueEmail(),
          password: 'calm-river-stone-42',
          firstName,
          lastName: 'Vale',
          name: `${firstName} Vale`,
        },
      });
    for (const name of HIDDEN) expectRefused(await signUp(name), INVISIBLE);
    expectRefused(await signUp(BROKEN), ONE_LINE);
  });

  it('profile: first and last names', async () => {
    const update = (lastName: string) =>
      member.request({ method: 'PUT', url: '/api/user/profile', payload: { firstName: 'Robin', lastName } });
    for (const name of HIDDEN) expectRefused(await update(name), INVISIBLE);
    expectRefused(await update(BROKEN), ONE_LINE);
    // NFC before the limit: a decomposed é is one character, and is stored composed.
    const composed = await update('Vale\u0301');
    expect(composed.statusCode, composed.body).toBe(200);
    expect(composed.json().lastName).toBe('Val\u00E9');
  });

  it('forum posts and forums: titles', async () => {
    const forum = await newForum(admin, {
      title: `Evenings ${randomUUID().slice(0, 6)}`,
      description: 'Calm.',
    });
    const post = (title: string) =>
      member.request({
        method: 'POST',
        url: `/api/forums/${forum.slug}/posts`,
        payload: { title, content: 'Twenty minutes.' },
      });
    for (const title of HIDDEN) expectRefused(await post(title), INVISIBLE);
    expectRefused(await post(BROKEN), ONE_LINE);
    const newTitle = (title: string) =>
      admin.request({
        method: 'POST',
        url: '/api/forums',
        payload: { title, description: 'Calm.', category: 'general' },
      });
    expectRefused(await newTitle('Quiet\u202Etxt'), INVISIBLE);
    expectRefused(await newTitle(BROKEN), ONE_LINE);
  });

  it('library content, playlists and announcements: titles, link texts and tags', async () => {
    const content = (payload: object) =>
      admin.request({
        method: 'POST',
        url: '/api/videos',
        payload: { title: 'Arriving', description: 'x', ...payload },
      });
    expectRefused(await content({ title: 'Arriving\u2066' }), INVISIBLE);
    expectRefused(await content({ tags: ['calm', 'sleep\r\nwell'] }), ONE_LINE);
    const playlist = await admin.request({
      method: 'POST',
      url: '/api/admin/playlists',
      payload: { title: 'Week\u200Bone' },
    });
    expectRefused(playlist, INVISIBLE);
    const announcement = (payload: object) =>
      admin.request({
        method: 'POST',
        url: '/api/announcements',
        payload: { title: 'News', content: 'Hello', ...payload },
      });
    expectRefused(await announcement({ title: BROKEN }), ONE_LINE);
    expectRefused(
      await announcement({ linkUrl: 'https://example.com', linkText: 'Read\u061C more' }),
      INVISIBLE,
    );
  });
});
