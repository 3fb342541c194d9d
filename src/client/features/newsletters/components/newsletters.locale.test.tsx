import { activateLocale } from '@client/lib/i18n';
import { renderWithRoutes } from '@client/testing/render';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterList } from './newsletter-list';
import { NewsletterReader } from './newsletter-reader';

beforeEach(() => activateLocale('es', ['newsletters']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const ID = '8f1c2d3e-0000-4000-8000-000000000001';

describe('newsletters in Spanish', () => {
  it('dates each newsletter in Spanish', async () => {
    renderWithRoutes(<NewsletterList />, {
      '/api/newsletters': {
        body: [{ id: ID, subject: 'Luz de invierno', sentAt: '2026-11-20T09:00:00.000Z' }],
      },
    });
    expect(await screen.findByRole('list', { name: 'Boletines' })).toBeInTheDocument();
    expect(screen.getByText('20 de noviembre de 2026')).toBeInTheDocument();
  });

  it('says where to turn them on when there are none, with no key on screen', async () => {
    renderWithRoutes(<NewsletterList />, { '/api/newsletters': { body: [] } });
    expect(await screen.findByText('Todavía no hay boletines.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ajustes' })).toHaveAttribute('href', '/settings');
    expect(document.body.innerHTML).not.toMatch(/newsletters\.[a-z]+\.?[a-z]/i);
  });

  it('says a missing newsletter was not found', async () => {
    renderWithRoutes(<NewsletterReader id={ID} />, {
      [`/api/newsletters/${ID}`]: { status: 404, body: { message: 'Not found' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos este boletín.');
    expect(screen.getByRole('link', { name: 'Todos los boletines' })).toBeInTheDocument();
  });
});
