import { activateLocale } from '@client/lib/i18n';
import { makeContentItem } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import type { SearchResult } from '@shared/schemas/search';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchScreen } from './search-screen';

beforeEach(() => activateLocale('es', ['search']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const url = (section: 'content' | 'posts') => `/api/search?q=respira&section=${section}&limit=10`;
const result = (overrides: Partial<SearchResult>): SearchResult => ({
  content: [],
  posts: [],
  nextCursors: { content: null, posts: null },
  ...overrides,
});

describe('search in Spanish', () => {
  it('names the form and the sections, counts with plurals and dates the forum hit, with no key on screen', async () => {
    renderWithRoutes(
      <SearchScreen />,
      {
        [url('content')]: {
          body: result({ content: [makeContentItem({ id: 'i1', title: 'Respiración consciente' })] }),
        },
        [url('posts')]: {
          body: result({
            posts: [
              {
                kind: 'post',
                id: 'p1',
                postId: 'p1',
                postTitle: 'Respirar al atardecer',
                excerpt: 'Cuento cada respiración',
                createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
                user: { id: 'u1', firstName: 'Lucía', lastName: 'Ruiz', profileImageUrl: null },
                forum: { slug: 'practica', title: 'Práctica diaria', isPremium: false },
                isHidden: false,
                isHeld: true,
              },
              {
                kind: 'comment',
                id: 'c1',
                postId: 'p1',
                postTitle: 'Respirar al atardecer',
                excerpt: 'Yo también respiro así',
                createdAt: new Date().toISOString(),
                user: { id: 'u2', firstName: 'Pablo', lastName: null, profileImageUrl: null },
                forum: { slug: 'practica', title: 'Práctica diaria', isPremium: false },
                isHidden: false,
                isHeld: false,
              },
            ],
          }),
        },
      },
      { path: '/search?q=respira' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Buscar' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Buscar en Stillpoint' })).toBeInTheDocument();
    expect(
      await screen.findByText('1 resultado en la biblioteca, 2 resultados en los foros.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Biblioteca' })).toBeInTheDocument();
    const forums = screen.getByRole('region', { name: 'Foros' });
    expect(within(forums).getByText('Publicación en Práctica diaria')).toBeInTheDocument();
    expect(within(forums).getByText('Esperando a un moderador')).toBeInTheDocument();
    expect(within(forums).getByText(/hace 3 días/)).toBeInTheDocument();
    expect(within(forums).getByText(/Hace menos de una hora/i)).toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(/search\.[a-z]+\.?[a-z]/i);
  });

  it('explains a query that is too short', async () => {
    renderWithRoutes(<SearchScreen />, {}, { path: '/search?q=a' });
    expect(await screen.findByText('Escribe al menos 2 caracteres para buscar')).toBeInTheDocument();
  });
});
