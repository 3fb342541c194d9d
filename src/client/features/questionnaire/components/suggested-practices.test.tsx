import { makeContentItem } from '@client/testing/content';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import type { SuggestionTags } from '@shared/schemas/questionnaire';
import { SUGGESTION_DOMAINS } from '@shared/schemas/questionnaire';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SuggestionTagsEditor } from '../admin/suggestion-tags-editor';
import { makeResult, stubAssessmentFetch } from '../testing';
import { AssessmentDashboard } from './assessment-dashboard';
import { AssessmentResults } from './assessment-results';

vi.setConfig({ testTimeout: 15_000 });
afterEach(() => vi.unstubAllGlobals());

const suggestions = [
  {
    domain: 'calm' as const,
    items: [
      makeContentItem({ id: 'i1', title: 'Three breaths' }),
      makeContentItem({ id: 'i2', title: 'Deep rest', isPremium: true, isTeaser: true }),
    ],
  },
  { domain: 'people' as const, items: [makeContentItem({ id: 'i3', title: 'Kind words' })] },
];
const withSuggestions = { ...makeResult('r2', '2025-06-14T18:30:00Z', 3.2, 2.5), suggestions };

const stub = stubAssessmentFetch;

describe('suggested practices', () => {
  it('shows each low area with its items as library cards, premium ones marked, beside the note', async () => {
    stub({ '/api/questionnaire/r2/results': { body: withSuggestions } });
    renderWithProviders(<AssessmentResults id="r2" />);
    const section = await screen.findByRole('region', { name: 'Practices you might enjoy' });
    expect(section).toHaveTextContent('A gentle suggestion, not a diagnosis');
    const calm = within(section).getByRole('region', { name: 'For Calm' });
    expect(within(calm).getByRole('link', { name: 'Three breaths' })).toHaveAttribute('href', '/video/i1');
    const premiumCard = within(calm).getByRole('article', { name: 'Deep rest' });
    expect(premiumCard).toHaveTextContent('Premium');
    expect(within(section).getByRole('region', { name: 'For People' })).toHaveTextContent('Kind words');
    expect(screen.getByRole('heading', { name: 'Three breaths', level: 4 })).toBeInTheDocument();
  });

  it('says nothing when there is nothing to suggest', async () => {
    stub({ '/api/questionnaire/r2/results': { body: { ...withSuggestions, suggestions: [] } } });
    renderWithProviders(<AssessmentResults id="r2" />);
    expect(await screen.findByText('Jun 14, 2025')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Practices you might enjoy' })).not.toBeInTheDocument();
  });

  it('shows them on the dashboard too', async () => {
    stub({
      '/api/user/latest-questionnaire': { body: withSuggestions },
      '/api/questionnaire/access': { body: { completedCount: 1, canStart: false } },
    });
    renderWithProviders(<AssessmentDashboard />);
    const section = await screen.findByRole('region', { name: 'Practices you might enjoy' });
    expect(within(section).getByRole('link', { name: 'Kind words' })).toBeInTheDocument();
  });
});

describe('SuggestionTagsEditor', () => {
  it('lists every area with its tags and saves the whole mapping, tidied', async () => {
    const user = userEvent.setup();
    const mapping: SuggestionTags = {
      domains: SUGGESTION_DOMAINS.map((domain) => ({ domain, tags: domain === 'calm' ? ['breathing'] : [] })),
    };
    let sent: SuggestionTags | undefined;
    const s = stubFetch({
      '/api/admin/questionnaire/suggestion-tags': { body: mapping },
      'PUT /api/admin/questionnaire/suggestion-tags': (init) => {
        sent = JSON.parse(String(init?.body));
        return { body: sent };
      },
    });
    vi.stubGlobal('fetch', s.fetch);
    renderWithProviders(<SuggestionTagsEditor />);
    const calm = await screen.findByLabelText('Calm (3C)');
    expect(calm).toHaveValue('breathing');
    expect(screen.getAllByRole('textbox')).toHaveLength(SUGGESTION_DOMAINS.length);
    await user.clear(calm);
    await user.type(calm, 'breathing, stress , breathing,');
    await user.click(screen.getByRole('button', { name: 'Save suggestion tags' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved.'));
    expect(sent?.domains).toHaveLength(SUGGESTION_DOMAINS.length);
    expect(sent?.domains.find((entry) => entry.domain === 'calm')?.tags).toEqual(['breathing', 'stress']);
    expect(calm).toHaveValue('breathing, stress');
  });

  it('explains a refused save', async () => {
    const user = userEvent.setup();
    const s = stubFetch({
      '/api/admin/questionnaire/suggestion-tags': {
        body: { domains: SUGGESTION_DOMAINS.map((domain) => ({ domain, tags: [] })) },
      },
      'PUT /api/admin/questionnaire/suggestion-tags': {
        status: 400,
        body: { message: 'At most 10 tags per area' },
      },
    });
    vi.stubGlobal('fetch', s.fetch);
    renderWithProviders(<SuggestionTagsEditor />);
    await user.click(await screen.findByRole('button', { name: 'Save suggestion tags' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('At most 10 tags per area'));
  });
});
