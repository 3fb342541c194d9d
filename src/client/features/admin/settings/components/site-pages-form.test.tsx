import { bodyOf, renderWithRoutes } from '@client/testing/render';
import type { SitePages } from '@shared/schemas/site-pages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SitePagesEditor } from './site-pages-form';

afterEach(() => vi.unstubAllGlobals());

const PAGES: SitePages = {
  privacy: '# What we store\n\nYour answers.',
  terms: 'Be kind.',
  imprint: 'Ana Quiet',
  about: 'Twenty years.',
  faq: '# How do I cancel?\n\nOpen Account.',
  contactEmail: '',
  helplines: [],
};

describe('the admin pages and help editor', () => {
  it('previews the Markdown as visitors will read it, sanitised', async () => {
    renderWithRoutes(<SitePagesEditor />, { '/api/admin/site/pages': { body: PAGES } });
    const user = userEvent.setup();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'What we store' })).toBeInTheDocument();
    const markdown = screen.getByLabelText('Privacy policy (Markdown)');
    await user.clear(markdown);
    await user.type(markdown, '## Cookies{enter}{enter}Only one. <img src=x onerror=alert(1)>');
    expect(await within(preview).findByRole('heading', { name: 'Cookies' })).toBeInTheDocument();
    expect(preview.querySelector('img')).toBeNull();
    expect(within(preview).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Text to edit'), 'FAQ (in Help)');
    expect(screen.getByLabelText('FAQ (in Help) (Markdown)')).toHaveValue(PAGES.faq);
    expect(await within(preview).findByRole('heading', { name: 'How do I cancel?' })).toBeInTheDocument();
  });

  it('adds a helpline and a contact address, and saves every text', async () => {
    const helpline = {
      country: 'GB',
      name: 'Samaritans',
      phone: '116 123',
      url: 'https://www.samaritans.org',
    };
    const saved = { ...PAGES, contactEmail: 'ana@example.test', helplines: [helpline] };
    const { calls } = renderWithRoutes(<SitePagesEditor />, {
      '/api/admin/site/pages': { body: PAGES },
      'PUT /api/admin/site/pages': { body: saved },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Contact e-mail'), 'ana@example.test');
    await user.click(screen.getByRole('button', { name: 'Add helpline' }));
    const row = screen.getByRole('group', { name: 'Helpline 1' });
    await user.type(within(row).getByLabelText('Country'), 'gb');
    await user.type(within(row).getByLabelText('Name'), 'Samaritans');
    await user.type(within(row).getByLabelText('Phone'), '116 123');
    await user.type(within(row).getByLabelText('Website'), 'https://www.samaritans.org');
    await user.click(screen.getByRole('button', { name: 'Save pages and help' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/admin/site/pages', 'PUT')).toEqual({
      ...PAGES,
      contactEmail: 'ana@example.test',
      helplines: [helpline],
    });
  });

  it('says which helpline is wrong, and why, before sending anything', async () => {
    const { calls } = renderWithRoutes(<SitePagesEditor />, { '/api/admin/site/pages': { body: PAGES } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add helpline' }));
    const row = screen.getByRole('group', { name: 'Helpline 1' });
    await user.type(within(row).getByLabelText('Country'), 'GB');
    await user.type(within(row).getByLabelText('Name'), 'Samaritans');
    await user.type(within(row).getByLabelText('Website'), 'http://www.samaritans.org');
    await user.click(screen.getByRole('button', { name: 'Save pages and help' }));
    expect(
      await screen.findByText('Helpline 1: Helpline website must be a full https:// address'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
  });
});
