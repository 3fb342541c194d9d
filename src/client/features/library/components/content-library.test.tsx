import { clearToasts, freeMember, makeContentItem } from '@client/testing/content';
import { type Routes, renderWithRoutes } from '@client/testing/render';
import { apiPreloadsFor } from '@shared/preloads';
import type { ContentItem } from '@shared/schemas/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentLibrary } from './content-library';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const items = (prefix: string, count: number, overrides: Partial<ContentItem> = {}) =>
  Array.from({ length: count }, (_, index) =>
    makeContentItem({ id: `${prefix}-${index + 1}`, title: `${prefix} ${index + 1}`, ...overrides }),
  );

const SHELVES: Routes = {
  '/api/videos?limit=3': { body: items('New', 3) },
  '/api/videos?access=free&limit=3': { body: items('Free', 3) },
  '/api/videos?access=premium&limit=3': { body: items('Premium', 3, { isPremium: true }) },
  '/api/videos?sort=popular&limit=3': { body: items('Popular', 3) },
  '/api/videos?limit=12': { body: items('All', 12), headers: { 'x-next-cursor': 'page-2' } },
  '/api/videos?limit=12&cursor=page-2': { body: items('More', 2) },
};

function renderLibrary(routes: Routes, path = '/library') {
  return renderWithRoutes(
    <ContentLibrary />,
    {
      '/api/auth/user': { body: freeMember },
      '/api/progress': { body: [] },
      '/api/videos/languages': { body: { languages: [] } },
      ...routes,
    },
    { path },
  );
}

const section = (name: string) => screen.getByRole('region', { name });
const cardTitles = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('link').textContent);

describe('Content Library', () => {
  it('asks first for exactly the reads the server preloads with the page, with credentials', async () => {
    const { calls } = renderLibrary(SHELVES);
    await screen.findByRole('link', { name: 'All 1' });
    const first = calls.filter((call) => !call.url.includes('cursor='));
    // The practice links above the library (the screen, not this component) read the playlists.
    const preloads = apiPreloadsFor('/library').filter((url) => url !== '/api/playlists');
    expect(new Set(first.map((call) => call.url))).toEqual(new Set(preloads));
    // A preload made with crossorigin=use-credentials is used only by a fetch that includes them.
    for (const call of first) expect(call.init?.credentials, call.url).toBe('include');
  });

  it('shows New, Free, Premium, Popular and All Content when no filter is set', async () => {
    renderLibrary(SHELVES);
    await screen.findByRole('link', { name: 'All 1' });
    expect(cardTitles(section('New'))).toEqual(['New 1', 'New 2', 'New 3']);
    expect(cardTitles(section('Free'))).toEqual(['Free 1', 'Free 2', 'Free 3']);
    expect(cardTitles(section('Premium'))).toEqual(['Premium 1', 'Premium 2', 'Premium 3']);
    expect(cardTitles(section('Popular'))).toEqual(['Popular 1', 'Popular 2', 'Popular 3']);
    expect(cardTitles(section('All Content'))).toHaveLength(12);
    expect(screen.queryByRole('region', { name: 'Search Results' })).not.toBeInTheDocument();
    // Members without a subscription are pointed to it from the Premium shelf.
    expect(within(section('Premium')).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
  });

  it('shows eight skeleton cards in All Content while loading', () => {
    renderLibrary(Object.fromEntries(Object.keys(SHELVES).map((url) => [url, { never: true }])));
    expect(within(section('All Content')).getAllByTestId('content-card-skeleton')).toHaveLength(8);
    expect(within(section('New')).getAllByTestId('content-card-skeleton')).toHaveLength(3);
  });

  it('loads the next page with the cursor from the x-next-cursor header', async () => {
    renderLibrary(SHELVES);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'More 2' })).toBeInTheDocument();
    expect(cardTitles(section('All Content'))).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when the library is empty', async () => {
    renderLibrary(Object.fromEntries(Object.keys(SHELVES).map((url) => [url, { body: [] }])));
    expect(await screen.findByText('No new content available.')).toBeInTheDocument();
    expect(await screen.findByText('No popular content available.')).toBeInTheDocument();
    expect(await screen.findByText('No content available.')).toBeInTheDocument();
    // Free and Premium shelves have no words of their own in docs/product.md: they step aside.
    expect(screen.queryByRole('region', { name: 'Free' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Premium' })).not.toBeInTheDocument();
  });

  it('shows a Continue row when there is unfinished progress', async () => {
    const video = makeContentItem({ id: 'c1', title: 'Half Way', duration: 600 });
    renderLibrary({
      ...SHELVES,
      '/api/progress': {
        body: [
          { videoId: 'c1', positionSeconds: 300, completed: false, updatedAt: '2025-06-02T00:00:00Z', video },
        ],
      },
    });
    const row = await screen.findByRole('region', { name: 'Continue' });
    expect(within(row).getByRole('link', { name: 'Half Way' })).toBeInTheDocument();
    expect(within(row).getByText('5 min left')).toBeInTheDocument();
  });

  it('filters into Search Results, and offers Clear Filters when nothing matches', async () => {
    const { calls, location } = renderLibrary({
      ...SHELVES,
      '/api/videos?type=audio&limit=12': { body: items('Audio', 2, { type: 'audio' }) },
      '/api/videos?type=audio&duration=20%2B&limit=12': { body: [] },
    });
    await screen.findByRole('link', { name: 'All 1' });

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'audio');
    const results = await screen.findByRole('region', { name: 'Search Results' });
    expect(await within(results).findByRole('link', { name: 'Audio 1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New' })).not.toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/library?type=audio');

    await userEvent.selectOptions(screen.getByLabelText('Duration (min)'), '20+');
    expect(await screen.findByText('No videos found matching your criteria.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/videos?type=audio&duration=20%2B&limit=12')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByRole('region', { name: 'New' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('all');
    expect(screen.getByLabelText('Duration (min)')).toHaveValue('all');
    expect(location.history.at(-1)).toBe('/library');
  });

  it('searches as the member types, after a pause', async () => {
    const { calls } = renderLibrary({
      ...SHELVES,
      '/api/videos?search=sleep&limit=12': { body: items('Sleep', 1) },
    });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search content' }), 'sleep');
    expect(await screen.findByRole('link', { name: 'Sleep 1' })).toBeInTheDocument();
    const searches = calls.filter((call) => call.url.includes('search='));
    expect(searches.map((call) => call.url)).toEqual(['/api/videos?search=sleep&limit=12']);
  });

  it('reads ?search= from the address (the header search)', async () => {
    renderLibrary(
      { '/api/videos?search=breath&limit=12': { body: items('Breath', 1) } },
      '/library?search=breath',
    );
    expect(screen.getByRole('searchbox', { name: 'Search content' })).toHaveValue('breath');
    expect(await screen.findByRole('link', { name: 'Breath 1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Search Results' })).toBeInTheDocument();
  });

  it('offers a retry when a list fails to load', async () => {
    let attempts = 0;
    renderLibrary({
      ...SHELVES,
      '/api/videos?limit=12': () =>
        ++attempts === 1 ? { status: 500, body: { message: 'boom' } } : { body: items('All', 1) },
    });
    const allContent = section('All Content');
    await userEvent.click(await within(allContent).findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardTitles(section('All Content'))).toEqual(['All 1']));
  });

  it('offers a language filter only when the library is in two or more languages', async () => {
    const user = userEvent.setup();
    const { calls } = renderLibrary({
      ...SHELVES,
      '/api/videos/languages': { body: { languages: ['de', 'pt-BR'] } },
      '/api/videos?language=pt-BR&limit=12': {
        body: items('Portuguese', 1, { language: 'pt-BR', title: 'Respiração calma' }),
      },
    });
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'German', 'Brazilian Portuguese']);
    await user.selectOptions(language, 'pt-BR');
    const results = await screen.findByRole('region', { name: 'Search Results' });
    const title = await within(results).findByRole('heading', { name: 'Respiração calma' });
    // Read by a screen reader in the item's own language.
    expect(title).toHaveAttribute('lang', 'pt-BR');
    expect(calls.map((call) => call.url)).toContain('/api/videos?language=pt-BR&limit=12');
  });

  it('shows no language filter for a library in one language', async () => {
    renderLibrary({ ...SHELVES, '/api/videos/languages': { body: { languages: ['de'] } } });
    await screen.findByRole('link', { name: 'All 1' });
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
  });
});
