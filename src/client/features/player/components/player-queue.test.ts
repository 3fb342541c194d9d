import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaPlayback } from '../testing';
import { audioPlayer } from './audio-player-store';
import { pickNextPlayable, playerQueue, type QueuedTrack } from './player-queue';

const entry = (id: string, extra: Partial<QueuedTrack> = {}): QueuedTrack => ({
  id,
  title: `Session ${id}`,
  thumbnailUrl: null,
  resolveSrc: async () => `/media/${id}`,
  ...extra,
});
const locked = (id: string) =>
  entry(id, { unavailable: { reason: 'locked', message: `Lesson ${id} opens on Monday.` } });
const premium = (id: string) =>
  entry(id, { unavailable: { reason: 'premium', message: `${id} is for subscribers.` } });
const online = { isOffline: false };
const offline = { isOffline: true };
const ids = (pick: { entry: QueuedTrack | null }) => pick.entry?.id ?? null;

describe('what plays next (pickNextPlayable)', () => {
  it('is the following item, and nothing after the last one or for a track not in the queue', () => {
    const queue = [entry('a'), entry('b'), entry('c')];
    expect(ids(pickNextPlayable(queue, 'a', online))).toBe('b');
    expect(pickNextPlayable(queue, 'c', online)).toEqual({ entry: null, notice: null });
    expect(pickNextPlayable(queue, 'elsewhere', online)).toEqual({ entry: null, notice: null });
  });

  it('stops at a locked course lesson and says when it opens, even when an open one follows', () => {
    const queue = [entry('1'), locked('2'), entry('3')];
    expect(pickNextPlayable(queue, '1', online)).toEqual({
      entry: null,
      notice: 'Lesson 2 opens on Monday.',
    });
  });

  it('skips a premium item the member cannot play, and stops with a kind line when only those are left', () => {
    expect(ids(pickNextPlayable([entry('a'), premium('b'), entry('c')], 'a', online))).toBe('c');
    const stop = pickNextPlayable([entry('a'), premium('b')], 'a', online);
    expect(stop.entry).toBeNull();
    expect(stop.notice).toMatch(/for subscribers/);
    expect(stop.notice).not.toMatch(/subscribe now|upgrade/i);
  });

  it('offline, picks only downloaded items and passes over the others', () => {
    const queue = [
      entry('a', { isDownloaded: true }),
      entry('b'),
      entry('c', { isDownloaded: true }),
      entry('d'),
    ];
    expect(ids(pickNextPlayable(queue, 'a', offline))).toBe('c');
    expect(ids(pickNextPlayable(queue, 'a', online))).toBe('b');
    const end = pickNextPlayable(queue, 'c', offline);
    expect(end.entry).toBeNull();
    expect(end.notice).toMatch(/offline.*not downloaded/);
  });

  it('offline, a locked lesson still stops the queue before a downloaded one after it', () => {
    const queue = [entry('1', { isDownloaded: true }), locked('2'), entry('3', { isDownloaded: true })];
    expect(pickNextPlayable(queue, '1', offline).notice).toBe('Lesson 2 opens on Monday.');
  });
});

describe('play next in the player', () => {
  let audio: HTMLAudioElement;
  let detach: () => void;

  beforeEach(() => {
    fakeMediaPlayback();
    audio = document.createElement('audio');
    detach = audioPlayer.attach(audio);
  });

  afterEach(() => {
    act(() => {
      detach();
      audioPlayer.reset();
      playerQueue.set([]);
      playerQueue.offer([]);
    });
    vi.restoreAllMocks();
  });

  it('online: the next item of the queue starts from its own link', async () => {
    playerQueue.set([entry('a'), entry('b')]);
    audioPlayer.load({ id: 'a', title: 'Session a', thumbnailUrl: null, src: '/media/a' });
    const pick = await playerQueue.playNext('a', { isOffline: false });
    expect(pick.entry?.id).toBe('b');
    expect(audioPlayer.getState().track).toMatchObject({ id: 'b', src: '/media/b' });
  });

  it('a network failure on the way turns the walk offline: the next downloaded item plays from this device', async () => {
    const noNetwork = async (): Promise<string> => {
      throw new TypeError('Failed to fetch');
    };
    playerQueue.set([
      entry('a', { isDownloaded: true }),
      entry('b', { resolveSrc: noNetwork }),
      entry('c', { isDownloaded: true, resolveSrc: async () => '/offline-media/u/c' }),
    ]);
    const pick = await playerQueue.playNext('a', { isOffline: false });
    expect(pick.entry?.id).toBe('c');
    expect(audioPlayer.getState().track).toMatchObject({ id: 'c', src: '/offline-media/u/c' });
  });

  it('an item whose file is gone is passed over for the next one', async () => {
    playerQueue.set([entry('a'), entry('b', { resolveSrc: async () => null }), entry('c')]);
    expect((await playerQueue.playNext('a', { isOffline: false })).entry?.id).toBe('c');
  });

  it('stops at a locked lesson: nothing new loads and the line says why', async () => {
    playerQueue.set([entry('1'), locked('2')]);
    audioPlayer.load({ id: '1', title: 'Session 1', thumbnailUrl: null, src: '/media/1' });
    const pick = await playerQueue.playNext('1', { isOffline: false });
    expect(pick).toEqual({ entry: null, notice: 'Lesson 2 opens on Monday.' });
    expect(audioPlayer.getState().track?.id).toBe('1');
  });

  it('a playlist offered by its screen becomes the queue when one of its items starts, and only then', () => {
    const list = [entry('x'), entry('y')];
    playerQueue.offer(list, { title: 'Evening', href: '/playlists/evening' });
    playerQueue.adoptOffered('elsewhere');
    expect(playerQueue.getState().entries).toEqual([]);
    playerQueue.adoptOffered('x');
    expect(playerQueue.getState()).toMatchObject({ entries: list, origin: { href: '/playlists/evening' } });
  });

  it('a track ending tells the listeners which session it was', () => {
    const ended = vi.fn();
    const stop = audioPlayer.onEnded(ended);
    act(() => {
      audioPlayer.load({ id: 'a', title: 'Session a', thumbnailUrl: null, src: '/media/a' });
      audio.dispatchEvent(new Event('ended'));
    });
    stop();
    expect(ended).toHaveBeenCalledWith(expect.objectContaining({ trackId: 'a', title: 'Session a' }));
  });
});
