import { AppShell } from '@client/app/layout/app-shell';
import { AppRoutes } from '@client/app/router';
import MemberHomeScreen from '@client/app/routes/home';
import { SiteProvider } from '@client/lib/site';
import { freeMember } from '@client/testing/content';
import { findHomeGreeting, homeRoutes, makePracticeSummary } from '@client/testing/home';
import { NO_NOTIFICATIONS, type Routes, renderWithProviders, stubFetch } from '@client/testing/render';
import { AUTH_ROUTE_PATHS, MEMBER_ROUTE_PATTERNS, SIGN_OUT_PATH } from '@shared/routes';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@shared/schemas/site';
import { ACCENT_STYLE_ID } from '@shared/site-brand';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The site is the teacher's (issue 35): with another name chosen, no screen a member or visitor
 * sees says "Stillpoint" — not its text, not a label read aloud, not the tab title.
 */

const HARBOUR: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  name: 'Quiet Harbour',
  shortName: 'Harbour',
  accentColor: '#b3261e',
  heroTitle: 'Rest here a while',
  heroText: 'Short practices from Ana, for busy days.',
  featureCards: [
    { title: 'Morning sits', summary: 'Ten minutes at dawn.', points: ['Every day'] },
    { title: 'Evening walks', summary: 'Slow steps at dusk.', points: ['Twice a week'] },
    { title: 'Your notes', summary: 'See what changes.', points: ['A monthly check-in'] },
  ],
  planBenefits: ['Every practice', 'Live sessions'],
  aboutTeacher: 'Ana has taught for twenty years.',
  footerLinks: [{ label: 'Imprint', url: 'https://example.test/imprint' }],
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(ACCENT_STYLE_ID)?.remove();
  document.title = '';
});

function renderSite(path: string, routes: Routes) {
  vi.stubGlobal('fetch', stubFetch({ '/api/site': { body: HARBOUR }, ...routes }).fetch);
  return renderWithProviders(
    <SiteProvider>
      <AppShell>
        <AppRoutes />
      </AppShell>
    </SiteProvider>,
    { path },
  );
}

const signedOut = { '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } } };
const signedIn = homeRoutes({ '/api/auth/user': { body: freeMember }, ...NO_NOTIFICATIONS });

function expectNoOldName() {
  expect(document.body.innerHTML).not.toMatch(/stillpoint/i);
  expect(document.title).not.toMatch(/stillpoint/i);
}

describe('a renamed site', () => {
  it("the landing page shows the site's name, texts, links and accent, and never the old name", async () => {
    renderSite('/', { ...signedOut, '/api/billing/plan': { never: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rest here a while' })).toBeInTheDocument();
    expect(screen.getByText('Short practices from Ana, for busy days.')).toBeInTheDocument();
    for (const title of ['Morning sits', 'Evening walks', 'Your notes']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('Live sessions')).toBeInTheDocument();
    expect(screen.getByText('Ana has taught for twenty years.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Imprint' })).toHaveAttribute(
      'href',
      'https://example.test/imprint',
    );
    expect(screen.getAllByText(/Quiet Harbour/).length).toBeGreaterThan(1);
    await waitFor(() => expect(document.title).toBe('Quiet Harbour'));
    expect(document.getElementById(ACCENT_STYLE_ID)?.textContent).toContain('--primary:#b3261e');
    expectNoOldName();
  });

  it.each(['/sign-in', '/sign-up'])('the auth screen at %s names the site', async (path) => {
    renderSite(path, signedOut);
    await waitFor(() => expect(document.title).toMatch(/· Quiet Harbour$/));
    expectNoOldName();
  });

  it("a new member's home welcomes them to the site by its name", async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/site': { body: HARBOUR },
        ...signedIn,
        '/api/practice/summary': { body: makePracticeSummary(0, [0, 0, 0, 0, 0, 0, 0]) },
      }).fetch,
    );
    renderWithProviders(
      <SiteProvider>
        <MemberHomeScreen />
      </SiteProvider>,
    );
    expect(await findHomeGreeting(/^Welcome to Quiet Harbour/)).toBeInTheDocument();
    expectNoOldName();
  });

  it('the search screen labels its form with the site name', async () => {
    renderSite('/search', signedIn);
    expect(await screen.findByRole('search', { name: 'Search Quiet Harbour' })).toBeInTheDocument();
    expectNoOldName();
  });
});

/** A path for a route pattern: each `:param` filled with a plausible value. */
function pathOf(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) =>
    name === 'id'
      ? '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f'
      : name === 'sessionId'
        ? 'cs_test_1'
        : 'quiet-sits',
  );
}

/**
 * The whole app at `path` against a server that knows the renamed site and the visitor and answers
 * everything else with 404, so every screen shows what it shows without its data (headings,
 * labels, empty and error states): the words that are the product's own, where an old name hides.
 */
async function renderSettledRoute(path: string, user: typeof freeMember | null) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    const answer = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url === '/api/site') return answer(200, HARBOUR);
    if (url === '/api/auth/user') return user ? answer(200, user) : answer(401, { message: 'Unauthorized' });
    return answer(404, { message: 'Not found' });
  });
  const view = renderWithProviders(
    <SiteProvider>
      <AppShell>
        <AppRoutes />
      </AppShell>
    </SiteProvider>,
    { path },
  );
  // Settled: the tab title names the site, no request is under way, no screen is still loading.
  await waitFor(
    () => {
      expect(document.title).toMatch(/Quiet Harbour/);
      expect(view.queryClient.isFetching()).toBe(0);
      expect(document.body.textContent).not.toMatch(/Loading/i);
    },
    { timeout: 10_000 },
  );
  return view;
}

/** Where the old name could hide: text, the tab title, and the attributes read aloud or shown. */
function oldNameLeaks(): string[] {
  const leaks: string[] = [];
  if (/stillpoint/i.test(document.title)) leaks.push(`title: ${document.title}`);
  if (/stillpoint/i.test(document.body.textContent ?? '')) leaks.push('text');
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of ['aria-label', 'alt', 'title', 'placeholder', 'aria-description', 'content']) {
      const value = element.getAttribute(attribute);
      if (value && /stillpoint/i.test(value)) leaks.push(`${attribute}="${value}"`);
    }
  }
  if (/stillpoint/i.test(document.body.innerHTML)) leaks.push('markup');
  return leaks;
}

const adminMember = { ...freeMember, isAdmin: true };

describe('every route of a renamed site (shared/routes.ts, so a new route is covered by itself)', () => {
  it.each(MEMBER_ROUTE_PATTERNS.map((pattern) => [pattern, pathOf(pattern)]))(
    'the member screen %s (%s, as an admin) never says the old name',
    async (_pattern, path) => {
      await renderSettledRoute(path, adminMember);
      expect(oldNameLeaks()).toEqual([]);
    },
  );

  it.each(['/', ...AUTH_ROUTE_PATHS, SIGN_OUT_PATH, '/no-such-page'])(
    'the signed-out screen %s never says the old name',
    async (path) => {
      await renderSettledRoute(path, null);
      expect(oldNameLeaks()).toEqual([]);
    },
  );

  it.each(['/', SIGN_OUT_PATH, '/no-such-page'])(
    'the signed-in screen %s never says the old name',
    async (path) => {
      await renderSettledRoute(path, adminMember);
      expect(oldNameLeaks()).toEqual([]);
    },
  );

  it("the header's account menu, opened, never says the old name", async () => {
    await renderSettledRoute('/library', adminMember);
    await userEvent.click(screen.getByRole('button', { name: /^Open account menu/ }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(oldNameLeaks()).toEqual([]);
  });
});

describe('a site with a logo and a photo of the teacher', () => {
  const LOGO = '/objects/images/0b7c9a52-5d1e-4d0a-9a4e-2f6f3c1d8e01.webp';
  const PHOTO = '/objects/images/6a1f0c3e-2b7d-4e9a-8c5f-1d2e3f4a5b6c.webp';

  it("the header's mark is the logo's icon, the tab's icon its favicon, and the photo sits with the words about the teacher", async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/site': { body: { ...HARBOUR, logo: LOGO, teacherPhoto: PHOTO } },
        ...signedOut,
        '/api/billing/plan': { never: true },
      }).fetch,
    );
    renderWithProviders(
      <SiteProvider>
        <AppShell>
          <AppRoutes />
        </AppShell>
      </SiteProvider>,
      { path: '/' },
    );
    const about = await screen.findByRole('region', { name: 'About the teacher' });
    expect(about.querySelector('img')).toHaveAttribute(
      'src',
      '/objects/images/6a1f0c3e-2b7d-4e9a-8c5f-1d2e3f4a5b6c-640.webp',
    );
    const home = screen.getAllByRole('link', { name: 'Quiet Harbour' })[0]!;
    expect(home.querySelector('img')).toHaveAttribute(
      'src',
      '/objects/site-icons/0b7c9a52-5d1e-4d0a-9a4e-2f6f3c1d8e01/icon-192.png',
    );
    await waitFor(() =>
      expect(document.querySelector('link[rel="icon"]')).toHaveAttribute(
        'href',
        '/objects/site-icons/0b7c9a52-5d1e-4d0a-9a4e-2f6f3c1d8e01/favicon-32.png',
      ),
    );
    expect(document.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    expectNoOldName();
  });
});

describe('the plans of a renamed site', () => {
  it('the annual plan is named after the site, as the monthly one is', async () => {
    renderSite('/subscribe', {
      '/api/auth/user': { body: freeMember },
      '/api/billing/plan': {
        body: {
          priceId: 'price_monthly',
          mode: 'live',
          name: 'Quiet Harbour Monthly',
          amountCents: 1200,
          currency: 'usd',
          interval: 'month',
          periodDays: 30,
        },
      },
      '/api/billing/plans': {
        body: [
          { id: 'price_monthly', interval: 'month', amountCents: 1200, currency: 'usd', trialDays: 0 },
          { id: 'price_annual', interval: 'year', amountCents: 10000, currency: 'usd', trialDays: 0 },
        ],
      },
      '/api/subscription-details': {
        body: { hasSubscription: false, subscriptionStatus: null, currentPeriodEnd: null, mode: 'live' },
      },
      ...NO_NOTIFICATIONS,
    });
    const choice = await screen.findByRole('group', { name: 'Billing period' });
    await userEvent.click(within(choice).getByRole('radio', { name: /Annual/ }));
    expect(await screen.findByRole('region', { name: 'Quiet Harbour Annual' })).toBeInTheDocument();
    expectNoOldName();
  });
});

describe('an unconfigured site', () => {
  it('shows the product texts exactly as before, with no accent style', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/site': { body: DEFAULT_SITE_SETTINGS },
        ...signedOut,
        '/api/billing/plan': { never: true },
      }).fetch,
    );
    renderWithProviders(
      <SiteProvider>
        <AppShell>
          <AppRoutes />
        </AppShell>
      </SiteProvider>,
      { path: '/' },
    );
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Come back to your still point');
    expect(title.querySelector('em')).toHaveTextContent('still point');
    expect(screen.queryByRole('heading', { name: 'About the teacher' })).not.toBeInTheDocument();
    expect(document.getElementById(ACCENT_STYLE_ID)).toBeNull();
  });
});
