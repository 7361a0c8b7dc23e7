import { afterEach, describe, expect, it, vi } from 'vitest';

// The locale's data is read in several short tasks before the first drawing (src/lib/locale.ts):
// never in one long one, and once per page load.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('warmUpDateFormats', () => {
  it('reads the locale, plural, collation, number and date data one task at a time, once', async () => {
    vi.resetModules();
    vi.useFakeTimers();
    const { warmUpDateFormats } = await import('../src/lib/locale');
    const built: string[] = [];
    for (const name of ['Locale', 'PluralRules', 'Collator', 'NumberFormat', 'DateTimeFormat'] as const) {
      const Real = Intl[name] as unknown as new (...args: unknown[]) => object;
      vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        built.push(name);
        return new Real(...args);
      } as never);
    }
    warmUpDateFormats();
    warmUpDateFormats();
    expect(built).toEqual([]); // nothing in the caller's task
    const perTask: string[][] = [];
    while (vi.getTimerCount() > 0) {
      const before = built.length;
      vi.advanceTimersToNextTimer();
      perTask.push(built.slice(before));
    }
    expect(perTask).toEqual([
      ['Locale'],
      ['PluralRules'],
      ['Collator'],
      ['NumberFormat'],
      ['DateTimeFormat'],
    ]);
  });
});
