import { describe, expect, it } from 'vitest';
import { expandOccurrences, instantOfWallTime, localDateKey, nextOccurrences } from './event-occurrences.ts';
import { recurrenceProblem } from './schemas/events.ts';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const wall = (text: string) => {
  const [date, time] = text.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute, second: 0 };
};

describe('wall-clock times in a zone', () => {
  it.each([
    ['2026-01-11T19:00', 'Europe/Berlin', '2026-01-11T18:00:00.000Z'],
    ['2026-07-12T19:00', 'Europe/Berlin', '2026-07-12T17:00:00.000Z'],
    ['2026-01-11T19:00', 'America/Los_Angeles', '2026-01-12T03:00:00.000Z'],
    ['2026-07-12T19:00', 'America/Los_Angeles', '2026-07-13T02:00:00.000Z'],
    ['2026-01-11T19:00', 'Pacific/Auckland', '2026-01-11T06:00:00.000Z'],
    ['2026-07-12T19:00', 'Pacific/Auckland', '2026-07-12T07:00:00.000Z'],
    // Skipped by spring-forward (Berlin 2026-03-29 02:00 -> 03:00): just after the jump.
    ['2026-03-29T02:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    // Happens twice in autumn (Berlin 2026-10-25 03:00 -> 02:00): the first.
    ['2026-10-25T02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
  ])('%s in %s is %s', (local, zone, expected) => {
    expect(instantOfWallTime(wall(local), zone).toISOString()).toBe(expected);
  });
});

describe('expanding a weekly rule across daylight-saving changes', () => {
  it('keeps 19:00 in Berlin across the March change (18:00 UTC, then 17:00 UTC)', () => {
    const event = {
      startsAt: new Date('2026-03-15T18:00:00Z'),
      timeZone: 'Europe/Berlin',
      durationMinutes: 30,
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      exceptionDates: [],
    };
    expect(
      iso(expandOccurrences(event, new Date('2026-03-14T00:00Z'), new Date('2026-04-06T00:00Z'))),
    ).toEqual([
      '2026-03-15T18:00:00.000Z',
      '2026-03-22T18:00:00.000Z',
      '2026-03-29T17:00:00.000Z',
      '2026-04-05T17:00:00.000Z',
    ]);
  });

  it('keeps 19:00 Sunday in Los Angeles, which is Monday in UTC, across the November change', () => {
    const event = {
      startsAt: new Date('2026-10-26T02:00:00Z'), // Sunday 25 October, 19:00 PDT
      timeZone: 'America/Los_Angeles',
      durationMinutes: 60,
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      exceptionDates: [],
    };
    const starts = expandOccurrences(event, new Date('2026-10-25T00:00Z'), new Date('2026-11-16T00:00Z'));
    expect(iso(starts)).toEqual([
      '2026-10-26T02:00:00.000Z',
      '2026-11-02T03:00:00.000Z',
      '2026-11-09T03:00:00.000Z',
    ]);
    expect(starts.map((start) => localDateKey(start, 'America/Los_Angeles'))).toEqual([
      '2026-10-25',
      '2026-11-01',
      '2026-11-08',
    ]);
  });

  it('keeps 07:00 Sunday in Auckland, which is Saturday in UTC, across the April change', () => {
    const event = {
      startsAt: new Date('2026-03-28T18:00:00Z'), // Sunday 29 March, 07:00 NZDT (+13)
      timeZone: 'Pacific/Auckland',
      durationMinutes: 45,
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      exceptionDates: [],
    };
    const starts = expandOccurrences(event, new Date('2026-03-28T00:00Z'), new Date('2026-04-13T00:00Z'));
    expect(iso(starts)).toEqual([
      '2026-03-28T18:00:00.000Z', // NZDT, +13
      '2026-04-04T19:00:00.000Z', // NZST, +12: the change was at 03:00 that Sunday
      '2026-04-11T19:00:00.000Z',
    ]);
    expect(starts.map((start) => localDateKey(start, 'Pacific/Auckland'))).toEqual([
      '2026-03-29',
      '2026-04-05',
      '2026-04-12',
    ]);
  });
});

describe('rules, exceptions and windows', () => {
  const weekly = {
    startsAt: new Date('2026-01-04T18:00:00Z'),
    timeZone: 'Europe/Berlin',
    durationMinutes: 30,
    recurrence: 'FREQ=WEEKLY;BYDAY=SU',
    exceptionDates: ['2026-01-18'],
  };

  it('skips exception dates (local dates in the organiser zone)', () => {
    expect(iso(expandOccurrences(weekly, new Date('2026-01-01Z'), new Date('2026-02-01Z')))).toEqual([
      '2026-01-04T18:00:00.000Z',
      '2026-01-11T18:00:00.000Z',
      '2026-01-25T18:00:00.000Z',
    ]);
  });

  it('includes an occurrence still running at the start of the window, and none before the first start', () => {
    expect(iso(expandOccurrences(weekly, new Date('2026-01-11T18:20Z'), new Date('2026-01-12Z')))).toEqual([
      '2026-01-11T18:00:00.000Z',
    ]);
    expect(expandOccurrences(weekly, new Date('2025-12-01Z'), new Date('2026-01-04T17:59Z'))).toEqual([]);
  });

  it('expands a monthly rule (the first Friday) and honours COUNT', () => {
    const monthly = {
      ...weekly,
      startsAt: new Date('2026-01-02T20:00:00Z'),
      recurrence: 'FREQ=MONTHLY;BYDAY=1FR;COUNT=3',
      exceptionDates: [],
    };
    expect(iso(expandOccurrences(monthly, new Date('2026-01-01Z'), new Date('2026-06-01Z')))).toEqual([
      '2026-01-02T20:00:00.000Z',
      '2026-02-06T20:00:00.000Z',
      '2026-03-06T20:00:00.000Z',
    ]);
  });

  it('a single event has one occurrence', () => {
    const single = { ...weekly, recurrence: null };
    expect(iso(nextOccurrences(single, new Date('2026-01-01Z'), 5))).toEqual(['2026-01-04T18:00:00.000Z']);
    expect(nextOccurrences(single, new Date('2026-02-01Z'), 5)).toEqual([]);
  });

  it.each([
    ['FREQ=WEEKLY;BYDAY=SU', null],
    ['FREQ=MONTHLY;BYMONTHDAY=1', null],
    ['FREQ=DAILY', 'Recurrence must be weekly or monthly (FREQ=WEEKLY or FREQ=MONTHLY)'],
    ['BYDAY=SU', 'Recurrence must be weekly or monthly (FREQ=WEEKLY or FREQ=MONTHLY)'],
    ['nonsense', 'Recurrence is not a valid RRULE (like FREQ=WEEKLY;BYDAY=SU)'],
    ['FREQ=WEEKLY;BYDAY=XX', 'Recurrence is not a valid RRULE (like FREQ=WEEKLY;BYDAY=SU)'],
    ['DTSTART:20260101T000000Z\nRRULE:FREQ=WEEKLY', expect.stringContaining('the rule alone')],
  ])('recurrence %j: %s', (rule, problem) => {
    expect(recurrenceProblem(rule)).toEqual(problem);
  });
});
