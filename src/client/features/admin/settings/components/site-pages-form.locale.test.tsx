import { activateLocale, i18n } from '@client/lib/i18n';
import { renderWithRoutes } from '@client/testing/render';
import { type SitePages, SitePagesUpdateSchema } from '@shared/schemas/site-pages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SitePagesEditor } from './site-pages-form';
import { sitePagesIssueMessage } from './site-pages-rules';

// The helpline rules in the admin's language (issue 37): the form checks with the route's schema
// and says each rule from the catalogue; English is the schema's own sentence.
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const PAGES: SitePages = {
  privacy: 'P',
  terms: 'T',
  imprint: 'I',
  about: 'A',
  faq: 'F',
  contactEmail: '',
  helplines: [],
};

const GOOD = { country: 'GB', name: 'Samaritans', phone: '116 123', url: 'https://www.samaritans.org' };

const BROKEN: [string, Partial<SitePages>][] = [
  ['an unknown country', { helplines: [{ ...GOOD, country: 'ZZ' }] }],
  ['a blank name', { helplines: [{ ...GOOD, name: '  ' }] }],
  ['a name over two lines', { helplines: [{ ...GOOD, name: 'Samari\ntans' }] }],
  ['a name with a direction mark', { helplines: [{ ...GOOD, name: 'Sama\u202Eritans' }] }],
  ['a long name', { helplines: [{ ...GOOD, name: 'x'.repeat(81) }] }],
  ['words as a phone number', { helplines: [{ ...GOOD, phone: 'call us' }] }],
  ['a long phone number', { helplines: [{ ...GOOD, phone: '1'.repeat(31) }] }],
  ['neither phone nor website', { helplines: [{ ...GOOD, phone: '', url: '' }] }],
  ['an http website', { helplines: [{ ...GOOD, url: 'http://www.samaritans.org' }] }],
  ['a long website', { helplines: [{ ...GOOD, url: `https://x.org/${'a'.repeat(500)}` }] }],
  ['too many helplines', { helplines: Array.from({ length: 31 }, () => GOOD) }],
  ['a contact address that is not one', { contactEmail: 'not an address' }],
];

describe('the helpline rules', () => {
  it.each(BROKEN)('in English, %s is said as the schema says it', async (_label, change) => {
    await activateLocale('en', ['admin']);
    const values = { ...PAGES, ...change };
    const parsed = SitePagesUpdateSchema.safeParse(values);
    expect(parsed.success).toBe(false);
    for (const issue of parsed.error!.issues) {
      expect(sitePagesIssueMessage(i18n, issue, values)).toBe(issue.message);
    }
  });

  it.each(BROKEN)('in German, %s is said in German', async (_label, change) => {
    await activateLocale('de', ['admin']);
    const values = { ...PAGES, ...change };
    const parsed = SitePagesUpdateSchema.safeParse(values);
    for (const issue of parsed.error!.issues) {
      const message = sitePagesIssueMessage(i18n, issue, values);
      expect(message).not.toBe(issue.message);
      expect(message).not.toMatch(/admin\.|Helpline|must|can be/);
    }
  });

  it('the form says in German which helpline is wrong, and why, before sending anything', async () => {
    await activateLocale('de', ['common', 'admin']);
    const { calls } = renderWithRoutes(<SitePagesEditor />, { '/api/admin/site/pages': { body: PAGES } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hilfetelefon hinzufügen' }));
    const row = screen.getByRole('group', { name: 'Hilfetelefon 1' });
    const [country, , , website] = within(row).getAllByRole('textbox');
    await user.type(country!, 'GB');
    await user.click(screen.getByRole('button', { name: 'Seiten speichern' }));
    expect(await screen.findByText('Hilfetelefon 1: Der Name des Hilfetelefons fehlt')).toBeInTheDocument();
    await user.type(within(row).getByLabelText('Name'), 'Samaritans');
    await user.type(website!, 'http://www.samaritans.org');
    await user.click(screen.getByRole('button', { name: 'Seiten speichern' }));
    expect(
      await screen.findByText(
        'Hilfetelefon 1: Die Website des Hilfetelefons muss eine vollständige https://-Adresse sein',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
    expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  });
});
