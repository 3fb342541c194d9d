import { adminScreenTests, itGatesMembers } from '@client/features/admin/kit/testing';
import type { AdminSettings } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminSettingsScreen } from './settings-screen';

const defaults: AdminSettings = {
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

const production: AdminSettings = {
  ...defaults,
  payments: { mode: 'stripe', priceId: 'price_live_123', apiBase: null },
  storage: { driver: 's3', bucket: 'stillpoint-media', endpoint: 'https://s3.example.com' },
  email: { transport: 'smtp', from: 'Stillpoint <hello@stillpoint.example>' },
  database: { kind: 'external' },
  publicUrl: 'https://stillpoint.example',
  environment: 'production',
  demoData: false,
};

/** Each region named first holds the text second. */
function expectSections(texts: readonly (readonly [region: string, text: string])[]) {
  for (const [region, text] of texts) expect(section(region)).toHaveTextContent(text);
}

const renderScreen = adminScreenTests(<AdminSettingsScreen />, '/admin/settings');

const section = (name: string) => screen.getByRole('region', { name });

describe('/admin/settings', () => {
  itGatesMembers(renderScreen, { api: '/api/admin/settings' });

  it('shows the built-in setup, read only, with how to change each part', async () => {
    renderScreen({ '/api/admin/settings': { body: defaults } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Payments' })).toHaveTextContent('Test mode');
    expect(section('Payments')).toHaveTextContent('price_test_monthly');
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID']) {
      expect(within(section('Payments')).getByText(name).tagName).toBe('CODE');
    }
    for (const [region, variable] of [
      ['Storage', 'S3_BUCKET'],
      ['E-mail', 'SMTP_URL'],
      ['Database', 'DATABASE_URL'],
    ] as const) {
      expect(within(section(region)).getByText(variable)).toBeInTheDocument();
    }
    expectSections([
      ['Storage', 'Local disk'],
      ['E-mail', 'Outbox'],
      ['Database', 'Embedded'],
      ['Server', 'Development'],
      ['Server', 'Version1.4.0'],
      ['Server', 'Database schema0020_library_search_prefixes'],
      ['Server', 'Demo dataOn'],
    ]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows Stripe, S3, SMTP and an external database when configured', async () => {
    renderScreen({ '/api/admin/settings': { body: production } });
    expect(await screen.findByRole('region', { name: 'Payments' })).toHaveTextContent('Stripe');
    expectSections([
      ['Storage', 'S3'],
      ['Storage', 'stillpoint-media'],
      ['Storage', 'https://s3.example.com'],
      ['E-mail', 'SMTP'],
      ['E-mail', 'hello@stillpoint.example'],
      ['Database', 'External'],
      ['Server', 'Production'],
    ]);
  });

  it('offers a retry when loading fails', async () => {
    renderScreen({ '/api/admin/settings': { status: 500, body: 'boom' } });
    expect(await screen.findByText('The settings could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
