import { activateLocale } from '@client/lib/i18n';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import { DEFAULT_PRACTICE_SETTINGS, type PracticeSettings } from '@shared/schemas/practice';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DigestSetting } from './digest-setting';
import { AppearanceCard, PracticeSettingsCard } from './practice-settings-form';

// Settings in Spanish (issue 37): every card's words come from the settings catalogue, the
// weekdays and hours from Intl and the catalogue, and no key id ever shows.
const settings: PracticeSettings = {
  ...DEFAULT_PRACTICE_SETTINGS,
  timeZone: 'Europe/Madrid',
  reminderTime: '07:30',
};

beforeEach(async () => {
  await activateLocale('es', ['common', 'settings']);
  vi.stubGlobal('fetch', stubFetch({ '/api/practice/settings': { body: settings } }).fetch);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

function expectNoKeyIds() {
  expect(document.body.textContent).not.toMatch(/settings\.[a-z]/);
  for (const element of document.querySelectorAll('[aria-label]')) {
    expect(element.getAttribute('aria-label')).not.toMatch(/settings\.[a-z]/);
  }
}

describe('settings in Spanish', () => {
  it('shows the practice, reminder and appearance cards in Spanish', async () => {
    renderWithProviders(
      <>
        <PracticeSettingsCard />
        <AppearanceCard />
        <DigestSetting />
      </>,
    );
    expect(await screen.findByRole('switch', { name: 'Mostrar rachas' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Práctica' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Medianoche' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'lunes' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Una hora antes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar ajustes' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Oscuro' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Correo con el resumen semanal' })).toBeInTheDocument();
    expectNoKeyIds();
  });
});
