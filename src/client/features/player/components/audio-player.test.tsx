import { freeMember, makeContentItem } from '@client/testing/content';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { fakeMediaPlayback, fakeMediaPosition } from '../testing';
import { AudioPlayer } from './audio-player';
import AudioPlayerHost from './audio-player-host';
import { audioPlayer } from './audio-player-store';

const item = makeContentItem({
  id: 'a1',
  title: 'Morning Breath',
  type: 'audio',
  duration: 600,
  thumbnailUrl: '/objects/t.webp',
});

type Handler = ((details: { seekOffset?: number }) => void) | null;
let actionHandlers: Map<string, Handler>;
let session: {
  metadata: unknown;
  playbackState: string;
  setActionHandler: (action: string, handler: Handler) => void;
};

beforeEach(() => {
  fakeMediaPlayback();
  actionHandlers = new Map();
  session = {
    metadata: null,
    playbackState: 'none',
    setActionHandler: (action, handler) => actionHandlers.set(action, handler),
  };
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  vi.stubGlobal(
    'MediaMetadata',
    class {
      constructor(init: object) {
        Object.assign(this, init);
      }
    },
  );
});

afterEach(() => {
  act(() => audioPlayer.reset());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaSession');
});

function renderPlayer() {
  const stub = stubFetch({
    '/api/auth/user': { body: freeMember },
    'PUT /api/progress/a1': { status: 204 },
    '/api/progress': { body: [] },
  });
  vi.stubGlobal('fetch', stub.fetch);
  const view = renderWithProviders(
    <>
      <Switch>
        <Route path="/video/a1">
          <AudioPlayer item={item} src="/media/a1?sig=x" expiresAt={null} resumeAt={0} />
        </Route>
        <Route>
          <p>Home</p>
        </Route>
      </Switch>
      <AudioPlayerHost />
    </>,
    { path: '/video/a1' },
  );
  const audio = screen.getByTestId('app-audio') as HTMLAudioElement;
  return { ...view, audio, calls: stub.calls };
}

describe('the audio player', () => {
  it('plays through the one shared audio element and keeps playing in the mini-player elsewhere', async () => {
    const { audio, location } = renderPlayer();
    expect(screen.queryByRole('region', { name: 'Now playing' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Play Morning Breath' }));
    expect(audio.getAttribute('src')).toBe('/media/a1?sig=x');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause Morning Breath' })).toBeInTheDocument();
    // On the item's own page the detail view is the player: no mini-player.
    expect(screen.queryByRole('region', { name: 'Now playing' })).not.toBeInTheDocument();

    act(() => location.navigate('/'));
    const mini = screen.getByRole('region', { name: 'Now playing' });
    expect(within(mini).getByRole('link', { name: /Morning Breath/ })).toHaveAttribute('href', '/video/a1');
    await userEvent.click(within(mini).getByRole('button', { name: 'Pause Morning Breath' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(within(mini).getByRole('button', { name: 'Play Morning Breath' })).toBeInTheDocument();

    await userEvent.click(within(mini).getByRole('button', { name: 'Close player' }));
    expect(screen.queryByRole('region', { name: 'Now playing' })).not.toBeInTheDocument();
  });

  it('describes the session to the Media Session API and answers its actions', async () => {
    const { audio } = renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play Morning Breath' }));
    expect(session.metadata).toMatchObject({
      title: 'Morning Breath',
      artist: 'Stillpoint',
      artwork: [{ src: `${window.location.origin}/objects/t.webp` }],
    });
    expect([...actionHandlers.keys()]).toEqual([
      'play',
      'pause',
      'seekbackward',
      'seekforward',
      'seekto',
      'previoustrack',
      'nexttrack',
    ]);
    expect(session.playbackState).toBe('playing');

    Object.defineProperty(audio, 'readyState', { value: 4, configurable: true });
    const position = fakeMediaPosition(audio, 600, 100);
    fireEvent(audio, new Event('durationchange'));
    act(() => actionHandlers.get('seekforward')?.({}));
    expect(position.get()).toBe(115);
    act(() => actionHandlers.get('seekbackward')?.({ seekOffset: 30 }));
    expect(position.get()).toBe(85);
    act(() => actionHandlers.get('pause')?.({}));
    expect(session.playbackState).toBe('paused');
  });

  it('saves progress on pause and marks the end as completed', async () => {
    const { audio, calls } = renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play Morning Breath' }));
    fakeMediaPosition(audio, 600, 42);
    await userEvent.click(screen.getByRole('button', { name: 'Pause Morning Breath' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.init?.method === 'PUT')).toHaveLength(1));
    const [pauseSave] = calls.filter((call) => call.init?.method === 'PUT');
    expect(pauseSave?.url).toBe('/api/progress/a1');
    expect(JSON.parse(String(pauseSave?.init?.body))).toEqual({ positionSeconds: 42, completed: false });

    Object.defineProperty(audio, 'ended', { value: true, configurable: true });
    fireEvent(audio, new Event('ended'));
    await vi.waitFor(() => expect(calls.filter((call) => call.init?.method === 'PUT')).toHaveLength(2));
    const endSave = calls.filter((call) => call.init?.method === 'PUT').at(-1);
    expect(JSON.parse(String(endSave?.init?.body))).toEqual({ positionSeconds: 600, completed: true });
  });

  it('changes the volume in steps of 0.1 and mutes', async () => {
    const { audio } = renderPlayer();
    const volume = screen.getByRole('slider', { name: 'Volume' });
    fireEvent.change(volume, { target: { value: '0.3' } });
    expect(audio.volume).toBeCloseTo(0.3);
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(audio.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  });
});
