import { freeMember, makeContentItem } from '@client/testing/content';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMediaLinkStale, MEDIA_LINK_RENEW_MARGIN_MS, mediaLinkExpiresAt } from '../api/signed-url';
import { fakeMediaPlayback, fakeMediaPosition } from '../testing';
import { AudioPlayer } from './audio-player';
import AudioPlayerHost from './audio-player-host';
import { audioPlayer } from './audio-player-store';
import { VideoPlayer } from './video-player';

/**
 * Signed media links live ten minutes: a player whose link has expired (a session paused
 * overnight) asks for a fresh one and carries on from the same place, without an error.
 */

const START = new Date('2026-11-23T21:00:00Z').getTime();
const HOUR = 60 * 60 * 1000;
const linkAt = (name: string, now: number) =>
  `/media/${name}?expires=${Math.floor(now / 1000) + 600}&signature=sig-${Math.floor(now / 1000)}`;

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
    [`/api/videos/${id}/signed-url`]: () => ({ body: { signedUrl: linkAt(`${id}.mp3`, Date.now()) } }),
  });
  vi.stubGlobal('fetch', stub.fetch);
  const signedUrlCalls = () => stub.calls.filter((call) => call.url.endsWith('/signed-url')).length;
  return { signedUrlCalls };
}

function renderAudio(src: string) {
  const server = stubServer('a1');
  renderWithProviders(
    <>
      <AudioPlayer item={audioItem} src={src} resumeAt={0} />
      <AudioPlayerHost />
    </>,
    { path: '/video/a1' },
  );
  const audio = screen.getByTestId('app-audio') as HTMLAudioElement;
  return { ...server, audio, position: fakeMediaPosition(audio, 900) };
}

describe('signed link expiry', () => {
  it('reads the expiry of /media links and treats streams as never expiring', () => {
    const link = linkAt('a.mp3', START);
    expect(mediaLinkExpiresAt(link)).toBe(Math.floor(START / 1000) * 1000 + 600_000);
    expect(isMediaLinkStale(link, START)).toBe(false);
    expect(isMediaLinkStale(link, START + 600_000 - MEDIA_LINK_RENEW_MARGIN_MS)).toBe(true);
    expect(isMediaLinkStale('https://stream.example/calm.m3u8', START + 100 * HOUR)).toBe(false);
    expect(mediaLinkExpiresAt('/media/a.mp3?expires=soon')).toBeNull();
  });

  it("reads the expiry of CDN links and of a bucket's presigned GET", () => {
    expect(mediaLinkExpiresAt('https://cdn.example/media/a.mp3?expires=1900000000&signature=x')).toBe(
      1_900_000_000_000,
    );
    const presigned =
      'https://bucket.s3.amazonaws.com/media/a.mp3?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261124T101500Z&X-Amz-Expires=600&X-Amz-Signature=ab';
    expect(mediaLinkExpiresAt(presigned)).toBe(Date.UTC(2026, 10, 24, 10, 25, 0));
    expect(isMediaLinkStale(presigned, Date.UTC(2026, 10, 24, 10, 24, 45))).toBe(true);
    expect(isMediaLinkStale(presigned, Date.UTC(2026, 10, 24, 10, 20, 0))).toBe(false);
    expect(
      mediaLinkExpiresAt('https://bucket.example/a.mp3?X-Amz-Date=yesterday&X-Amz-Expires=600'),
    ).toBeNull();
  });
});

describe('the audio player renews its link', () => {
  it('a media error renews the link once and resumes; a second failure shows the notice', async () => {
    const { audio, position, signedUrlCalls } = renderAudio(linkAt('a1.mp3', START));
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

function renderVideo(src: string) {
  const server = stubServer('v1');
  renderWithProviders(<VideoPlayer item={videoItem} src={src} resumeAt={0} />, { path: '/video/v1' });
  const video = document.querySelector('video') as HTMLVideoElement;
  return { ...server, audio: video, position: fakeMediaPosition(video, 900) };
}

describe.each([
  { player: 'audio', render: renderAudio, id: 'a1', title: 'Evening Rest', second: 312, pause: 12 * HOUR },
  { player: 'video', render: renderVideo, id: 'v1', title: 'Slow Stretch', second: 200, pause: 9 * HOUR },
])('the $player player renews its link', ({ render, id, title, second, pause }) => {
  it('after a pause past the link (overnight), Play resumes at the same second on a fresh link', async () => {
    const first = linkAt(`${id}.mp3`, START);
    const { audio: media, position, signedUrlCalls } = render(first);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Play ${title}` }));
    expect(media.getAttribute('src')).toBe(first);
    media.currentTime = second;
    fireEvent(media, new Event('timeupdate'));
    await user.click(screen.getByRole('button', { name: `Pause ${title}` }));

    vi.setSystemTime(START + pause);
    const playCalls = vi.mocked(HTMLMediaElement.prototype.play).mock.calls.length;
    await user.click(screen.getByRole('button', { name: `Play ${title}` }));
    await vi.waitFor(() => expect(media.getAttribute('src')).toBe(linkAt(`${id}.mp3`, START + pause)));
    expect(signedUrlCalls()).toBe(1);
    fireEvent(media, new Event('loadedmetadata'));
    expect(position.get()).toBe(second);
    expect(vi.mocked(HTMLMediaElement.prototype.play).mock.calls.length).toBeGreaterThan(playCalls);
    expect(screen.queryByText(/could not be played|try again/i)).not.toBeInTheDocument();
  });
});
