import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseSoon } from '../src/lib/release-memory';

afterEach(() => {
  vi.useRealTimers();
});

describe('releaseSoon', () => {
  it('collects what finished work left behind once the work is over, not while it runs', async () => {
    vi.useFakeTimers();
    let garbage: string[] | null = Array.from({ length: 200_000 }, (_, i) => `row ${i} ${'x'.repeat(200)}`);
    const withGarbage = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(200_000);
    garbage = null;
    let busy = true;
    releaseSoon(() => busy);
    await vi.advanceTimersByTimeAsync(2_500);
    // While busy the collection waits; once the work is over it runs.
    busy = false;
    await vi.advanceTimersByTimeAsync(2_500);
    expect(process.memoryUsage().heapUsed).toBeLessThan(withGarbage - 30 * 1024 * 1024);
  });
});
