import { activateLocale } from '@client/lib/i18n';
import { freeMember, makeContentItem } from '@client/testing/content';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { fakeMediaPlayback } from '../testing';
import { AudioPlayer } from './audio-player';
import AudioPlayerHost from './audio-player-host';
import { audioPlayer } from './audio-player-store';
import { sessionEnd } from './session-end';

const item = makeContentItem({ id: 'a1', title: 'Morgenatem', type: 'audio', duration: 600 });

beforeEach(async () => {
  fakeMediaPlayback();
  await activateLocale('de', ['player']);
});

afterEach(async () => {
  act(() => {
    audioPlayer.reset();
    sessionEnd.dismiss();
  });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await activateLocale('en');
});

function renderPlayer() {
  const stub = stubFetch({
    '/api/auth/user': { body: freeMember },
    'PUT /api/progress/a1': { status: 204 },
    '/api/progress': { body: [] },
    '/api/practice/settings': { body: { playNext: true } },
  });
  vi.stubGlobal('fetch', stub.fetch);
  return renderWithProviders(
    <>
      <Switch>
        <Route path="/video/a1">
          <AudioPlayer item={item} src="/media/a1" expiresAt={null} resumeAt={0} />
        </Route>
        <Route>
          <p>Start</p>
        </Route>
      </Switch>
      <AudioPlayerHost />
    </>,
    { path: '/video/a1' },
  );
}

describe('the player in German', () => {
  it('names its controls, the mini player and the end-of-session panel in German, and shows no key', async () => {
    const { location } = renderPlayer();
    expect(screen.getByRole('slider', { name: 'Lautstärke' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '15 Sekunden zurück' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schlaf-Timer' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Morgenatem abspielen' }));
    expect(screen.getByRole('button', { name: 'Morgenatem pausieren' })).toBeInTheDocument();

    act(() => location.navigate('/'));
    const mini = await screen.findByRole('region', { name: 'Läuft gerade' });
    expect(within(mini).getByRole('button', { name: 'Player schließen' })).toBeInTheDocument();

    act(() =>
      sessionEnd.show({
        trackId: 'a1',
        title: 'Morgenatem',
        sessionId: null,
        seconds: 125,
        next: null,
        isNextPlaying: false,
        notice: null,
        origin: null,
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Einheit abgeschlossen' });
    expect(panel).toHaveTextContent('2 Minuten mit Morgenatem. Atme kurz durch, bevor du weitermachst.');
    expect(within(panel).getByRole('link', { name: 'Zur Bibliothek' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/player\.\w/);
  });

  it('says "under a minute" in German for a short session', async () => {
    renderPlayer();
    act(() =>
      sessionEnd.show({
        trackId: 'a1',
        title: 'Morgenatem',
        sessionId: null,
        seconds: 20,
        next: null,
        isNextPlaying: false,
        notice: null,
        origin: null,
      }),
    );
    expect(await screen.findByRole('region', { name: 'Einheit abgeschlossen' })).toHaveTextContent(
      'Weniger als eine Minute mit Morgenatem.',
    );
  });
});
