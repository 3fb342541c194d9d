import { renderApp } from '@client/testing/app';
import { freeMember } from '@client/testing/content';
import { NO_NOTIFICATIONS } from '@client/testing/render';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLibraryScreen(path: string) {
  return renderApp(path, {
    '/api/auth/user': { body: freeMember },
    ...NO_NOTIFICATIONS,
    '/api/progress': { body: [] },
    '/api/videos?limit=3': { body: [] },
    '/api/videos?access=free&limit=3': { body: [] },
    '/api/videos?access=premium&limit=3': { body: [] },
    '/api/videos?sort=popular&limit=3': { body: [] },
    '/api/videos?limit=12': { body: [] },
    '/api/videos/missing': { status: 404, body: { message: 'Content not found' } },
    '/api/playlists/missing': { status: 404, body: { message: 'Playlist not found' } },
  });
}

describe('library screens in the app', () => {
  it.each([
    ['/library', 'Content Library'],
    ['/calendar', 'Monthly Journey'],
    ['/video/missing', 'Content not found'],
  ])('%s shows %s', async (path, heading) => {
    renderLibraryScreen(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('/playlists/{slug} shows Playlist Not Found for an unknown slug', async () => {
    renderLibraryScreen('/playlists/missing');
    expect(await screen.findByRole('heading', { name: 'Playlist Not Found' })).toBeInTheDocument();
  });
});
