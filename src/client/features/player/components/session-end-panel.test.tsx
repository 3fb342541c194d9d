import { settingsQueries } from '@client/features/settings';
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
import { playerQueue, type QueuedTrack } from './player-queue';
import { sessionEnd } from './session-end';
import { VideoPlayer } from './video-player';

const lesson = makeContentItem({ id: 'l1', title: 'Arriving', type: 'audio', duration: 180 });
const queued = (id: string, title: string): QueuedTrack => ({
  id,
  title,
  thumbnailUrl: null,
  resolveSrc: async () => `/media/${id}`,
});

beforeEach(() => {
  fakeMediaPlayback();
});

afterEach(() => {
  act(() => {
    audioPlayer.reset();
    playerQueue.set([]);
    playerQueue.offer([]);
    sessionEnd.dismiss();
  });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderLesson({ playNext = true } = {}) {
  const stub = stubFetch({
    '/api/auth/user': { body: freeMember },
    '/api/progress': { body: [] },
    '/api/practice/settings': { body: { playNext } },
    'PUT /api/progress/l1': { status: 204 },
    'POST /api/practice/sessions': { status: 201, body: {} },
  });
  const noteCalls: RequestInit[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/note')) {
      noteCalls.push(init ?? {});
      return new Response(JSON.stringify({ id: 'x', note: 'ok' }), { status: 200 });
    }
    return stub.fetch(input, init);
  });
  const view = renderWithProviders(
    <>
      <Switch>
        <Route path="/video/l1">
          <AudioPlayer item={lesson} src="/media/l1" expiresAt={null} resumeAt={0} />
        </Route>
      </Switch>
      <AudioPlayerHost />
    </>,
    { path: '/video/l1' },
  );
  const audio = screen.getByTestId('app-audio') as HTMLAudioElement;
  return { ...view, audio, noteCalls };
}

/** Plays the lesson from its page for `seconds`, then to its end. */
async function playToTheEnd(audio: HTMLAudioElement, seconds: number) {
  await userEvent.click(screen.getByRole('button', { name: 'Play Arriving' }));
  const position = fakeMediaPosition(audio, seconds);
  act(() => {
    audio.dispatchEvent(new Event('play'));
    for (let second = 0; second <= seconds; second += 1) {
      audio.currentTime = second;
      audio.dispatchEvent(new Event('timeupdate'));
    }
  });
  Object.defineProperty(audio, 'ended', { value: true, configurable: true });
  fireEvent(audio, new Event('ended'));
  return position;
}

describe('the end of a session', () => {
  it('shows the minutes, moves focus to its heading, starts the next lesson and shows "Up next" in the mini-player', async () => {
    playerQueue.offer([queued('l1', 'Arriving'), queued('l2', 'Body scan'), queued('l3', 'Open awareness')], {
      title: 'First steps',
      href: '/playlists/first-steps',
    });
    const { audio } = renderLesson();
    await playToTheEnd(audio, 90);

    const heading = await screen.findByRole('heading', { name: 'Session complete' });
    expect(heading).toHaveFocus();
    const panel = screen.getByRole('region', { name: 'Session complete' });
    expect(panel).toHaveTextContent('2 minutes with Arriving');
    expect(panel).not.toHaveTextContent(/streak|missed/i);
    await vi.waitFor(() => expect(within(panel).getByText('Body scan')).toBeInTheDocument());
    expect(audioPlayer.getState().track).toMatchObject({ id: 'l2', src: '/media/l2' });
    // The lesson's page is still open, so the next lesson plays in the mini-player.
    expect(screen.getByTestId('up-next')).toHaveTextContent('Up next: Open awareness');
  });

  it('saves the optional journal line on the session just recorded', async () => {
    const { audio, noteCalls } = renderLesson();
    await playToTheEnd(audio, 40);
    const field = await screen.findByLabelText('A note for your journal (optional)');
    expect(field).toHaveAttribute('maxLength', '280');
    await userEvent.type(field, 'Softer shoulders');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Saved to your journal.')).toBeInTheDocument();
    expect(noteCalls).toHaveLength(1);
    expect(JSON.parse(String(noteCalls[0]?.body))).toEqual({ note: 'Softer shoulders' });
    expect(screen.getByRole('region', { name: 'Session complete' })).toHaveTextContent('Under a minute');
  });

  it('with play next off, offers the next item instead of starting it', async () => {
    playerQueue.offer([queued('l1', 'Arriving'), queued('l2', 'Body scan')]);
    const { audio, queryClient } = renderLesson({ playNext: false });
    // The setting is read before the lesson ends.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(settingsQueries.settings().queryKey)).toEqual({ playNext: false }),
    );
    await playToTheEnd(audio, 30);
    const offer = await screen.findByRole('button', { name: 'Play next: Body scan' });
    expect(audioPlayer.getState().track?.id).toBe('l1');
    await userEvent.click(offer);
    await vi.waitFor(() => expect(audioPlayer.getState().track?.id).toBe('l2'));
    expect(screen.queryByRole('region', { name: 'Session complete' })).not.toBeInTheDocument();
  });

  it('at the end of a list offers the way back; Escape closes it and gives focus back to where it was', async () => {
    const { audio } = renderLesson();
    await playToTheEnd(audio, 20);
    const heading = await screen.findByRole('heading', { name: 'Session complete' });
    expect(screen.getByRole('link', { name: 'Back to library' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(heading).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Arriving' })).toHaveFocus();
  });

  it('a video played to its end has the same moment, with the way back to the library', async () => {
    const video = makeContentItem({ id: 'v1', title: 'Walking slowly', type: 'video', duration: 300 });
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/auth/user': { body: freeMember },
        '/api/practice/settings': { body: { playNext: true } },
        'PUT /api/progress/v1': { status: 204 },
        'POST /api/practice/sessions': { status: 201, body: {} },
      }).fetch,
    );
    renderWithProviders(
      <>
        <VideoPlayer item={video} src="/media/v1" expiresAt={null} resumeAt={0} />
        <AudioPlayerHost />
      </>,
      { path: '/video/v1' },
    );
    const element = document.querySelector('video') as HTMLVideoElement;
    fakeMediaPosition(element, 150);
    act(() => {
      element.dispatchEvent(new Event('play'));
      for (let second = 0; second <= 150; second += 1) {
        element.currentTime = second;
        element.dispatchEvent(new Event('timeupdate'));
      }
    });
    Object.defineProperty(element, 'ended', { value: true, configurable: true });
    fireEvent(element, new Event('ended'));
    const panel = await screen.findByRole('region', { name: 'Session complete' });
    expect(panel).toHaveTextContent('3 minutes with Walking slowly');
    expect(within(panel).getByLabelText('A note for your journal (optional)')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Back to library' })).toBeInTheDocument();
  });
});
