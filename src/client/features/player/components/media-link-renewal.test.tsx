import { freeMember, makeContentItem } from '@client/testing/content';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMediaLinkStale, MEDIA_LINK_RENEW_MARGIN_MS } from '../api/signed-url';
import { fakeMediaPlayback, fakeMediaPosition } from '../testing';
import { AudioPlayer } from './audio-player';
import AudioPlayerHost from './audio-player-host';
import { audioPlayer } from './audio-player-store';
import { VideoPlayer } from './video-player';

/**
 * Signed media links live ten minutes and the server says until when (`expiresAt`): a player
 * whose link has expired (a session paused overnight) asks for a fresh one and carries on from the
 * same place, without an error. The links here carry no expiry of their own, so only `expiresAt`
 * can tell the player when to renew.
 */

const START = new Date('2026-11-23T21:00:00Z').getTime();
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const LINK_LIFETIME = 10 * MINUTE;
// Whole seconds, as a signer writes them: the (fake) clock may move a few ms between requests.
const linkAt = (name: string, now: number) => `/media/${name}?signature=sig-${Math.floor(now / 1000)}`;
const expiryAt = (now: number) => new Date(now + LINK_LIFETIME).toISOString();

const audioItem = makeContentItem({ id: 'a1', title: 'Evening Rest', type: 'audio', duration: 900 });
const videoItem = makeContentItem({ id: 'v1', title: 'Slow Stretch', type: 'video', duration: 900 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  fakeMediaPlayback();
});

afterEach(() => {
  act(() => audioPlayer.reset());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubServer(id: string) {
  const stub = stubFetch({
    '/api/auth/user': { body: freeMember },
    [`PUT /api/progress/${id}`]: { status: 204 },
    '/api/progress': { body: [] },
    // Each request signs a new link, valid ten minutes from the (fake) clock's now.
    [`/api/videos/${id}/signed-url`]: () => ({
      body: { signedUrl: linkAt(`${id}.mp3`, Date.now()), expiresAt: expiryAt(Date.now()) },
    }),
  });
  vi.stubGlobal('fetch', stub.fetch);
  const signedUrlCalls = () => stub.calls.filter((call) => call.url.endsWith('/signed-url')).length;
  return { signedUrlCalls };
}

function renderAudio(src: string, expiresAt: string | null) {
  const server = stubServer('a1');
  renderWithProviders(
    <>
      <AudioPlayer item={audioItem} src={src} expiresAt={expiresAt} resumeAt={0} />
      <AudioPlayerHost />
    </>,
    { path: '/video/a1' },
  );
  const audio = screen.getByTestId('app-audio') as HTMLAudioElement;
  return { ...server, audio, position: fakeMediaPosition(audio, 900) };
}

describe('signed link expiry', () => {
  it("is the server's expiresAt, renewed a margin before it; links without one never expire", () => {
    const expiresAt = expiryAt(START);
    expect(isMediaLinkStale(expiresAt, START)).toBe(false);
    expect(isMediaLinkStale(expiresAt, START + LINK_LIFETIME - MEDIA_LINK_RENEW_MARGIN_MS - 1)).toBe(false);
    expect(isMediaLinkStale(expiresAt, START + LINK_LIFETIME - MEDIA_LINK_RENEW_MARGIN_MS)).toBe(true);
    expect(isMediaLinkStale(expiresAt, START + HOUR)).toBe(true);
    // A stream, or a copy on this device.
    expect(isMediaLinkStale(null, START + 100 * HOUR)).toBe(false);
    expect(isMediaLinkStale(undefined, START + 100 * HOUR)).toBe(false);
  });
});

describe('the audio player renews its link', () => {
  it('a media error renews the link once and resumes; a second failure shows the notice', async () => {
    const { audio, position, signedUrlCalls } = renderAudio(linkAt('a1.mp3', START), expiryAt(START));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Play Evening Rest' }));
    audio.currentTime = 45;
    fireEvent(audio, new Event('timeupdate'));

    vi.setSystemTime(START + 11 * 60 * 1000);
    fireEvent(audio, new Event('error'));
    await vi.waitFor(() => expect(signedUrlCalls()).toBe(1));
    await vi.waitFor(() => expect(audio.getAttribute('src')).toBe(linkAt('a1.mp3', START + 11 * 60 * 1000)));
    fireEvent(audio, new Event('loadedmetadata'));
    expect(position.get()).toBe(45);
    expect(screen.getByRole('button', { name: 'Pause Evening Rest' })).toBeInTheDocument();

    // The fresh link fails too, before playing: that is a real error, not an expiry.
    fireEvent(audio, new Event('error'));
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
    expect(signedUrlCalls()).toBe(1);
  });
});

function renderVideo(src: string, expiresAt: string | null) {
  const server = stubServer('v1');
  renderWithProviders(<VideoPlayer item={videoItem} src={src} expiresAt={expiresAt} resumeAt={0} />, {
    path: '/video/v1',
  });
  const video = document.querySelector('video') as HTMLVideoElement;
  return { ...server, audio: video, position: fakeMediaPosition(video, 900) };
}

describe.each([
  { player: 'audio', render: renderAudio, id: 'a1', title: 'Evening Rest', second: 312, pause: 12 * HOUR },
  { player: 'video', render: renderVideo, id: 'v1', title: 'Slow Stretch', second: 200, pause: 9 * HOUR },
])('the $player player renews its link', ({ render, id, title, second, pause }) => {
  async function playThenPause(media: HTMLMediaElement, at: number) {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Play ${title}` }));
    media.currentTime = at;
    fireEvent(media, new Event('timeupdate'));
    await user.click(screen.getByRole('button', { name: `Pause ${title}` }));
    return user;
  }

  it('after a pause past expiresAt (overnight), Play resumes at the same second on a fresh link', async () => {
    const first = linkAt(`${id}.mp3`, START);
    const { audio: media, position, signedUrlCalls } = render(first, expiryAt(START));
    const user = await playThenPause(media, second);
    expect(media.getAttribute('src')).toBe(first);

    vi.setSystemTime(START + pause);
    const playCalls = vi.mocked(HTMLMediaElement.prototype.play).mock.calls.length;
    await user.click(screen.getByRole('button', { name: `Play ${title}` }));
    await vi.waitFor(() => expect(media.getAttribute('src')).toBe(linkAt(`${id}.mp3`, START + pause)));
    expect(signedUrlCalls()).toBe(1);
    fireEvent(media, new Event('loadedmetadata'));
    expect(position.get()).toBe(second);
    expect(vi.mocked(HTMLMediaElement.prototype.play).mock.calls.length).toBeGreaterThan(playCalls);
    expect(screen.queryByText(/could not be played|try again/i)).not.toBeInTheDocument();

    // The fresh link's own expiresAt counts from now on: a short pause keeps it, a long one renews.
    await user.click(screen.getByRole('button', { name: `Pause ${title}` }));
    vi.setSystemTime(START + pause + 5 * MINUTE);
    await user.click(screen.getByRole('button', { name: `Play ${title}` }));
    expect(signedUrlCalls()).toBe(1);
    await user.click(screen.getByRole('button', { name: `Pause ${title}` }));
    vi.setSystemTime(START + pause + 11 * MINUTE);
    await user.click(screen.getByRole('button', { name: `Play ${title}` }));
    await vi.waitFor(() =>
      expect(media.getAttribute('src')).toBe(linkAt(`${id}.mp3`, START + pause + 11 * MINUTE)),
    );
    expect(signedUrlCalls()).toBe(2);
  });

  it('renews a margin before expiresAt, and not while the link still has time', async () => {
    const first = linkAt(`${id}.mp3`, START);
    const { audio: media, signedUrlCalls } = render(first, expiryAt(START));
    const user = await playThenPause(media, second);

    vi.setSystemTime(START + LINK_LIFETIME - MEDIA_LINK_RENEW_MARGIN_MS - 1000);
    await user.click(screen.getByRole('button', { name: `Play ${title}` }));
    expect(signedUrlCalls()).toBe(0);
    expect(media.getAttribute('src')).toBe(first);
    await user.click(screen.getByRole('button', { name: `Pause ${title}` }));

    vi.setSystemTime(START + LINK_LIFETIME - MEDIA_LINK_RENEW_MARGIN_MS);
    await user.click(screen.getByRole('button', { name: `Play ${title}` }));
    await vi.waitFor(() =>
      expect(media.getAttribute('src')).toBe(
        linkAt(`${id}.mp3`, START + LINK_LIFETIME - MEDIA_LINK_RENEW_MARGIN_MS),
      ),
    );
    expect(signedUrlCalls()).toBe(1);
  });

  it('goes by expiresAt, not by the link: an expiry written in the URL is not read', async () => {
    // Our own link format says it lives until 2286; the server says ten minutes.
    const first = `/media/${id}.mp3?expires=9999999999&signature=x`;
    const { audio: media, signedUrlCalls } = render(first, expiryAt(START));
    const user = await playThenPause(media, second);

    vi.setSystemTime(START + 11 * MINUTE);
    await user.click(screen.getByRole('button', { name: `Play ${title}` }));
    await vi.waitFor(() => expect(media.getAttribute('src')).toBe(linkAt(`${id}.mp3`, START + 11 * MINUTE)));
    expect(signedUrlCalls()).toBe(1);
  });

  it('never renews a link without expiresAt (a stream, or a copy on this device)', async () => {
    const stream = 'https://stream.example/calm.m3u8';
    const { audio: media, signedUrlCalls } = render(stream, null);
    const user = await playThenPause(media, second);

    vi.setSystemTime(START + pause);
    await user.click(screen.getByRole('button', { name: `Play ${title}` }));
    expect(signedUrlCalls()).toBe(0);
    expect(media.getAttribute('src')).toBe(stream);
  });
});
