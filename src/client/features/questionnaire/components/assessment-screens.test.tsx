import { Toaster } from '@client/components/ui/toaster';
import { clearToasts } from '@client/testing/content';
import { expectLink, renderWithProviders } from '@client/testing/render';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import QuestionnaireResultsScreen from '../../../app/routes/questionnaire-results';
import { makeResult, member, premium, stubAssessmentFetch } from '../testing';
import { AssessmentDashboard } from './assessment-dashboard';
import { AssessmentHistory } from './assessment-history';
import { AssessmentResults } from './assessment-results';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const stub = stubAssessmentFetch;

const latest = makeResult('r2', '2025-06-14T18:30:00Z', 4.2, 2.5);
const earlier = makeResult('r1', '2025-05-20T09:00:00Z', 3.8, 2.5);

/** The dashboard with the latest result (or none) and what the member may start. */
function renderDashboard(
  result: typeof latest | null,
  completedCount: number,
  canStart: boolean,
  user = member,
) {
  stub({
    '/api/auth/user': { body: user },
    '/api/user/latest-questionnaire': { body: result },
    '/api/questionnaire/access': { body: { completedCount, canStart } },
  });
  renderWithProviders(<AssessmentDashboard />);
}

describe('AssessmentDashboard', () => {
  it('welcomes a member with no assessment yet', async () => {
    renderDashboard(null, 0, true);
    const start = await screen.findByRole('link', { name: 'Start Assessment' });
    expect(start).toHaveAttribute('href', '/questionnaire');
  });

  it('shows scores, labels and the retake and history links when a retake is allowed', async () => {
    renderDashboard(latest, 2, true, premium);
    expect((await screen.findByText('Overall 6P')).parentElement).toHaveTextContent('4.2/ 5Aligned');
    expect(screen.getByText('Overall 3C').parentElement).toHaveTextContent('2.5/ 5Mismatch');
    expect(screen.getByText(/Jun 14, 2025 at/)).toBeInTheDocument();
    const sixP = screen.getByRole('list', { name: '6P domain scores' });
    expect(within(sixP).getAllByRole('listitem')).toHaveLength(6);
    expect(within(sixP).getByText('Participation').closest('li')).toHaveTextContent('1.4Big mismatch');
    expectLink('View Detailed Results', '/questionnaire/r2/results');
    expect(await screen.findByRole('link', { name: 'Retake Assessment' })).toHaveAttribute(
      'href',
      '/questionnaire',
    );
    expectLink('View Progress History', '/assessment-history');
  });

  it('offers only the premium retake when a retake is not allowed', async () => {
    renderDashboard(latest, 1, false);
    expect(await screen.findByRole('link', { name: 'Retake Assessment (Premium)' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(screen.queryByRole('link', { name: 'Retake Assessment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Progress History' })).not.toBeInTheDocument();
  });

  it('opens a domain description from its info button', async () => {
    const user = userEvent.setup();
    renderDashboard(latest, 1, false);
    await user.click(await screen.findByRole('button', { name: 'About Perception' }));
    expect(await screen.findByText('How you notice and make sense of what happens.')).toBeInTheDocument();
  });
});

describe('AssessmentResults', () => {
  it('shows the overall scores with labels, the chart tables and the scale reference', async () => {
    stub({ '/api/questionnaire/r2/results': { body: latest } });
    renderWithProviders(<AssessmentResults id="r2" />);
    expect(await screen.findByText('Jun 14, 2025')).toBeInTheDocument();
    expect(screen.getAllByText('Aligned').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Mismatch').length).toBeGreaterThan(0);
    expect(
      screen.getByText('Never=0, Very Rarely=1, Rarely=2, Occasionally=3, Frequently=4, Very Frequently=5'),
    ).toBeInTheDocument();
    const sixP = await screen.findByRole('table', { name: 'The 6Ps scores (0 to 5)' });
    expect(within(sixP).getAllByRole('row')).toHaveLength(7);
    expect(screen.getByRole('table', { name: 'The 3Cs scores (0 to 5)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/assessment');
    expect(screen.getByRole('link', { name: 'Take Again' })).toHaveAttribute('href', '/questionnaire');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('You do not have to carry this alone')).not.toBeInTheDocument();
  });

  it('shows the gentle support panel for low scores, with its kind words when no helpline is set', async () => {
    stub({
      '/api/questionnaire/low/results': { body: makeResult('low', '2025-06-14T18:30:00Z', 1.2, 3) },
      '/api/site/help': { body: { faqHtml: '', contactEmail: '', helplines: [] } },
    });
    renderWithProviders(<AssessmentResults id="low" />);
    const panel = await screen.findByRole('region', { name: 'You do not have to carry this alone' });
    expect(within(panel).getByText(/call your local emergency number/)).toBeInTheDocument();
    expect(within(panel).queryByRole('list', { name: 'Helplines' })).toBeNull();
  });

  it("the low-score panel lists the admin's helplines: name, a tel: link and the website", async () => {
    stub({
      '/api/questionnaire/low/results': { body: makeResult('low', '2025-06-14T18:30:00Z', 1.2, 3) },
      '/api/site/help': {
        body: {
          faqHtml: '',
          contactEmail: '',
          helplines: [
            { country: 'GB', name: 'Samaritans', phone: '116 123', url: 'https://www.samaritans.org' },
          ],
        },
      },
    });
    renderWithProviders(<AssessmentResults id="low" />);
    const panel = await screen.findByRole('region', { name: 'You do not have to carry this alone' });
    const list = await within(panel).findByRole('list', { name: 'Helplines' });
    expect(within(list).getByText('Samaritans')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Call Samaritans, 116 123' })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    expect(within(list).getByRole('link', { name: /samaritans\.org/ })).toHaveAttribute(
      'href',
      'https://www.samaritans.org',
    );
  });

  it("says 'Results Unavailable' when the results cannot load", async () => {
    stub({ '/api/questionnaire/nope/results': { status: 404, body: { message: 'Not found' } } });
    renderWithProviders(<AssessmentResults id="nope" />);
    expect(await screen.findByRole('heading', { name: 'Results Unavailable' })).toBeInTheDocument();
    expect(
      screen.getByText('Unable to load your assessment results. Please try again or contact support.'),
    ).toBeInTheDocument();
  });

  it('sends a signed-out visitor home with a toast', async () => {
    stub({ '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } } });
    const { location } = renderWithProviders(
      <>
        <QuestionnaireResultsScreen params={{ id: 'r2' }} />
        <Toaster />
      </>,
      { path: '/questionnaire/r2/results' },
    );
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to view your assessment results.')).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'), { timeout: 1500 });
  });
});

describe('AssessmentHistory', () => {
  it("shows 'No Assessment History' with a way to begin", async () => {
    stub({ '/api/user/questionnaire-history': { body: [] } });
    renderWithProviders(<AssessmentHistory />);
    expect(await screen.findByRole('heading', { name: 'No Assessment History' })).toBeInTheDocument();
    expectLink('Take Your First Assessment', '/questionnaire');
  });

  it('shows the count, the change from last, the tables and the list newest first', async () => {
    stub({ '/api/user/questionnaire-history': { body: [latest, earlier] } });
    renderWithProviders(<AssessmentHistory />);
    expect(await screen.findByText('2 assessments completed')).toBeInTheDocument();
    expect(screen.getByText('+0.4 from last')).toBeInTheDocument();
    expect(screen.getByText('No change')).toBeInTheDocument();
    expect(screen.queryByText('Meaningful change')).not.toBeInTheDocument();
    const overall = await screen.findByRole('table', { name: 'Overall 6P and 3C over time (0 to 5)' });
    const rows = within(overall).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1 (May 20)3.82.5');
    expect(rows[2]).toHaveTextContent('2 (Jun 14)4.22.5');
    expect(screen.getByRole('table', { name: 'The six domains over time (0 to 5)' })).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Calm, clear and connected over time (0 to 5)' }),
    ).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Assessment 2');
    expect(items[1]).toHaveTextContent('Assessment 1');
    expectLink('View Details of assessment 2', '/questionnaire/r2/results');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/assessment');
  });

  it('marks a change of half a point or more as meaningful', async () => {
    stub({
      '/api/user/questionnaire-history': {
        body: [makeResult('b', '2025-06-14T18:30:00Z', 3, 2), makeResult('a', '2025-05-14T18:30:00Z', 2, 2)],
      },
    });
    renderWithProviders(<AssessmentHistory />);
    expect(await screen.findByText('+1.0 from last')).toBeInTheDocument();
    expect(screen.getByText('Meaningful change')).toBeInTheDocument();
  });
});
