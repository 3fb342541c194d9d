import { adminScreenTests } from '@client/features/admin/kit/testing';
import { activateLocale, namespaces } from '@client/lib/i18n';
import type { Analytics, ContentAnalytics } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { browserTimeZone } from '../api/content-analytics';
import { AnalyticsDashboard } from './analytics-dashboard';

// The figures, their labels and the money follow the admin's language (issue 37): Spanish words,
// Spanish number and currency forms, the plan's own currency. No key id shows.
afterEach(() => activateLocale('en', [...namespaces]));

const analytics: Analytics = {
  userMetrics: {
    totalUsers: 12_800,
    newUsersThisMonth: 45,
    userGrowth: 12.46,
    activeSubscriptions: 3200,
    freeUsers: 9600,
  },
  subscriptionMetrics: { conversionRate: 25 },
  contentMetrics: { totalVideos: 42, publishedVideos: 40, premiumVideos: 30, freeVideos: 12 },
  communityMetrics: { totalForums: 5, activeForums: 4, totalPosts: 310, postsThisMonth: 27 },
  topDownloads: [{ videoId: 'a1', title: 'Evening wind-down', downloads: 1 }],
  business: {
    mrr: [{ currency: 'eur', amountCents: 1_234_550 }],
    activeSubscriptions: 320,
    trialingSubscriptions: 12,
    cancellingSubscriptions: 9,
    churnRate30Days: 2.44,
    trialConversionRate: null,
    byPlan: [{ interval: 'year', amountCents: 10_000, currency: 'eur', subscribers: 1, mrrCents: 833 }],
    byOffer: [{ code: 'none', currency: 'eur', subscribers: 2, mrrCents: 2_400 }],
    months: [
      {
        month: '2026-11',
        members: 1280,
        paidSubscriptions: 320,
        mrr: [{ currency: 'eur', amountCents: 1_234_550 }],
      },
    ],
  },
};

const week = '2026-11-23';
const content: ContentAnalytics = {
  days: 30,
  timeZone: browserTimeZone(),
  computedAt: '2026-11-28T04:20:00Z',
  totals: { plays: 42, minutesListened: 12.5, completionRate: 61.9, listeners: 17 },
  topItems: [
    {
      id: 'a',
      title: 'Body scan',
      type: 'audio',
      plays: 30,
      minutesListened: 12.5,
      completionRate: 70,
      listeners: 12,
    },
  ],
  weeklyActiveMembers: [{ week, members: 22 }],
  retention: [{ month: '2026-10', members: 10, measured: 10, retained: 3, rate: 30 }],
  questionnaire: { submissions: 9, members: 7, weeks: [{ week, submissions: 2, members: 2 }] },
};

const contentUrl = `/api/admin/analytics/content?days=30&timeZone=${encodeURIComponent(browserTimeZone())}`;
const render = adminScreenTests(<AnalyticsDashboard />, '/admin/analytics');
const card = (label: string) => screen.getByRole('heading', { level: 3, name: label }).parentElement!;

describe('/admin/analytics in Spanish', () => {
  it('shows the figures, the business and the content in Spanish', async () => {
    await activateLocale('es', [...namespaces]);
    render({ '/api/admin/analytics': { body: analytics }, [contentUrl]: { body: content } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel de analítica' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Usuarios' });
    expect(card('Usuarios en total')).toHaveTextContent('12.800');
    expect(card('Suscripciones activas')).toHaveTextContent('25,0 % de conversión');
    expect(card('Usuarios nuevos este mes')).toHaveTextContent('Sube: +12,5 % frente al mes pasado');

    const business = screen.getByRole('region', { name: 'Negocio' });
    expect(within(card('Ingresos recurrentes mensuales')).getByText('12.345,50 €')).toBeInTheDocument();
    expect(card('Suscriptores de pago')).toHaveTextContent('9 cancelan al final del periodo');
    expect(card('Conversión de pruebas')).toHaveTextContent('Todavía no ha terminado ninguna prueba');
    expect(within(business).getByText('Anual a 100 €: 1 suscriptor')).toBeInTheDocument();
    expect(within(business).getByText('Sin oferta: 2 suscriptores')).toBeInTheDocument();
    expect(within(business).getByText('24 € al mes')).toBeInTheDocument();
    const months = within(business).getByRole('table', { name: 'Miembros e ingresos, últimos 12 meses' });
    expect(within(months).getByRole('row', { name: /nov 2026/ })).toBeInTheDocument();
    expect(screen.getByText('1 descarga')).toBeInTheDocument();

    const section = screen.getByRole('region', { name: 'Contenido' });
    expect(
      await within(section).findByRole('table', { name: 'Lo más reproducido, últimos 30 días' }),
    ).toBeInTheDocument();
    expect(card('Minutos escuchados')).toHaveTextContent('12,5');
    expect(card('Tasa de finalización')).toHaveTextContent('Reproducciones escuchadas hasta el 90 %');
    expect(within(section).getByRole('button', { name: '90 días' })).toBeInTheDocument();
    // When the stored figures were computed, in Spanish (the zone is the browser's, as the request's).
    expect(
      within(section).getByText(/^Cifras a .*2026.*; se actualizan cada 10 minutos\.$/),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByText('Ver la retención a 4 semanas en una tabla'));
    const retention = within(section).getByRole('table', { name: 'Retención a 4 semanas' });
    expect(within(retention).getByRole('row', { name: /^oct 2026 10 10 3 30,0\s%$/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  });
});
