import { describe, expect, it } from 'vitest';
import { mapGivingWay } from '../src/lib/give-way';

describe('mapGivingWay', () => {
  it('maps in order and lets waiting work run between every `every` items, not before', async () => {
    const seen: number[] = [];
    let ranAt: number | null = null;
    // Work that arrives while the list is being mapped (a request, a timer's callback).
    setImmediate(() => (ranAt = seen.length));
    const out = await mapGivingWay([...Array(2500).keys()], 1000, (n, i) => {
      seen.push(i);
      return n * 2;
    });
    expect(out).toEqual([...Array(2500).keys()].map((n) => n * 2));
    // It ran at the first turn given, after exactly 1,000 items.
    expect(ranAt).toBe(1000);
  });
});
