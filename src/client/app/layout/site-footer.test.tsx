import { renderWithRoutes } from '@client/testing/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const routes = {
  '/api/site/pages/privacy': {
    body: { page: 'privacy', title: 'Privacy policy', html: '<h2>What we store</h2><p>Your answers.</p>' },
  },
  '/api/site/pages/imprint': {
    body: { page: 'imprint', title: 'Imprint and contact', html: '<p>Ana Quiet<br>12 Harbour Lane</p>' },
  },
};

describe("the landing page's footer", () => {
  it('links to the four pages, and opens one in a dialog without leaving the page', async () => {
    renderWithRoutes(<SiteFooter />, routes);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    for (const [name, page] of [
      ['Privacy policy', 'privacy'],
      ['Terms', 'terms'],
      ['Imprint and contact', 'imprint'],
      ['About', 'about'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', `/?page=${page}`);
    }
    await userEvent.click(within(footer).getByRole('link', { name: 'Imprint and contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imprint and contact' });
    expect(await within(dialog).findByText(/12 Harbour Lane/)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('opens the page the address names (/?page=privacy), and closing it tidies the address', async () => {
    window.history.replaceState(null, '', '/?page=privacy');
    renderWithRoutes(<SiteFooter />, routes);
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' });
    expect(await within(dialog).findByRole('heading', { name: 'What we store' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.search).toBe('');
  });
});
