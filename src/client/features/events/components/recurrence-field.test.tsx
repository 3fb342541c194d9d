import { activateLocale, namespaces } from '@client/lib/i18n';
import { renderWithProviders } from '@client/testing/render';
import { nextOccurrences } from '@shared/event-occurrences';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecurrenceField, repeatOf, ruleOf } from './recurrence-field';

// 2031-01-10 is a Friday, the second of its month.
const START = '2031-01-10T19:00';

function Harness({ initial = '' }: { initial?: string }) {
  const [rule, setRule] = useState(initial);
  return (
    <>
      <RecurrenceField value={rule} start={START} onChange={setRule} />
      <output aria-label="rule">{rule}</output>
    </>
  );
}
const rule = () => screen.getByRole('status', { name: 'rule' }).textContent;

afterEach(() => activateLocale('en', [...namespaces]));

describe('the recurrence choices', () => {
  it('write weekly rules on the chosen days, every N weeks, ending on a date or after N sessions', async () => {
    renderWithProviders(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Repeats'), 'Every week');
    expect(rule()).toBe('FREQ=WEEKLY;BYDAY=FR');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    expect(rule()).toBe('FREQ=WEEKLY;BYDAY=MO,FR');
    await userEvent.selectOptions(screen.getByLabelText('Every how many weeks'), '2');
    expect(rule()).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR');
    await userEvent.selectOptions(screen.getByLabelText('Ends'), 'After a number of sessions');
    expect(rule()).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;COUNT=10');
    const sessions = screen.getByLabelText('Sessions');
    await userEvent.clear(sessions);
    await userEvent.type(sessions, '8');
    expect(rule()).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;COUNT=8');
    await userEvent.selectOptions(screen.getByLabelText('Ends'), 'On a date');
    expect(rule()).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;UNTIL=20310410T235959Z');
    // As the browser's date picker sets it: a whole date at once.
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2031-03-31' } });
    expect(rule()).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;UNTIL=20310331T235959Z');
    await userEvent.selectOptions(screen.getByLabelText('Repeats'), 'Does not repeat');
    expect(rule()).toBe('');
  });

  it("write monthly rules on the start's day of the month or its nth weekday", async () => {
    renderWithProviders(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Repeats'), 'Every month');
    expect(rule()).toBe('FREQ=MONTHLY;BYMONTHDAY=10');
    await userEvent.click(screen.getByRole('radio', { name: 'The second Friday' }));
    expect(rule()).toBe('FREQ=MONTHLY;BYDAY=2FR');
    // The rule the choices wrote expands where the choices said: second Fridays.
    const starts = nextOccurrences(
      {
        startsAt: new Date('2031-01-10T19:00:00Z'),
        timeZone: 'UTC',
        durationMinutes: 30,
        recurrence: rule(),
        exceptionDates: [],
      },
      new Date('2031-01-01T00:00:00Z'),
      3,
    );
    expect(starts.map((start) => start.toISOString().slice(0, 10))).toEqual([
      '2031-01-10',
      '2031-02-14',
      '2031-03-14',
    ]);
  });

  it('open a rule they cannot show as text, and a rule they can as the choices', async () => {
    renderWithProviders(<Harness initial="FREQ=MONTHLY;BYDAY=-1SU" />);
    expect(screen.getByLabelText('Repeats (RRULE)')).toHaveValue('FREQ=MONTHLY;BYDAY=-1SU');
    expect(screen.queryByRole('button', { name: 'Choose from the options instead' })).not.toBeInTheDocument();
    document.body.innerHTML = '';
    renderWithProviders(<Harness initial="FREQ=WEEKLY;BYDAY=SU,WE;COUNT=8" />);
    expect(screen.getByLabelText('Repeats')).toHaveValue('weekly');
    expect(screen.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked();
    expect(screen.getByLabelText('Sessions')).toHaveValue(8);
  });

  it('read back every rule they write', () => {
    for (const written of [
      'FREQ=WEEKLY;BYDAY=FR',
      'FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,WE,FR;COUNT=12',
      'FREQ=MONTHLY;BYMONTHDAY=10;UNTIL=20311231T235959Z',
      'FREQ=MONTHLY;INTERVAL=2;BYDAY=2FR',
    ]) {
      const repeat = repeatOf(written, START);
      expect(repeat, written).not.toBeNull();
      expect(ruleOf(repeat!, START)).toBe(written);
    }
    // Another month day than the start's is not one of the choices.
    expect(repeatOf('FREQ=MONTHLY;BYMONTHDAY=3', START)).toBeNull();
  });

  it('speak German, weekday names included', async () => {
    await activateLocale('de', [...namespaces]);
    renderWithProviders(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Wiederholt sich'), 'Jeden Monat');
    expect(screen.getByRole('radio', { name: 'Zweiten Freitag' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Wiederholt sich'), 'Jede Woche');
    expect(screen.getByRole('checkbox', { name: 'Freitag' })).toBeChecked();
  });
});
