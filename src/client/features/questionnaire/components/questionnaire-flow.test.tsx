import { bodyOf, renderWithRoutes, type stubFetch } from '@client/testing/render';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member, shortDomains } from '../testing';
import { QuestionnaireFlow } from './questionnaire-flow';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function session(answers: Array<{ questionId: string; score: number }> = []) {
  return {
    id: 's1',
    status: 'in_progress',
    version: 1,
    startedAt: '2025-06-01T10:00:00Z',
    completedAt: null,
    answers,
  };
}

function renderFlow(routes: Parameters<typeof stubFetch>[0] = {}) {
  return renderWithRoutes(
    <QuestionnaireFlow />,
    {
      '/api/auth/user': { body: member },
      '/api/questionnaire/domains': { body: shortDomains },
      'POST /api/questionnaire/start': { status: 201, body: session() },
      'POST /api/questionnaire/s1/response': { body: { ok: true } },
      'POST /api/questionnaire/s1/complete': { body: {} },
      ...routes,
    },
    { path: '/questionnaire' },
  );
}

describe('QuestionnaireFlow', () => {
  it('starts on entry, keeps Next disabled until answered, and saves each answer at once', async () => {
    const user = userEvent.setup();
    const { calls } = renderFlow();
    expect(await screen.findByText('Question 1 of 4')).toBeInTheDocument();
    expect(screen.getByText('25.0% complete')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'I noticed small, pleasant details.' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Frequently' }));
    expect(next).toBeEnabled();
    expect(bodyOf(calls, '/api/questionnaire/s1/response', 'POST')).toEqual({ questionId: 'q1', score: 4 });

    await user.click(next);
    expect(screen.getByText('Question 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('radio', { name: 'Frequently' })).toBeChecked();
  });

  it('arrow keys select as they move, the first one too, and each choice is saved', async () => {
    const user = userEvent.setup();
    const { calls } = renderFlow();
    await screen.findByText('Question 1 of 4');
    const first = screen.getByRole('radio', { name: 'Very Frequently' });
    first.focus();
    await user.keyboard('{ArrowDown}');
    const second = screen.getByRole('radio', { name: 'Frequently' });
    expect(second).toHaveFocus();
    expect(second).toBeChecked();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Occasionally' })).toBeChecked();
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/questionnaire/s1/response')).toHaveLength(2),
    );
    expect(bodyOf(calls, '/api/questionnaire/s1/response', 'POST')).toEqual({ questionId: 'q1', score: 4 });
  });

  it('offers the six answers from Very Frequently to Never', async () => {
    renderFlow();
    await screen.findByText('Question 1 of 4');
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    for (const label of ['Very Frequently', 'Frequently', 'Occasionally', 'Rarely', 'Very Rarely', 'Never']) {
      expect(screen.getByRole('radio', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByText(/past two weeks/)).toBeInTheDocument();
    expect(screen.getByText(/reflection tool, not a diagnosis/)).toBeInTheDocument();
  });

  it('resumes at the first unanswered question and completes on the last one', async () => {
    const user = userEvent.setup();
    const { location, calls } = renderFlow({
      'POST /api/questionnaire/start': {
        body: session([
          { questionId: 'q1', score: 5 },
          { questionId: 'q2', score: 3 },
          { questionId: 'q3', score: 2 },
        ]),
      },
    });
    expect(await screen.findByText('Question 4 of 4')).toBeInTheDocument();
    expect(screen.getByText('Presence · Clear')).toBeInTheDocument();
    const complete = screen.getByRole('button', { name: 'Complete Assessment' });
    expect(complete).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Never' }));
    await user.click(complete);
    await waitFor(() => expect(location.history.at(-1)).toBe('/questionnaire/s1/results'));
    expect(calls.some((c) => c.url === '/api/questionnaire/s1/complete')).toBe(true);
  });

  it('shows the Premium Assessment panel when a retake is not allowed', async () => {
    renderFlow({
      'POST /api/questionnaire/start': {
        status: 403,
        body: { message: 'Retakes need a subscription', code: 'PREMIUM_REQUIRED' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Premium Assessment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe to retake' })).toHaveAttribute('href', '/subscribe');
  });

  it('says the assessment is unavailable when there are no domains', async () => {
    const { calls } = renderFlow({ '/api/questionnaire/domains': { body: [] } });
    expect(await screen.findByRole('heading', { name: 'Assessment Unavailable' })).toBeInTheDocument();
    expect(screen.getByText('Debug details')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/questionnaire/start')).toBe(false);
  });
});
