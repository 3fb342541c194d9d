import {
  MAX_HELPLINES,
  MAX_PAGE_MARKDOWN,
  type SiteHelp,
  type SitePage,
  type SitePages,
} from '@shared/schemas/site-pages.ts';
import { describe, expect, it } from 'vitest';
import { createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { DEFAULT_SITE_PAGES } from './page-templates.ts';

/** The privacy, terms, imprint and about pages, the FAQ, the contact address and the helplines. */

const t = setUpTestApp({ RATE_LIMIT_SCALE: '100' });
const [admin] = setUpActors(t, 'admin');

const getPage = async (page: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/site/pages/${page}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SitePage;
};
const getHelp = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/site/help' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SiteHelp;
};
const putPages = (payload: unknown, actor = admin) =>
  actor.request({ method: 'PUT', url: '/api/admin/site/pages', payload: payload as Record<string, unknown> });

const SAMARITANS = { country: 'GB', name: 'Samaritans', phone: '116 123', url: 'https://www.samaritans.org' };

describe('a new site', () => {
  it('shows the starting templates, which say what is stored and what is not', async () => {
    const privacy = await getPage('privacy');
    expect(privacy.title).toBe('Privacy policy');
    const text = privacy.html;
    for (const stored of [
      'questionnaire answers',
      'minutes you practise',
      'e-mail preferences',
      'e-mail address',
    ]) {
      expect(text).toContain(stored);
    }
    expect(text).toContain('No tracking pixels and no open or click tracking');
    expect(text).toContain('No third-party analytics');
    // Headings are drawn one level below the dialog's own title.
    expect(privacy.html).toContain('<h2>What we store</h2>');

    for (const page of ['terms', 'imprint', 'about'] as const) {
      expect((await getPage(page)).html.length, page).toBeGreaterThan(50);
    }
    const help = await getHelp();
    expect(help.faqHtml).toContain('<h2>How do I cancel my subscription?</h2>');
    expect(help).toMatchObject({ contactEmail: '', helplines: [] });

    const response = await admin.request({ method: 'GET', url: '/api/admin/site/pages' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(DEFAULT_SITE_PAGES);
  });

  it('answers 400 for a page it does not have', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site/pages/cookies' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Page must be one of privacy, terms, imprint, about');
  });
});

describe('who may read and write', () => {
  it('everyone reads the pages and the help, signed in or not', async () => {
    for (const role of ['visitor', 'member', 'premium', 'moderator', 'admin'] as const) {
      const actor = role === 'admin' ? admin : await createActor(t.app, role);
      for (const url of ['/api/site/pages/imprint', '/api/site/help']) {
        expect((await actor.request({ method: 'GET', url })).statusCode, `${role} ${url}`).toBe(200);
      }
    }
  });

  it('only an admin reads the Markdown or changes it: visitors 401, everyone else 403', async () => {
    for (const role of ['visitor', 'member', 'premium', 'moderator'] as const) {
      const actor = await createActor(t.app, role);
      const expected = role === 'visitor' ? 401 : 403;
      expect((await actor.request({ method: 'GET', url: '/api/admin/site/pages' })).statusCode, role).toBe(
        expected,
      );
      expect((await putPages({ terms: 'Not theirs' }, actor)).statusCode, role).toBe(expected);
    }
    expect((await getPage('terms')).html).not.toContain('Not theirs');
  });
});

describe('PUT /api/admin/site/pages', () => {
  it('an admin writes a page: the public read shows it at once, other fields keep their value', async () => {
    const response = await putPages({
      imprint: 'Ana Quiet\n12 Harbour Lane\n[Write to us](mailto:ana@example.test)',
      contactEmail: ' Ana@Example.test ',
      helplines: [{ ...SAMARITANS, country: 'gb' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      contactEmail: 'Ana@Example.test',
      helplines: [SAMARITANS],
      privacy: DEFAULT_SITE_PAGES.privacy,
    });

    expect((await getPage('imprint')).html).toBe(
      '<p>Ana Quiet<br>\n12 Harbour Lane<br>\n' +
        '<a href="mailto:ana@example.test" target="_blank" rel="noopener nofollow ugc">Write to us</a></p>\n',
    );
    expect(await getHelp()).toMatchObject({ contactEmail: 'Ana@Example.test', helplines: [SAMARITANS] });

    // A later change of one field leaves the others as they were.
    expect((await putPages({ about: 'Twenty years of teaching.' })).statusCode).toBe(200);
    expect((await getHelp()).helplines).toEqual([SAMARITANS]);
    expect((await getPage('about')).html).toBe('<p>Twenty years of teaching.</p>\n');
    expect((await getPage('imprint')).html).toContain('Harbour Lane');
  });

  it('renders the Markdown safely: no script, no event handler, no javascript: link reaches the page', async () => {
    const hostile = [
      '# Our policy',
      '<script>alert("page")</script>',
      '<img src=x onerror="alert(1)">',
      '[click me](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=)',
      '<a href="javascript:alert(2)">raw link</a>',
      '[fine](https://example.test/ok)',
    ].join('\n\n');
    expect((await putPages({ privacy: hostile, faq: hostile })).statusCode).toBe(200);

    for (const html of [(await getPage('privacy')).html, (await getHelp()).faqHtml]) {
      // Every '<' of text is escaped as &lt;, so each '<' left in the HTML opens a real element.
      const tags = html.match(/<[^>]*>/g) ?? [];
      const elements = new Set(tags.map((tag) => /^<\/?([a-z0-9]+)/i.exec(tag)?.[1]?.toLowerCase()));
      expect([...elements].sort()).toEqual(['a', 'h2', 'p']);
      for (const tag of tags) expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      const hrefs = tags.flatMap((tag) => /\shref="([^"]*)"/.exec(tag)?.[1] ?? []);
      expect(hrefs).toEqual(['https://example.test/ok']);
      // What the admin typed as markup shows as text, so nothing is silently lost.
      expect(html).toContain('&lt;script&gt;alert(&quot;page&quot;)&lt;/script&gt;');
      expect(html).toContain('<h2>Our policy</h2>');
    }
  });

  it.each([
    ['an unknown country', { helplines: [{ ...SAMARITANS, country: 'ZZ' }] }, 'Country must be a two-letter'],
    [
      'a three-letter country',
      { helplines: [{ ...SAMARITANS, country: 'GBR' }] },
      'Country must be a two-letter',
    ],
    [
      'an http website',
      { helplines: [{ ...SAMARITANS, url: 'http://www.samaritans.org' }] },
      'full https://',
    ],
    [
      'a javascript: website',
      { helplines: [{ ...SAMARITANS, url: 'javascript:alert(1)' }] },
      'full https://',
    ],
    ['words as a phone number', { helplines: [{ ...SAMARITANS, phone: 'call us' }] }, 'may hold only digits'],
    [
      'neither phone nor website',
      { helplines: [{ ...SAMARITANS, phone: '', url: '' }] },
      'a phone number or a website',
    ],
    ['a blank helpline name', { helplines: [{ ...SAMARITANS, name: '  ' }] }, 'Helpline name is required'],
    [
      'too many helplines',
      { helplines: Array.from({ length: MAX_HELPLINES + 1 }, () => SAMARITANS) },
      `At most ${MAX_HELPLINES} helplines`,
    ],
    [
      'a page too long',
      { terms: 'x'.repeat(MAX_PAGE_MARKDOWN + 1) },
      'Terms can be at most 20,000 characters',
    ],
    [
      'a contact address that is none',
      { contactEmail: 'not an address' },
      'Contact e-mail must be an e-mail address',
    ],
    ['a page that is not text', { faq: 42 }, 'FAQ must be text'],
  ])('refuses %s with a clear message and stores nothing', async (_case, payload, message) => {
    const before = await admin.request({ method: 'GET', url: '/api/admin/site/pages' });
    const response = await putPages(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    const after = await admin.request({ method: 'GET', url: '/api/admin/site/pages' });
    expect(after.json() as SitePages).toEqual(before.json());
  });

  it('a helpline with only a website, or only a phone number, is kept', async () => {
    const helplines = [
      { country: 'DE', name: 'TelefonSeelsorge', phone: '0800 111 0 111', url: '' },
      { country: 'US', name: '988 Lifeline', phone: '', url: 'https://988lifeline.org' },
    ];
    const response = await putPages({ helplines });
    expect(response.statusCode, response.body).toBe(200);
    expect((await getHelp()).helplines).toEqual(helplines);
  });
});
