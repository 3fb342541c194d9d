import { describe, expect, it } from 'vitest';
import { readPushMessage } from './push-message';

describe('readPushMessage', () => {
  it('shows what the server sent', () => {
    expect(
      readPushMessage(
        JSON.stringify({ title: 'Stillpoint', body: 'Iris replied', link: '/community/posts/1' }),
      ),
    ).toEqual({
      title: 'Stillpoint',
      body: 'Iris replied',
      link: '/community/posts/1',
    });
  });

  it('falls back calmly on an empty or broken payload', () => {
    expect(readPushMessage(null)).toEqual({
      title: 'Stillpoint',
      body: 'Something new is waiting for you.',
      link: '/',
    });
    expect(readPushMessage('not json').link).toBe('/');
  });

  it('never opens another site', () => {
    for (const link of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      expect(readPushMessage(JSON.stringify({ title: 't', body: 'b', link })).link).toBe('/');
    }
  });
});
