import { activateLocale } from '@client/lib/i18n';
import { renderWithRoutes } from '@client/testing/render';
import type { Announcement } from '@shared/schemas/announcements';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhatsNew } from './whats-new';

beforeEach(() => activateLocale('de', ['announcements']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const announcement: Announcement = {
  id: 'a1',
  title: 'Live: Sonntagabend',
  content: 'Sitz mit uns.',
  type: 'research',
  isPinned: true,
  isPublished: true,
  publishedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  imageUrl: null,
  linkUrl: 'https://example.com/live',
  linkText: null,
  language: null,
  author: { firstName: null, lastName: null, profileImageUrl: null },
};

describe("What's New in German", () => {
  it('titles the list and labels each card in German, with no key on screen', async () => {
    renderWithRoutes(<WhatsNew />, { '/api/announcements': { body: [announcement] } });
    expect(screen.getByRole('heading', { name: 'Neuigkeiten' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Live: Sonntagabend' });
    expect(within(card).getByText('vor 2 Tagen')).toBeInTheDocument();
    expect(within(card).getByText('Forschung')).toBeInTheDocument();
    expect(within(card).getByText('Angeheftet')).toBeInTheDocument();
    expect(within(card).getByText('Team von Stillpoint')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Mehr erfahren/ })).toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(/announcements\.[a-z]+\.?[a-z]/i);
  });

  it('says kindly that there is nothing yet', async () => {
    renderWithRoutes(<WhatsNew />, { '/api/announcements': { body: [] } });
    expect(await screen.findByText('Noch keine Ankündigungen')).toBeInTheDocument();
  });
});
