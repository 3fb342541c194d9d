import { afterEach, describe, expect, it, vi } from 'vitest';
import { AMBIENT_IDS, startAmbient } from './ambient';

/**
 * A stand-in for Web Audio (jsdom has none): each node remembers what it is connected to, gains
 * remember their scheduled values, and sources remember when they were started and stopped. The
 * audio clock stands at `currentTime`, as a real context's does.
 */
class FakeParam {
  value = 1;
  events: [string, number, number?][] = [];
  setValueAtTime(value: number, at: number) {
    this.events.push(['set', value, at]);
    this.value = value;
  }
  linearRampToValueAtTime(value: number, at: number) {
    this.events.push(['ramp', value, at]);
  }
  setTargetAtTime(value: number, at: number) {
    this.events.push(['target', value, at]);
  }
  cancelScheduledValues(at: number) {
    this.events.push(['cancel', 0, at]);
  }
}

class FakeNode {
  outputs: (FakeNode | FakeParam)[] = [];
  disconnected = false;
  constructor(readonly kind: string) {}
  connect(target: FakeNode | FakeParam) {
    this.outputs.push(target);
    return target;
  }
  disconnect() {
    this.disconnected = true;
  }
}

class FakeSource extends FakeNode {
  buffer: { getChannelData: (channel: number) => Float32Array } | null = null;
  loop = false;
  started: number[] = [];
  stopped: number[] = [];
  frequency = new FakeParam();
  start(at = 0) {
    this.started.push(at);
  }
  stop(at = 0) {
    // A real source may be stopped once: a second stop throws InvalidStateError.
    if (this.stopped.length > 0) throw new DOMException('already stopped', 'InvalidStateError');
    this.stopped.push(at);
  }
}

class FakeContext {
  currentTime = 10;
  sampleRate = 200;
  destination = new FakeNode('destination');
  nodes: FakeNode[] = [];
  private add<T extends FakeNode>(node: T) {
    this.nodes.push(node);
    return node;
  }
  createBufferSource() {
    return this.add(new FakeSource('source'));
  }
  createOscillator() {
    return this.add(new FakeSource('oscillator'));
  }
  createGain() {
    return this.add(Object.assign(new FakeNode('gain'), { gain: new FakeParam() }));
  }
  createBiquadFilter() {
    return this.add(Object.assign(new FakeNode('filter'), { type: '', frequency: new FakeParam() }));
  }
  createBuffer(_channels: number, length: number) {
    const data = new Float32Array(length);
    return { length, getChannelData: () => data };
  }
  /** The looping noise source (there is exactly one per sound). */
  get source() {
    const sources = this.nodes.filter((node): node is FakeSource => node.kind === 'source');
    expect(sources).toHaveLength(1);
    return sources[0]!;
  }
  get oscillators() {
    return this.nodes.filter((node): node is FakeSource => node.kind === 'oscillator');
  }
  /** The gain that feeds the speakers: the one whose fades start and stop the sound. */
  get master() {
    const master = this.nodes.find((node) => node.outputs.includes(this.destination));
    expect(master).toBeDefined();
    return master as FakeNode & { gain: FakeParam };
  }
  /** Whether sound from `node` reaches the speakers, through any chain of nodes. */
  reachesDestination(node: FakeNode): boolean {
    return node.outputs.some(
      (next) => next === this.destination || (next instanceof FakeNode && this.reachesDestination(next)),
    );
  }
}

const start = (context: FakeContext, sound: (typeof AMBIENT_IDS)[number], volume = 0.5) =>
  startAmbient(context as unknown as AudioContext, sound, volume);

afterEach(() => vi.useRealTimers());

describe('ambient sounds', () => {
  it.each(AMBIENT_IDS)(
    '%s starts at once, loops, reaches the speakers and fades in to its volume',
    (sound) => {
      const context = new FakeContext();
      start(context, sound, 0.4);
      const { source, master } = context;
      expect(source.started).toHaveLength(1);
      expect(source.loop).toBe(true);
      expect(source.stopped).toEqual([]);
      // Noise, not silence: the buffer is filled (8 s at the context's rate).
      const samples = source.buffer!.getChannelData(0);
      expect(samples).toHaveLength(8 * context.sampleRate);
      expect(samples.some((sample) => sample !== 0)).toBe(true);
      expect(context.reachesDestination(source)).toBe(true);
      expect(master.gain.events).toEqual([
        ['set', 0.0001, 10],
        ['ramp', 0.4, 11.5],
      ]);
    },
  );

  it('the ocean swells with a slow wave that starts with it and stops with it', () => {
    const context = new FakeContext();
    const playback = start(context, 'ocean');
    const [wave] = context.oscillators;
    expect(wave?.started).toHaveLength(1);
    expect(wave?.frequency.value).toBeLessThan(1);
    playback.stop();
    expect(wave?.stopped).toEqual([11.5]);
  });

  it('stops: fades out, ends the source when the fade is over, then lets the nodes go', () => {
    vi.useFakeTimers();
    const context = new FakeContext();
    const playback = start(context, 'rain', 0.5);
    const { source, master } = context;
    context.currentTime = 70;
    master.gain.value = 0.5;
    playback.stop();
    expect(source.stopped).toEqual([71.5]);
    expect(master.gain.events.slice(-3)).toEqual([
      ['cancel', 0, 70],
      ['set', 0.5, 70],
      ['ramp', 0.0001, 71.5],
    ]);
    expect(master.disconnected).toBe(false);
    vi.advanceTimersByTime(1600);
    expect(master.disconnected).toBe(true);
  });

  it('stopping twice is harmless (the timer stops the sound when it ends and when it is left)', () => {
    vi.useFakeTimers();
    const context = new FakeContext();
    const playback = start(context, 'brown');
    playback.stop();
    expect(() => playback.stop()).not.toThrow();
    expect(context.source.stopped).toHaveLength(1);
  });

  it('changes its volume smoothly while it plays, never to a true zero', () => {
    const context = new FakeContext();
    const playback = start(context, 'rain', 0.5);
    playback.setVolume(0.8);
    playback.setVolume(0);
    expect(context.master.gain.events.slice(-4)).toEqual([
      ['cancel', 0, 10],
      ['target', 0.8, 10],
      ['cancel', 0, 10],
      ['target', 0.0001, 10],
    ]);
    expect(context.source.stopped).toEqual([]);
  });
});
