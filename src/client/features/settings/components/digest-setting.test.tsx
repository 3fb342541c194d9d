import { renderWithProviders, stubFetch } from '@client/testing/render';
import { DEFAULT_PRACTICE_SETTINGS, type PracticeSettings } from '@shared/schemas/practice';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DigestSetting } from './digest-setting';

afterEach(() => vi.unstubAllGlobals());

const settings: PracticeSettings = { ...DEFAULT_PRACTICE_SETTINGS, timeZone: 'Europe/London' };

describe('DigestSetting', () => {
  it('is off by default, and switching it on saves only the digest choice', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const stubbed = stubFetch({
      '/api/practice/settings': { body: settings },
      'PUT /api/practice/settings': (init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return { body: { ...settings, ...body } };
      },
    });
    vi.stubGlobal('fetch', stubbed.fetch);
    renderWithProviders(<DigestSetting />);
    const toggle = await screen.findByRole('switch', { name: 'Weekly digest e-mail' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The weekly digest is on.'));
    expect(sent).toEqual([{ digestEmail: true }]);
    expect(screen.getByRole('switch', { name: 'Weekly digest e-mail' })).toBeChecked();
  });

  it('explains a failed save and keeps the choice as it was', async () => {
    const user = userEvent.setup();
    const stubbed = stubFetch({
      '/api/practice/settings': { body: { ...settings, digestEmail: true } },
      'PUT /api/practice/settings': { status: 500, body: { message: 'Something went wrong on our side.' } },
    });
    vi.stubGlobal('fetch', stubbed.fetch);
    renderWithProviders(<DigestSetting />);
    await user.click(await screen.findByRole('switch', { name: 'Weekly digest e-mail' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Something went wrong'));
    expect(screen.getByRole('switch', { name: 'Weekly digest e-mail' })).toBeChecked();
  });
});
