import { bodyOf, renderWithRoutes } from '@client/testing/render';
import { DEFAULT_SITE_SETTINGS } from '@shared/schemas/site';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteSettingsEditor } from './site-settings-form';

afterEach(() => vi.unstubAllGlobals());

describe('the admin site settings', () => {
  it('renames and re-colours the site, with a live preview', async () => {
    const saved = { ...DEFAULT_SITE_SETTINGS, name: 'Quiet Harbour', accentColor: '#1f5b8a' };
    const { calls } = renderWithRoutes(<SiteSettingsEditor />, {
      '/api/site': { body: DEFAULT_SITE_SETTINGS },
      'PUT /api/admin/site': { body: saved },
    });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Site name');
    await user.clear(name);
    await user.type(name, 'Quiet Harbour');
    expect(screen.getByRole('img', { name: 'Preview' })).toHaveTextContent('Quiet Harbour');
    const accent = screen.getByLabelText('Accent colour');
    await user.clear(accent);
    await user.type(accent, '#1f5b8a');
    expect(
      screen.getByText('Readable on every background of the design (WCAG AA, 4.5:1).'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save site settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/admin/site', 'PUT')).toMatchObject({
      name: 'Quiet Harbour',
      accentColor: '#1f5b8a',
      planBenefits: DEFAULT_SITE_SETTINGS.planBenefits,
    });
  });

  it('says why a pale accent colour cannot be used, and does not send it', async () => {
    const { calls } = renderWithRoutes(<SiteSettingsEditor />, {
      '/api/site': { body: DEFAULT_SITE_SETTINGS },
    });
    const user = userEvent.setup();
    const accent = await screen.findByLabelText('Accent colour');
    await user.clear(accent);
    await user.type(accent, '#8cc3b1');
    const message = /The accent colour #8cc3b1 has a contrast of only 1\.69:1 against the muted background/;
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(accent).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save site settings' }));
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
  });

  it('sets the language visitors see when their browser asks for none the site speaks', async () => {
    const saved = { ...DEFAULT_SITE_SETTINGS, defaultLocale: 'de' };
    const { calls } = renderWithRoutes(<SiteSettingsEditor />, {
      '/api/site': { body: DEFAULT_SITE_SETTINGS },
      'PUT /api/admin/site': { body: saved },
    });
    const user = userEvent.setup();
    const language = await screen.findByLabelText('Default language');
    expect(language).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'Deutsch' })).toBeInTheDocument();
    await user.selectOptions(language, 'de');
    await user.click(screen.getByRole('button', { name: 'Save site settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/admin/site', 'PUT')).toMatchObject({ defaultLocale: 'de' });
  });
});
