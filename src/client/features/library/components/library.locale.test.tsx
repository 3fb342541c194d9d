import { activateLocale } from '@client/lib/i18n';
import { freeMember, makeContentItem } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentDetail } from './content-detail';
import { ContentLibrary } from './content-library';

beforeEach(() => activateLocale('de', ['library']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const shelf = (prefix: string) => ({
  body: [1, 2, 3].map((index) =>
    makeContentItem({ id: `${prefix}-${index}`, title: `${prefix} ${index}`, tags: ['a', 'b', 'c', 'd'] }),
  ),
});

describe('the library in German', () => {
  it('names its shelves, filters, durations and tags in German, and shows no key', async () => {
    renderWithRoutes(<ContentLibrary />, {
      '/api/auth/user': { body: freeMember },
      '/api/progress': { body: [] },
      '/api/videos?limit=3': shelf('Neu'),
      '/api/videos?access=free&limit=3': shelf('Frei'),
      '/api/videos?access=premium&limit=3': { body: [] },
      '/api/videos?sort=popular&limit=3': { body: [] },
      '/api/videos?limit=12': {
        body: [makeContentItem({ id: 'short', title: 'Kurz', duration: 20 })],
      },
    });
    const all = await screen.findByRole('region', { name: 'Alle Inhalte' });
    expect(await within(all).findByText('unter einer Minute')).toBeInTheDocument();
    const fresh = screen.getByRole('region', { name: 'Neu' });
    expect(await within(fresh).findAllByText('10 Min.')).toHaveLength(3);
    expect(within(fresh).getAllByText('+2 weitere')).toHaveLength(3);
    expect(await screen.findByText('Noch keine beliebten Inhalte.')).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Bibliothek filtern' })).toBeInTheDocument();
    expect(screen.getByLabelText('Dauer (Min.)')).toBeInTheDocument();
    expect(screen.getAllByRole('option', { name: 'Alle' })).toHaveLength(3);
    expect(screen.getByRole('option', { name: 'Artikel' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Übungen, Vorträge, Termine suchen...')).toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(/library\.[a-z]+\.[a-z]/i);
  });

  it('says an item is not found in German', async () => {
    renderWithRoutes(<ContentDetail id="missing" />, {
      '/api/auth/user': { body: freeMember },
      '/api/videos/missing': { status: 404, body: { message: 'Not found' } },
    });
    expect(await screen.findByRole('heading', { name: 'Inhalt nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Bibliothek' })).toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(/library\.[a-z]+\.[a-z]/i);
  });
});
