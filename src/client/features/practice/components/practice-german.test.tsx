import { activateLocale } from '@client/lib/i18n';
import { freeMember } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MeditationTimer } from './meditation-timer';
import { WeekStrip } from './week-strip';

// The timer and the week in German (issue 37): labels, bells, errors and the spoken days come
// from the catalogues, and no key id ever shows.
beforeEach(async () => {
  await activateLocale('de', ['common', 'practice']);
});

afterEach(async () => {
  await activateLocale('en');
});

function expectNoKeyIds() {
  expect(document.body.textContent).not.toMatch(/practice\.[a-z]/);
  for (const element of document.querySelectorAll('[aria-label]')) {
    expect(element.getAttribute('aria-label')).not.toMatch(/practice\.[a-z]/);
  }
}

describe('the practice screens in German', () => {
  it('shows the timer, its bells and its errors in German', async () => {
    const user = userEvent.setup();
    renderWithRoutes(<MeditationTimer />, { '/api/auth/user': { body: freeMember } });
    const duration = await screen.findByLabelText('Dauer in Minuten');
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(screen.getAllByRole('option', { name: 'Klangschale' })).toHaveLength(2);
    expect(screen.getByRole('option', { name: 'Meereswellen' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Glocke für Beginn und Ende anhören: Klangschale' }),
    ).toBeVisible();
    await user.clear(duration);
    await user.type(duration, '0');
    expect(duration).toHaveAccessibleDescription('Wähle eine ganze Zahl von Minuten zwischen 1 und 180.');
    await user.clear(duration);
    await user.type(duration, '2');
    await user.type(screen.getByLabelText('Intervallglocke alle (Minuten)'), '5');
    expect(screen.getByLabelText('Intervallglocke alle (Minuten)')).toHaveAccessibleDescription(
      'Wähle eine Intervallglocke von 1 bis 2 ganzen Minuten oder keine.',
    );
    expectNoKeyIds();
  });

  it('reads the week aloud in German', async () => {
    renderWithRoutes(
      <WeekStrip
        today="2026-11-25"
        days={[
          { date: '2026-11-23', minutes: 1, sessions: 1 },
          { date: '2026-11-24', minutes: 0, sessions: 0 },
          { date: '2026-11-25', minutes: 0, sessions: 1 },
          { date: '2026-11-26', minutes: 0, sessions: 0 },
        ]}
      />,
      {},
    );
    expect(await screen.findByRole('list', { name: 'Diese Woche, Tag für Tag' })).toBeInTheDocument();
    expect(screen.getByText('Montag, 23. November: geübt, 1 Minute')).toBeInTheDocument();
    expect(screen.getByText('Dienstag, 24. November: keine Übung')).toBeInTheDocument();
    expect(screen.getByText('Mittwoch, 25. November (heute): geübt, unter einer Minute')).toBeInTheDocument();
    expect(screen.getByText('Donnerstag, 26. November: kommt noch')).toBeInTheDocument();
    expectNoKeyIds();
  });
});
