import { accountStorageKey } from '@client/features/auth';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMER_CHOICE,
  DURATION_MESSAGE,
  MAX_SAVED_PRESETS,
  parseDurationMinutes,
  parseIntervalMinutes,
  readTimerPresets,
  removeTimerPreset,
  saveTimerPreset,
  type TimerChoice,
} from './timer-settings';

describe('the duration a member types', () => {
  it.each(['1', '10', '90', '180', ' 45 '])('accepts %j minutes', (text) => {
    expect(parseDurationMinutes(text)).toEqual({ value: Number(text.trim()) });
  });

  it.each(['0', '181', '', 'ten', '1.5', '-5', '1e2', '20 min'])(
    'refuses %j with a clear message',
    (text) => {
      expect(parseDurationMinutes(text)).toEqual({ error: DURATION_MESSAGE });
    },
  );

  it('says what is allowed', () => {
    expect(DURATION_MESSAGE).toBe('Choose a whole number of minutes from 1 to 180.');
  });
});

describe('the interval bell a member types', () => {
  it('empty means no interval bell', () => {
    expect(parseIntervalMinutes('', 20)).toEqual({ value: 0 });
    expect(parseIntervalMinutes('  ', 20)).toEqual({ value: 0 });
  });

  it('accepts any whole minute from 1 up to the sit', () => {
    expect(parseIntervalMinutes('1', 90)).toEqual({ value: 1 });
    expect(parseIntervalMinutes('7', 90)).toEqual({ value: 7 });
    expect(parseIntervalMinutes('90', 90)).toEqual({ value: 90 });
  });

  it.each(['0', '91', 'often', '2.5', '-1'])('refuses %j for a 90-minute sit, naming the limit', (text) => {
    expect(parseIntervalMinutes(text, 90)).toEqual({
      error: 'Choose an interval bell of a whole number of minutes from 1 to 90, or none.',
    });
  });
});

describe('saved presets', () => {
  const sit = (patch: Partial<TimerChoice>): TimerChoice => ({ ...DEFAULT_TIMER_CHOICE, ...patch });

  it('are remembered per account, newest first, without duplicates', () => {
    saveTimerPreset('member-a', sit({ minutes: 20 }));
    saveTimerPreset('member-a', sit({ minutes: 90, intervalMinutes: 7, ambient: 'ocean' }));
    saveTimerPreset('member-a', sit({ minutes: 20 }));
    expect(readTimerPresets('member-a').map((preset) => preset.minutes)).toEqual([20, 90]);
    expect(readTimerPresets('member-a')[1]).toMatchObject({ intervalMinutes: 7, ambient: 'ocean' });
    // Another account on the same device sees none of them.
    expect(readTimerPresets('member-b')).toEqual([]);
  });

  it(`keep the latest ${MAX_SAVED_PRESETS}`, () => {
    for (let minutes = 1; minutes <= MAX_SAVED_PRESETS + 2; minutes++)
      saveTimerPreset('member-a', sit({ minutes }));
    const kept = readTimerPresets('member-a');
    expect(kept).toHaveLength(MAX_SAVED_PRESETS);
    expect(kept[0]?.minutes).toBe(MAX_SAVED_PRESETS + 2);
  });

  it('can be removed', () => {
    saveTimerPreset('member-a', sit({ minutes: 20 }));
    saveTimerPreset('member-a', sit({ minutes: 30 }));
    expect(removeTimerPreset('member-a', sit({ minutes: 20 })).map((preset) => preset.minutes)).toEqual([30]);
    expect(readTimerPresets('member-a').map((preset) => preset.minutes)).toEqual([30]);
  });

  it('leave out what is stored in an unreadable or invalid shape', () => {
    const key = accountStorageKey('member-a', 'timer-presets');
    window.localStorage.setItem(
      key,
      JSON.stringify([
        sit({ minutes: 15 }),
        { minutes: 500 },
        sit({ minutes: 10, bell: 'trumpet' as 'bowl' }),
        'x',
      ]),
    );
    expect(readTimerPresets('member-a').map((preset) => preset.minutes)).toEqual([15]);
    window.localStorage.setItem(key, '{not json');
    expect(readTimerPresets('member-a')).toEqual([]);
  });
});
