import { describe, expect, it } from 'vitest';
import {
  BURST_DEFAULTS,
  createBurstDetector,
  type BurstKey,
} from '../src/features/check-in/lib/scanner-burst';

/** Keys typed `gap` ms apart from `start`, each as the detector sees a keydown. */
function typed(text: string, gap: number, start = 1000): BurstKey[] {
  return [...text].map((key, i) => ({ key, time: start + i * gap }));
}

/** Feeds the keys, then `terminator` `gap` ms after the last; returns the terminator's step. */
function run(keys: BurstKey[], terminator = 'Enter', gap = 5, detector = createBurstDetector()) {
  for (const k of keys) expect(detector.push(k).kind).not.toBe('burst');
  const last = keys[keys.length - 1]?.time ?? 0;
  return detector.push({ key: terminator, time: last + gap });
}

describe('the handheld scanner burst detector', () => {
  it('takes a code typed a few ms per key and ended by Enter or Tab', () => {
    expect(run(typed('ABCD2345', 4))).toEqual({ kind: 'burst', text: 'ABCD2345' });
    expect(run(typed('ABCD2345', 4), 'Tab')).toEqual({ kind: 'burst', text: 'ABCD2345' });
    const credential = `AT1:${'Qx7_-'.repeat(22)}`;
    expect(run(typed(credential, 2))).toEqual({ kind: 'burst', text: credential });
  });

  it('leaves a person typing alone: keys 80-200 ms apart, even a fast typist', () => {
    expect(run(typed('ABCD2345', 120), 'Enter', 120)).toEqual({ kind: 'none' });
    // Fast bursts of rolled keys, but not a whole code at scanner speed.
    const fast = [0, 30, 60, 160, 190, 300, 330, 420].map((t, i) => ({ key: 'grace uw'[i] ?? 'x', time: t }));
    expect(run(fast, 'Enter', 40)).toEqual({ kind: 'none' });
  });

  it('the mean gap decides: one late key is allowed, a slow average is not', () => {
    const keys = typed('ABCD2345', 5);
    // One key 90 ms late (a busy page stamps it when it gets to it): still a scanner.
    const late = keys.map((k, i) => (i >= 4 ? { ...k, time: k.time + 90 } : k));
    expect(run(late)).toEqual({ kind: 'burst', text: 'ABCD2345' });
    // Every key 40 ms apart: over the mean of 35 ms.
    expect(run(typed('ABCD2345', 40), 'Enter', 40)).toEqual({ kind: 'none' });
    expect(run(typed('ABCD2345', 34), 'Enter', 34)).toEqual({ kind: 'burst', text: 'ABCD2345' });
  });

  it('a pause longer than the gap starts the burst again at the key after it', () => {
    const detector = createBurstDetector();
    // "jo" typed by a person, then the scanner: only the scanner's text.
    for (const k of [
      { key: 'j', time: 0 },
      { key: 'o', time: 150 },
    ])
      detector.push(k);
    expect(run(typed('EFGH6789', 3, 1000), 'Enter', 3, detector)).toEqual({
      kind: 'burst',
      text: 'EFGH6789',
    });
    // Enter itself late after the last key: a person pressed it.
    expect(run(typed('EFGH6789', 3), 'Enter', BURST_DEFAULTS.maxGapMs + 1)).toEqual({ kind: 'none' });
  });

  it('needs at least six characters', () => {
    expect(run(typed('ABCDE', 3))).toEqual({ kind: 'none' });
    expect(run(typed('ABCDEF', 3))).toEqual({ kind: 'burst', text: 'ABCDEF' });
    expect(run(typed('ABC', 3), 'Enter', 3, createBurstDetector({ minLength: 3 }))).toEqual({
      kind: 'burst',
      text: 'ABC',
    });
  });

  it('Shift alone changes nothing (scanners hold it for capitals); a key with Ctrl, Alt or Meta resets', () => {
    const detector = createBurstDetector();
    const keys = typed('ABCD2345', 4);
    const withShift = keys.flatMap((k) => [{ key: 'Shift', time: k.time - 1 }, k]);
    expect(run(withShift, 'Enter', 4, detector)).toEqual({ kind: 'burst', text: 'ABCD2345' });

    for (const modifier of ['ctrlKey', 'altKey', 'metaKey'] as const) {
      const d = createBurstDetector();
      for (const k of typed('ABCD', 4)) d.push(k);
      expect(d.push({ key: 'v', time: 1013, [modifier]: true })).toEqual({ kind: 'none' });
      expect(d.pending).toBe('');
      expect(run(typed('2345', 4, 1016), 'Enter', 4, d)).toEqual({ kind: 'none' });
    }
    // Ctrl+Enter is not a terminator either.
    const d = createBurstDetector();
    for (const k of typed('ABCD2345', 4)) d.push(k);
    expect(d.push({ key: 'Enter', time: 1040, ctrlKey: true })).toEqual({ kind: 'none' });
  });

  it('other keys (Backspace, arrows, Escape) and input-method composition end a burst', () => {
    for (const key of ['Backspace', 'ArrowLeft', 'Escape']) {
      const d = createBurstDetector();
      for (const k of typed('ABCD', 4)) d.push(k);
      expect(d.push({ key, time: 1014 })).toEqual({ kind: 'none' });
      expect(run(typed('2345', 4, 1018), 'Enter', 4, d)).toEqual({ kind: 'none' });
    }
    const d = createBurstDetector();
    for (const k of typed('ABCD', 4)) d.push(k);
    expect(d.push({ key: 'e', time: 1014, isComposing: true })).toEqual({ kind: 'none' });
    expect(d.pending).toBe('');
  });

  it('starts empty after each burst', () => {
    const d = createBurstDetector();
    expect(run(typed('ABCD2345', 3), 'Enter', 3, d)).toEqual({ kind: 'burst', text: 'ABCD2345' });
    expect(d.pending).toBe('');
    expect(run(typed('EFGH6789', 3, 2000), 'Enter', 3, d)).toEqual({ kind: 'burst', text: 'EFGH6789' });
    // A lone Enter right after is nothing.
    expect(d.push({ key: 'Enter', time: 2030 })).toEqual({ kind: 'none' });
  });
});
