import { describe, expect, it } from 'vitest';
import { describeNotification } from './notification-copy.ts';

describe('describeNotification', () => {
  it('names the playlist and the new item', () => {
    expect(
      describeNotification({ kind: 'playlist_item', actor: null, subject: 'Quiet mornings: Arriving' }),
    ).toBe('New in Quiet mornings: Arriving');
  });

  it('reads kindly without a subject', () => {
    expect(describeNotification({ kind: 'playlist_item', actor: null, subject: null })).toBe(
      'New in a playlist you follow',
    );
  });
});
