import { articleToPlainText } from '@shared/markdown-parser.ts';
import { describe, expect, it } from 'vitest';
import { setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { PREMIUM_TEASER_MAX_LENGTH, toPremiumTeaser } from './content.service.ts';

/**
 * The premium teaser of a Markdown article (issue 36): cut from the rendered words, at a word
 * boundary, never more than the teaser length, never markup, a link's address or an image.
 */

const IMAGE = '/objects/images/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d.webp';
const words = (count: number, word = 'breathe') => Array.from({ length: count }, () => word).join(' ');

/** The teaser is the opening of the article's words, ending on a whole word. */
function expectCleanCut(source: string, teaser: string) {
  const plain = articleToPlainText(source);
  expect(Array.from(teaser).length).toBeLessThanOrEqual(PREMIUM_TEASER_MAX_LENGTH);
  expect(plain.startsWith(teaser)).toBe(true);
  expect(plain[teaser.length] ?? ' ').toMatch(/\s/);
  expect(teaser).not.toMatch(/[#*_`[\]()<>]|!\[|https?:/);
}

describe('the teaser of a Markdown article', () => {
  it('a heading crossing the cut gives its words up to a word boundary, without its #', () => {
    const source = `${words(20, 'settle')}\n\n## ${words(60, 'arriving')}\n\nThe rest.`;
    const teaser = toPremiumTeaser(source);
    expectCleanCut(source, teaser);
    expect(teaser).toMatch(/arriving$/);
    expect(teaser).toContain('settle\n\narriving');
  });

  it('a link crossing the cut gives part of its text and never its address', () => {
    const source = `${words(20, 'soften')} [${words(30, 'listening')}](https://secret.example/members-only) and on.\n\n${words(80)}`;
    const teaser = toPremiumTeaser(source);
    expectCleanCut(source, teaser);
    expect(teaser).toContain('listening');
    expect(teaser).not.toContain('secret.example');
  });

  it('an image beyond the cut is never leaked, nor one before it', () => {
    const source = `![Lake at dawn](${IMAGE})\n\n${words(60, 'noticing')}\n\n![Premium diagram](${IMAGE})\n\n${words(60)}`;
    const teaser = toPremiumTeaser(source);
    expectCleanCut(source, teaser);
    expect(teaser).not.toContain('objects');
    expect(teaser).not.toContain('Premium diagram');
    expect(teaser).not.toContain('Lake at dawn');
  });

  it('emphasis, lists and quotes read as their words; the length rule counts the words, not the markup', () => {
    const source = `**${words(20, 'gently')}**\n\n- ${words(10, 'one')}\n- ${words(10, 'two')}\n\n> ${words(50, 'quiet')}\n\n${words(60)}`;
    const teaser = toPremiumTeaser(source);
    expectCleanCut(source, teaser);
    expect(teaser.startsWith('gently gently')).toBe(true);
  });
});

describe('premium articles through the API', () => {
  const t = setUpTestApp();
  const [admin, visitor, premium] = setUpActors(t, 'admin', 'visitor', 'premium');

  it('a visitor gets only the plain opening: no image, link address or injected markup', async () => {
    const description = [
      '# A practice for hard days',
      `${words(30, 'steady')} [the full guide](https://secret.example/guide).`,
      '<script>alert(1)</script> <img src=x onerror=alert(1)>',
      words(60, 'resting'),
      `![Premium diagram](${IMAGE})`,
    ].join('\n\n');
    const created = await admin.request({
      method: 'POST',
      url: '/api/videos',
      payload: { title: 'Hard days', type: 'post', isPremium: true, description },
    });
    expect(created.statusCode, created.body).toBe(201);
    const seen = (await visitor.request({ method: 'GET', url: `/api/videos/${created.json().id}` })).json();
    expect(seen).toMatchObject({ isTeaser: true, description: toPremiumTeaser(description) });
    expect(seen.description.startsWith('A practice for hard days\n\nsteady')).toBe(true);
    for (const leak of ['secret.example', IMAGE, 'Premium diagram', '#', '](']) {
      expect(JSON.stringify(seen), leak).not.toContain(leak);
    }
    // A subscriber gets the Markdown source whole, rendered and sanitised by the client.
    const whole = (await premium.request({ method: 'GET', url: `/api/videos/${created.json().id}` })).json();
    expect(whole).toMatchObject({ isTeaser: false, description });
  });
});
