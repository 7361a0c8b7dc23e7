import { SCAN_REPEAT_IGNORE_MS } from '@attend/shared';

/**
 * A camera decodes the code in front of it several times a second. A code counts once, then is
 * ignored while it stays in view and for `windowMs` after it was last seen, so a participant who
 * keeps holding up their badge is not checked in twice (an 'already checked in' would hide the green
 * result). Several codes are tracked at once: two badges in the frame do not alternate.
 */
export function createRepeatFilter(windowMs: number = SCAN_REPEAT_IGNORE_MS) {
  const lastSeen = new Map<string, number>();
  return {
    /** True when `code` should be sent now; false for a repeat inside the window. */
    accept(code: string, now: number): boolean {
      for (const [seen, at] of lastSeen) if (now - at >= windowMs) lastSeen.delete(seen);
      const previous = lastSeen.get(code);
      lastSeen.set(code, now);
      return previous === undefined;
    },
    /** Forget everything (another session chosen: the same badge must count there). */
    clear(): void {
      lastSeen.clear();
    },
  };
}

export type RepeatFilter = ReturnType<typeof createRepeatFilter>;
