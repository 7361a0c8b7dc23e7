import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  dayBoundsInZone,
  dayInZone,
  formatDateTime,
  formatDateTimeInZone,
  instantFromWallClock,
  overlaps,
  parseDateTime,
  readDateTime,
  timeZoneAbbreviation,
  wallClockText,
  within,
} from './time';

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
  it('reads a time without an offset in the zone given, and one with an offset as that instant', () => {
    expect(parseDateTime('2026-11-26T08:00', 'Africa/Nairobi')?.toISOString()).toBe(
      '2026-11-26T05:00:00.000Z',
    );
    expect(parseDateTime('2026-11-26 08:00:30.250', 'Africa/Nairobi')?.toISOString()).toBe(
      '2026-11-26T05:00:30.250Z',
    );
    expect(parseDateTime('2026-11-26T08:00Z', 'Africa/Nairobi')?.toISOString()).toBe(
      '2026-11-26T08:00:00.000Z',
    );
    expect(parseDateTime('2026-11-26T08:00+01:00', 'Africa/Nairobi')?.toISOString()).toBe(
      '2026-11-26T07:00:00.000Z',
    );
    // Berlin skips 02:00-03:00 on 29 March 2026 (02:30 lands after the change) and repeats it on
    // 25 October (02:30 is its first occurrence, still summer time).
    expect(parseDateTime('2026-03-29T02:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(parseDateTime('2026-10-25T02:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(readDateTime('2026-11-26T08:00')).toEqual({
      kind: 'wall-clock',
      wallClockAsUtc: new Date('2026-11-26T08:00:00Z'),
    });
    expect(readDateTime('2026-11-26T08:00-05:00')).toEqual({
      kind: 'instant',
      instant: new Date('2026-11-26T13:00:00Z'),
    });
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

describe('time zones', () => {
  it('accepts IANA names in the runtime spelling and refuses offsets and abbreviations', () => {
    expect(canonicalTimeZone('Africa/Nairobi')).toBe('Africa/Nairobi');
    expect(canonicalTimeZone(' africa/nairobi ')).toBe('Africa/Nairobi');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    for (const bad of ['', 'EAT', '+03:00', 'GMT+3', 'Mars/Olympus_Mons', 'Africa', '../etc/passwd']) {
      expect(canonicalTimeZone(bad), bad).toBeNull();
    }
  });
  it('names zones by the abbreviation people use, else by the offset', () => {
    const nov = '2026-11-27T07:00:00Z';
    expect(timeZoneAbbreviation('Africa/Nairobi', nov)).toBe('EAT');
    expect(timeZoneAbbreviation('Africa/Kigali', nov)).toBe('CAT');
    expect(timeZoneAbbreviation('Africa/Lagos', nov)).toBe('WAT');
    expect(timeZoneAbbreviation('UTC', nov)).toBe('UTC');
    expect(timeZoneAbbreviation('Europe/London', '2026-07-01T12:00:00Z')).toBe('BST');
    expect(timeZoneAbbreviation('Asia/Tokyo', nov)).toBe('GMT+9');
    expect(formatDateTimeInZone(nov, 'Africa/Nairobi')).toBe('Nov 27, 2026, 10:00 AM EAT');
  });
  it('turns wall-clock times of a zone into instants, across daylight saving changes', () => {
    const wall = { year: 2026, month: 11, day: 27, hour: 10, minute: 0 };
    expect(instantFromWallClock(wall, 'Africa/Nairobi').toISOString()).toBe('2026-11-27T07:00:00.000Z');
    expect(instantFromWallClock(wall, 'UTC').toISOString()).toBe('2026-11-27T10:00:00.000Z');
    // 02:30 does not exist in New York on 8 March 2026: it is read as 03:30 EDT.
    const gap = { year: 2026, month: 3, day: 8, hour: 2, minute: 30 };
    expect(instantFromWallClock(gap, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November 2026: the first (EDT) is taken.
    const twice = { year: 2026, month: 11, day: 1, hour: 1, minute: 30 };
    expect(instantFromWallClock(twice, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
  it("finds a zone's calendar day and its bounds", () => {
    expect(dayInZone('2026-11-27T22:00:00Z', 'Africa/Nairobi')).toBe('2026-11-28');
    expect(dayInZone('2026-11-27T22:00:00Z', 'UTC')).toBe('2026-11-27');
    const { from, to } = dayBoundsInZone('2026-11-27', 'Africa/Nairobi');
    expect([from.toISOString(), to.toISOString()]).toEqual([
      '2026-11-26T21:00:00.000Z',
      '2026-11-27T21:00:00.000Z',
    ]);
    // A spring-forward day is 23 hours long.
    const spring = dayBoundsInZone('2026-03-08', 'America/New_York');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    expect(wallClockText('2026-11-26T21:30:05Z', 'Africa/Nairobi')).toBe('2026-11-27 00:30:05');
  });
});
