import type { ScanTone } from './scan-outcome';

/** A short beep and vibration per result, so the person at the door need not look at the screen. */
const tones: Record<ScanTone, { freq: number[]; ms: number; wave: OscillatorType; vibrate: number[] }> = {
  ok: { freq: [1046], ms: 130, wave: 'sine', vibrate: [80] },
  warn: { freq: [660, 660], ms: 110, wave: 'triangle', vibrate: [70, 60, 70] },
  error: { freq: [220], ms: 380, wave: 'square', vibrate: [250] },
};

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const w = window as Window & { webkitAudioContext?: AudioContextClass };
  const Ctor: AudioContextClass | undefined =
    typeof AudioContext === 'function' ? AudioContext : w.webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/**
 * Creates (or resumes) the audio context. Browsers only allow sound after a user gesture: call this
 * from a click or key press (Start Camera, Submit) so later camera results can beep.
 */
export function primeFeedback(): void {
  const ctx = audioContext();
  if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
}

/** Beeps and vibrates where the device can; silently does nothing where it cannot. */
export function playFeedback(tone: ScanTone): void {
  const spec = tones[tone];
  if (typeof navigator.vibrate === 'function') {
    try {
      navigator.vibrate(spec.vibrate);
    } catch {
      // Some browsers refuse without a recent gesture.
    }
  }
  const ctx = audioContext();
  if (!ctx || ctx.state !== 'running') return;
  const gap = 0.06;
  spec.freq.forEach((freq, i) => {
    const start = ctx.currentTime + i * (spec.ms / 1000 + gap);
    const end = start + spec.ms / 1000;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = spec.wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(end + 0.02);
  });
}
