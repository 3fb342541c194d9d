import { describe, expect, it } from 'vitest';
import { formatReadingTime } from './content-values.ts';
import { readingTimeMinutes } from './schemas/content.ts';

/** How a card, the detail page and the home screen say an item's length (issue 36). */
const shown = (type: 'video' | 'audio' | 'post' | 'event', duration: number, description = 'A few words.') =>
  formatReadingTime({ type, duration, readingMinutes: readingTimeMinutes({ type, duration, description }) });

describe('durations shown rounded sensibly', () => {
  it.each([
    [1, 'under a minute'],
    [29, 'under a minute'],
    [30, '1 min'],
    [89, '1 min'],
    [90, '2 min'],
    [119, '2 min'],
    [149, '2 min'],
    [150, '3 min'],
    [600, '10 min'],
    [3599, '60 min'],
  ])('a recording of %i s reads "%s"', (seconds, text) => {
    expect(shown('audio', seconds)).toBe(text);
    expect(shown('video', seconds)).toBe(text);
  });

  it('never "0 min" for a real recording; "0 min" only when there is no duration (docs/product.md)', () => {
    for (let seconds = 1; seconds <= 200; seconds += 1) expect(shown('audio', seconds)).not.toBe('0 min');
    expect(shown('audio', 0)).toBe('0 min');
    expect(shown('event', 0)).toBe('0 min');
  });

  it('posts keep their reading time by words, at least 1 min, whatever a duration says', () => {
    expect(shown('post', 10)).toBe('1 min');
    expect(shown('post', 0, 'word '.repeat(401))).toBe('3 min');
  });

  it('the API figure is the rounded minutes, at least 1 for a recording', () => {
    expect(readingTimeMinutes({ type: 'audio', duration: 20 })).toBe(1);
    expect(readingTimeMinutes({ type: 'audio', duration: 89 })).toBe(1);
    expect(readingTimeMinutes({ type: 'audio', duration: 91 })).toBe(2);
    expect(readingTimeMinutes({ type: 'audio', duration: 0 })).toBe(0);
  });
});
