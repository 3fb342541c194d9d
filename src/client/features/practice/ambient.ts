/**
 * Ambient sounds under a sit, generated with Web Audio from noise buffers (no file, no licence):
 * rain is pink-ish noise, brighter and even; the ocean is brown noise whose loudness swells and
 * falls like waves; brown noise is a steady low rumble. Each loops until stopped.
 */
// Their names are words, in the practice catalogue (timer-settings-form.tsx, ambientLabel).
export const AMBIENT_SOUNDS = { rain: {}, ocean: {}, brown: {} } as const;
export type AmbientId = keyof typeof AMBIENT_SOUNDS;
export const AMBIENT_IDS = Object.keys(AMBIENT_SOUNDS) as AmbientId[];

/** Long enough that the loop's seam is not heard as a rhythm. */
const BUFFER_SECONDS = 8;
/** One wave: in and out in about ten seconds. */
const WAVE_HZ = 0.1;
const FADE_SECONDS = 1.5;

export type AmbientPlayback = { setVolume: (volume: number) => void; stop: () => void };

/** Fills a buffer with noise; `brown` integrates white noise (a random walk) for a deep sound. */
function noiseBuffer(context: AudioContext, colour: 'pink' | 'brown'): AudioBuffer {
  const length = Math.floor(context.sampleRate * BUFFER_SECONDS);
  const buffer = context.createBuffer(1, length, context.sampleRate);
  const data = buffer.getChannelData(0);
  let last = 0;
  // Paul Kellet's economy pink filter: three one-pole filters summed.
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  for (let index = 0; index < length; index++) {
    const white = Math.random() * 2 - 1;
    if (colour === 'brown') {
      last = (last + 0.02 * white) / 1.02;
      data[index] = last * 3.5;
    } else {
      b0 = 0.99765 * b0 + white * 0.099046;
      b1 = 0.963 * b1 + white * 0.2965164;
      b2 = 0.57 * b2 + white * 1.0526913;
      data[index] = (b0 + b1 + b2 + white * 0.1848) * 0.11;
    }
  }
  return buffer;
}

/** Starts a looping ambient sound at `volume` (0 to 1), faded in; stopping fades it out. */
export function startAmbient(context: AudioContext, sound: AmbientId, volume: number): AmbientPlayback {
  const source = context.createBufferSource();
  source.buffer = noiseBuffer(context, sound === 'rain' ? 'pink' : 'brown');
  source.loop = true;
  const master = context.createGain();
  master.gain.setValueAtTime(0.0001, context.currentTime);
  master.gain.linearRampToValueAtTime(volume, context.currentTime + FADE_SECONDS);
  let last: AudioNode = source;
  if (sound === 'rain') {
    // Rain is bright but not hissing: take the top off.
    const filter = context.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = 6000;
    last.connect(filter);
    last = filter;
  }
  const stops: (() => void)[] = [];
  if (sound === 'ocean') {
    // Waves: a slow oscillator moves the loudness between about a fifth and the whole.
    const swell = context.createGain();
    swell.gain.value = 0.6;
    const wave = context.createOscillator();
    wave.frequency.value = WAVE_HZ;
    const depth = context.createGain();
    depth.gain.value = 0.4;
    wave.connect(depth);
    depth.connect(swell.gain);
    wave.start();
    stops.push(() => wave.stop(context.currentTime + FADE_SECONDS));
    last.connect(swell);
    last = swell;
  }
  last.connect(master);
  master.connect(context.destination);
  source.start();
  return {
    setVolume: (next) => {
      master.gain.cancelScheduledValues(context.currentTime);
      master.gain.setTargetAtTime(Math.max(0.0001, next), context.currentTime, 0.1);
    },
    stop: () => {
      const at = context.currentTime;
      master.gain.cancelScheduledValues(at);
      master.gain.setValueAtTime(master.gain.value, at);
      master.gain.linearRampToValueAtTime(0.0001, at + FADE_SECONDS);
      try {
        source.stop(at + FADE_SECONDS);
        for (const stop of stops) stop();
      } catch {
        // Already stopped.
      }
      // Nodes go once the fade has run out.
      setTimeout(() => master.disconnect(), (FADE_SECONDS + 0.1) * 1000);
    },
  };
}
