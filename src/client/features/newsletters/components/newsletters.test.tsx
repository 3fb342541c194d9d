import { NewsletterSetting } from '@client/features/settings';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import { DEFAULT_PRACTICE_SETTINGS, type PracticeSettings } from '@shared/schemas/practice';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterList } from './newsletter-list';
import { NewsletterReader } from './newsletter-reader';

afterEach(() => vi.unstubAllGlobals());

const settings: PracticeSettings = { ...DEFAULT_PRACTICE_SETTINGS, timeZone: 'Europe/London' };
const ID = '8f1c2d3e-0000-4000-8000-000000000001';

describe('NewsletterSetting', () => {
  it('is off by default, and switching it on saves only the newsletter choice', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/practice/settings': { body: settings },
        'PUT /api/practice/settings': (init) => {
          const body = JSON.parse(String(init?.body));
          sent.push(body);
          return { body: { ...settings, ...body } };
        },
      }).fetch,
    );
    renderWithProviders(<NewsletterSetting />);
    const toggle = await screen.findByRole('switch', { name: 'Newsletters by e-mail' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Newsletters are on.'));
    expect(sent).toEqual([{ newsletters: true }]);
  });
});

describe('the member reads newsletters', () => {
  it('lists the newsletters sent to them, each a link to its page', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/newsletters': {
          body: [{ id: ID, subject: 'Winter light', sentAt: '2026-11-20T09:00:00.000Z' }],
        },
      }).fetch,
    );
    renderWithProviders(<NewsletterList />);
    const link = await screen.findByRole('link', { name: 'Winter light' });
    expect(link).toHaveAttribute('href', `/newsletters/${ID}`);
    expect(screen.getByText('20 November 2026')).toBeInTheDocument();
  });

  it('says so when there are none yet, and where to turn them on', async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/newsletters': { body: [] } }).fetch);
    renderWithProviders(<NewsletterList />);
    expect(await screen.findByText('No newsletters yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('shows one newsletter with its Markdown rendered safely', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [`/api/newsletters/${ID}`]: {
          body: {
            id: ID,
            subject: 'Winter light',
            sentAt: '2026-11-20T09:00:00.000Z',
            body: 'Sit **gently**. <img src=x onerror=alert(1)>',
          },
        },
      }).fetch,
    );
    renderWithProviders(<NewsletterReader id={ID} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter light' })).toBeInTheDocument();
    expect(screen.getByText('gently').tagName).toBe('STRONG');
    expect(document.querySelector('img')).toBeNull();
  });

  it('tells a member that a newsletter not sent to them was not found', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ [`/api/newsletters/${ID}`]: { status: 404, body: { message: 'Newsletter not found' } } })
        .fetch,
    );
    renderWithProviders(<NewsletterReader id={ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This newsletter was not found.');
  });
});
