import { activateLocale } from '@client/lib/i18n';
import { clearToasts } from '@client/testing/content';
import { renderWithProviders, renderWithRoutes } from '@client/testing/render';
import type { QuestionnaireDomain } from '@shared/schemas/questionnaire';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeResult, member, stubAssessmentFetch } from '../testing';
import { AssessmentResults } from './assessment-results';
import { QuestionnaireFlow } from './questionnaire-flow';

vi.setConfig({ testTimeout: 15_000 });

// The questionnaire in German (issue 37): the statements come from the server in the member's
// language; the scale, the score labels and the support words from the catalogue; no key id shows.
beforeEach(async () => {
  await activateLocale('de', ['common', 'questionnaire']);
});

afterEach(async () => {
  clearToasts();
  vi.unstubAllGlobals();
  await activateLocale('en');
});

function expectNoKeyIds() {
  expect(document.body.textContent).not.toMatch(/questionnaire\.[a-z]/);
  for (const element of document.querySelectorAll('[aria-label]')) {
    expect(element.getAttribute('aria-label')).not.toMatch(/questionnaire\.[a-z]/);
  }
}

/** As the server answers `GET /api/questionnaire/domains` for a German browser. */
const germanDomains: QuestionnaireDomain[] = [
  {
    domain: 'presence',
    title: 'Präsenz',
    description: 'Der Zustand deines Geistes.',
    orderIndex: 7,
    questions: [
      {
        id: 'q1',
        questionText: 'Ich fühlte mich gelassen und im Frieden, auch an vollen Tagen.',
        presenceSubdomain: 'calm',
        orderIndex: 1,
      },
      {
        id: 'q2',
        questionText: 'Ich habe Entscheidungen mit klarem Kopf getroffen.',
        presenceSubdomain: 'clear',
        orderIndex: 2,
      },
    ],
  },
];

describe('the questionnaire in German', () => {
  it('asks each statement with the German scale, progress and buttons', async () => {
    renderWithRoutes(
      <QuestionnaireFlow />,
      {
        '/api/auth/user': { body: member },
        '/api/questionnaire/domains': { body: germanDomains },
        'POST /api/questionnaire/start': {
          status: 201,
          body: {
            id: 's1',
            status: 'in_progress',
            version: 1,
            startedAt: '2025-06-01T10:00:00Z',
            completedAt: null,
            answers: [],
          },
        },
      },
      { path: '/questionnaire' },
    );
    expect(await screen.findByText('Frage 1 von 2')).toBeInTheDocument();
    expect(screen.getByText('50,0 % erledigt')).toBeInTheDocument();
    expect(screen.getByText('Präsenz · Ruhe')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Ich fühlte mich gelassen und im Frieden, auch an vollen Tagen.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Wenn du an die letzten zwei Wochen denkst: Wie oft traf das zu?'),
    ).toBeInTheDocument();
    const scale = screen.getByRole('radiogroup');
    expect(
      within(scale)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Sehr oft5', 'Oft4', 'Manchmal3', 'Selten2', 'Sehr selten1', 'Nie0']);
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    expect(screen.getByText(/keine Diagnose/)).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('shows the results with German labels, numbers, dates and the kind support words', async () => {
    const low = makeResult('r3', '2025-06-14T18:30:00Z', 1.2, 4.5);
    stubAssessmentFetch({ '/api/questionnaire/r3/results': { body: low } });
    renderWithProviders(<AssessmentResults id="r3" />);
    expect(await screen.findByText('14. Juni 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Du musst das nicht allein tragen' })).toBeInTheDocument();
    expect(screen.getByText(/ein Werkzeug zum Nachspüren, keine Diagnose/)).toBeInTheDocument();
    expect(screen.getByText('Gesamtwerte')).toBeInTheDocument();
    expect(screen.getByText('6P gesamt').parentElement).toHaveTextContent('1,2/ 5Große Abweichung');
    expect(screen.getByText('3C gesamt').parentElement).toHaveTextContent('4,5/ 5Im Einklang');
    const sixP = screen.getByRole('list', { name: 'Werte der 6P' });
    expect(within(sixP).getByText('Teilhabe').closest('li')).toHaveTextContent('1,4Große Abweichung');
    expect(
      screen.getByText('Nie=0, Sehr selten=1, Selten=2, Manchmal=3, Oft=4, Sehr oft=5'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Übersicht' })).toHaveAttribute('href', '/assessment');
    expect(await screen.findByRole('table', { name: 'Werte: Die 6P (0 bis 5)' })).toBeInTheDocument();
    expectNoKeyIds();
  });
});
