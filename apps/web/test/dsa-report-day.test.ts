import { describe, expect, it } from 'vitest';
import { openingReportDay } from '../src/features/check-in/routes/dsa-report-page';

// 27-29 November 2026 in Nairobi (UTC+3): 08:00 on the 27th to 17:00 on the 29th.
const event = {
  start_date: '2026-11-27T05:00:00Z',
  end_date: '2026-11-29T14:00:00Z',
  time_zone: 'Africa/Nairobi',
};

describe('the day the DSA report opens on', () => {
  it("is the event's current day while it runs, in the event's zone", () => {
    expect(openingReportDay(event, new Date('2026-11-28T10:00:00Z'))).toBe('2026-11-28');
    // 22:30 UTC on the 27th is already the 28th in Nairobi.
    expect(openingReportDay(event, new Date('2026-11-27T22:30:00Z'))).toBe('2026-11-28');
  });

  it('is its first day before it starts and its last day after it ended', () => {
    expect(openingReportDay(event, new Date('2026-10-01T12:00:00Z'))).toBe('2026-11-27');
    // 21:30 UTC on the 26th is 00:30 on the 27th in Nairobi: the first day itself.
    expect(openingReportDay(event, new Date('2026-11-26T21:30:00Z'))).toBe('2026-11-27');
    expect(openingReportDay(event, new Date('2027-01-15T12:00:00Z'))).toBe('2026-11-29');
  });
});
