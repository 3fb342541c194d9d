import { activateLocale } from '@client/lib/i18n';
import { renderWithRoutes } from '@client/testing/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HelpDialog } from './help-dialog';
import { SitePageLinks } from './page-links';

beforeEach(() => activateLocale('de', ['help']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

describe('help in German', () => {
  it('shows the FAQ, the contact and the helplines with German words and country names, with no key on screen', async () => {
    renderWithRoutes(<HelpDialog />, {
      '/api/site/help': {
        body: {
          faqHtml: '<p>Antworten</p>',
          contactEmail: 'hallo@example.com',
          helplines: [
            {
              country: 'DE',
              name: 'Telefonseelsorge',
              phone: '0800 111 0 111',
              url: 'https://www.telefonseelsorge.de',
            },
          ],
        },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Hilfe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hilfe' });
    expect(await within(dialog).findByRole('heading', { name: 'Fragen und Antworten' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Schreib uns an/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'hallo@example.com' })).toHaveAttribute(
      'href',
      'mailto:hallo@example.com',
    );
    expect(within(dialog).getByRole('list', { name: 'Hilfetelefone' })).toBeInTheDocument();
    expect(within(dialog).getByText('(Deutschland)')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: 'Telefonseelsorge anrufen, 0800 111 0 111' }),
    ).toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(/help\.[a-z]+\.?[a-z]/i);
  });

  it('names the site pages in German', async () => {
    renderWithRoutes(<SitePageLinks />, {});
    expect(screen.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/?page=privacy');
    expect(screen.getByRole('link', { name: 'Impressum und Kontakt' })).toBeInTheDocument();
  });
});
