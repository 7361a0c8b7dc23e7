/**
 * Tells a handheld scanner from a person at the keyboard. A USB or Bluetooth scanner is a keyboard
 * that types a whole code in a few milliseconds per key and ends it with Enter (or Tab, as some are
 * set up); a person types a key every 100-300 ms, and even a fast typist cannot keep a gap of a few
 * tens of milliseconds over six keys and Enter. Pure: the DOM side (hooks/use-scanner-bursts) feeds
 * it keydown events with their time stamps.
 */

export type BurstOptions = {
  /** A longer pause between two keys ends what came before: the burst starts again at this key. */
  maxGapMs: number;
  /** The whole burst, terminator included, must average at most this per key. */
  maxMeanGapMs: number;
  /** Shortest text a scanner sends (unique codes have 8 characters, QR credentials about 110). */
  minLength: number;
};

/**
 * Scanners send a key every 1-20 ms; 100 ms allows for one late key (a busy phone stamps a key
 * when it gets to it), while the mean of 35 ms (over 300 words a minute) stays out of a person's reach.
 */
export const BURST_DEFAULTS: BurstOptions = { maxGapMs: 100, maxMeanGapMs: 35, minLength: 6 };

/** What the detector needs of a keydown event. */
export type BurstKey = {
  key: string;
  /** When the key was pressed (ms; KeyboardEvent.timeStamp). */
  time: number;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** An input method is composing (IME): the key is not a character typed. */
  isComposing?: boolean;
};

export type BurstStep =
  /** A character, kept: it may be part of a burst. */
  | { kind: 'char' }
  /** Enter or Tab ending a burst: `text` is what the scanner typed. */
  | { kind: 'burst'; text: string }
  /** Enter or Tab that ends no burst (a person pressed it), or any other key: nothing kept. */
  | { kind: 'none' }
  /** A modifier pressed alone (scanners hold Shift for capitals): changes nothing. */
  | { kind: 'modifier' };

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'Fn', 'NumLock']);
const TERMINATORS = new Set(['Enter', 'Tab']);

export function createBurstDetector(options: Partial<BurstOptions> = {}) {
  const { maxGapMs, maxMeanGapMs, minLength } = { ...BURST_DEFAULTS, ...options };
  let text = '';
  let first = 0;
  let last = 0;

  const reset = () => {
    text = '';
  };

  return {
    push(event: BurstKey): BurstStep {
      if (MODIFIERS.has(event.key)) return { kind: 'modifier' };
      // A shortcut (Ctrl+V, Alt+Tab…) or an input method is a person at work.
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) {
        reset();
        return { kind: 'none' };
      }
      if (TERMINATORS.has(event.key)) {
        const burst =
          text.length >= minLength &&
          event.time - last <= maxGapMs &&
          (event.time - first) / text.length <= maxMeanGapMs;
        const typed = text;
        reset();
        return burst ? { kind: 'burst', text: typed } : { kind: 'none' };
      }
      // One character (a key such as ArrowLeft or Backspace has a longer name).
      if ([...event.key].length !== 1) {
        reset();
        return { kind: 'none' };
      }
      if (text === '' || event.time - last > maxGapMs || event.time < last) {
        text = event.key;
        first = event.time;
      } else {
        text += event.key;
      }
      last = event.time;
      return { kind: 'char' };
    },
    reset,
    /** The characters kept so far (tests, and a burst's text before its terminator). */
    get pending(): string {
      return text;
    },
  };
}

export type BurstDetector = ReturnType<typeof createBurstDetector>;
