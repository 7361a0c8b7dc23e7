import { describe, expect, it } from 'vitest';
import { availableSlots, canTakePlace, isFull, isUnlimited } from './capacity';

describe('capacity', () => {
  it('treats 0 as unlimited', () => {
    expect(isUnlimited(0)).toBe(true);
    expect(isFull(0, 10_000)).toBe(false);
    expect(availableSlots(0, 10_000)).toBeNull();
  });
  it('is full when registered is at or above the maximum', () => {
    expect(isFull(50, 49)).toBe(false);
    expect(isFull(50, 50)).toBe(true);
    expect(isFull(50, 51)).toBe(true);
  });
  it('counts places left, floored at 0', () => {
    expect(availableSlots(50, 0)).toBe(50);
    expect(availableSlots(50, 49)).toBe(1);
    expect(availableSlots(50, 50)).toBe(0);
    expect(availableSlots(50, 70)).toBe(0);
  });
  it('lets someone already registered keep their place in a full session', () => {
    expect(canTakePlace(2, 2, false)).toBe(false);
    expect(canTakePlace(2, 2, true)).toBe(true);
    expect(canTakePlace(2, 1, false)).toBe(true);
  });
});
