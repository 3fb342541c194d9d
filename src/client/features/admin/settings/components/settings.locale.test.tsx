import { adminScreenTests } from '@client/features/admin/kit/testing';
import { activateLocale } from '@client/lib/i18n';
import { renderWithRoutes } from '@client/testing/render';
import type { AdminSettings } from '@shared/schemas/admin';
import { DEFAULT_SITE_SETTINGS } from '@shared/schemas/site';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminSettingsScreen } from './settings-screen';
import { SiteSettingsEditor } from './site-settings-form';

const settings: AdminSettings = {
  payments: { mode: 'test', priceId: 'price_test_monthly', apiBase: null },
  storage: { driver: 'local', bucket: null, endpoint: null },
  email: { transport: 'outbox', from: 'Stillpoint <hello@localhost>' },
  database: { kind: 'embedded' },
  publicUrl: 'http://localhost:5000',
  environment: 'development',
  version: '1.4.0',
  schema: '0020_library_search_prefixes',
  demoData: true,
  flagHideThreshold: 3,
};

const renderScreen = adminScreenTests(<AdminSettingsScreen />, '/admin/settings');

beforeEach(async () => {
  await activateLocale('de', ['common', 'admin', 'questionnaire']);
});
afterEach(async () => {
  await activateLocale('en');
});

describe('/admin/settings in German', () => {
  it('names the screen, each service and how to change it in German, the variables as they are', async () => {
    renderScreen({
      '/api/admin/settings': { body: settings },
      '/api/site': { body: DEFAULT_SITE_SETTINGS },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeInTheDocument();
    const payments = await screen.findByRole('region', { name: 'Zahlungen' });
    expect(payments).toHaveTextContent('Testmodus');
    expect(payments).toHaveTextContent(/Mitglieder bezahlen auf einer eingebauten Testseite/);
    // The variables' names are not translated and stay code.
    expect(within(payments).getByText('STRIPE_SECRET_KEY').tagName).toBe('CODE');
    expect(screen.getByRole('region', { name: 'Speicher' })).toHaveTextContent('Lokale Festplatte');
    expect(screen.getByRole('region', { name: 'Server' })).toHaveTextContent('DemodatenAn');
    expect(await screen.findByRole('region', { name: 'Website' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name der Website')).toHaveValue(DEFAULT_SITE_SETTINGS.name);
    expect(screen.getByRole('button', { name: 'Einstellungen speichern' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/admin\.\w/);
  });

  it('says in German, with German decimals, why a pale accent colour cannot be used', async () => {
    renderWithRoutes(<SiteSettingsEditor />, { '/api/site': { body: DEFAULT_SITE_SETTINGS } });
    const user = userEvent.setup();
    const accent = await screen.findByLabelText('Akzentfarbe');
    await user.clear(accent);
    await user.type(accent, '#8cc3b1');
    expect(
      screen.getByText(
        'Die Akzentfarbe #8cc3b1 hat nur einen Kontrast von 1,69:1 zu dem gedämpften Hintergrund (#f1ece4); WCAG AA verlangt für Text mindestens 4,5:1. Wähl eine dunklere Farbe.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Die Akzentfarbe #8cc3b1/);
  });
});
