import { describe, expect, it } from 'vitest';
import { formatDateTime, overlaps, parseDateTime, within } from './time';

const r = (start: string, end: string) => ({
  start: `2025-03-10T${start}:00Z`,
  end: `2025-03-10T${end}:00Z`,
});

describe('overlaps', () => {
  it('is true when one starts before the other ends and ends after the other starts', () => {
    expect(overlaps(r('09:00', '10:00'), r('09:30', '10:30'))).toBe(true);
    expect(overlaps(r('09:30', '10:30'), r('09:00', '10:00'))).toBe(true);
    expect(overlaps(r('09:00', '12:00'), r('10:00', '11:00'))).toBe(true);
    expect(overlaps(r('10:00', '11:00'), r('09:00', '12:00'))).toBe(true);
    expect(overlaps(r('09:00', '10:00'), r('09:00', '10:00'))).toBe(true);
  });
  it('is false for touching or separate ranges', () => {
    expect(overlaps(r('09:00', '10:00'), r('10:00', '11:00'))).toBe(false);
    expect(overlaps(r('10:00', '11:00'), r('09:00', '10:00'))).toBe(false);
    expect(overlaps(r('09:00', '10:00'), r('11:00', '12:00'))).toBe(false);
  });
  it('accepts Date objects', () => {
    expect(
      overlaps(
        { start: new Date('2025-03-10T09:00Z'), end: new Date('2025-03-10T10:00Z') },
        { start: new Date('2025-03-10T09:59Z'), end: new Date('2025-03-10T11:00Z') },
      ),
    ).toBe(true);
  });
});

describe('within', () => {
  it('includes the ends and refuses anything sticking out', () => {
    expect(within(r('09:00', '10:00'), r('09:00', '10:00'))).toBe(true);
    expect(within(r('09:15', '09:45'), r('09:00', '10:00'))).toBe(true);
    expect(within(r('08:59', '09:45'), r('09:00', '10:00'))).toBe(false);
    expect(within(r('09:15', '10:01'), r('09:00', '10:00'))).toBe(false);
  });
});

describe('formatDateTime', () => {
  it("prints 'MMM dd, yyyy, h:mm a' in UTC by default", () => {
    expect(formatDateTime('2025-01-05T09:05:00Z')).toBe('Jan 05, 2025, 9:05 AM');
    expect(formatDateTime(new Date('2025-12-25T13:00:00Z'))).toBe('Dec 25, 2025, 1:00 PM');
    expect(formatDateTime('2025-01-05T00:30:00Z')).toBe('Jan 05, 2025, 12:30 AM');
  });
  it('prints in another time zone when asked', () => {
    expect(formatDateTime('2025-01-05T23:30:00Z', 'Africa/Kigali')).toBe('Jan 06, 2025, 1:30 AM');
  });
});

describe('parseDateTime', () => {
  it('reads ISO date-times with and without seconds and offsets; no offset means UTC', () => {
    expect(parseDateTime('2025-01-05T09:00:00Z')?.toISOString()).toBe('2025-01-05T09:00:00.000Z');
    expect(parseDateTime('2025-01-05T09:00')?.toISOString()).toBe('2025-01-05T09:00:00.000Z');
    expect(parseDateTime('2025-01-05 09:00:30')?.toISOString()).toBe('2025-01-05T09:00:30.000Z');
    expect(parseDateTime('2025-01-05T09:00:00.123+02:00')?.toISOString()).toBe('2025-01-05T07:00:00.123Z');
  });
  it('refuses anything else', () => {
    for (const bad of [
      '',
      'tomorrow',
      '2025-01-05',
      '2025-02-30T09:00',
      '2025-13-01T09:00',
      '09:00',
      '2025-01-05T25:00',
    ]) {
      expect(parseDateTime(bad), bad).toBeNull();
    }
  });
});
