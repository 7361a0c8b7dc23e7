import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TSession } from '@attend/shared';
import {
  describeTimeZone,
  formatDateRange,
  formatDayHeading,
  formatDisplayDateTime,
  formatDisplayDateTimes,
  formatTimeOfDay,
  formatTimeRange,
  fromDateTimeInput,
  localDayKey,
  localMinuteKey,
  toDateTimeInput,
  viewerTimeZone,
} from '../src/lib/date-time';
import { timelinePoints } from '../src/features/check-in/lib/timeline';
import { eventFormValues, validateEventForm } from '../src/features/events/components/event-form';
import { groupByDayAndSlot, participantOffers } from '../src/features/sessions/lib/participant-offers';
import {
  sessionFormValues,
  validateCreateSession,
  validateEditSession,
} from '../src/features/sessions/lib/session-form';
import { eventDetail } from './notifications-fixtures';

const NAIROBI = 'Africa/Nairobi';
// 07:00 UTC: 10:00 AM in Nairobi (UTC+3), 9:00 AM in Kigali (UTC+2).
const TEN_AM_NAIROBI = '2026-11-27T07:00:00Z';
const ELEVEN_AM_NAIROBI = '2026-11-27T08:00:00Z';

// Node follows TZ set at run time, so each test picks where the viewer is.
const originalTz = process.env.TZ;
const viewerIn = (zone: string) => {
  process.env.TZ = zone;
};
beforeAll(() => viewerIn('Africa/Kigali'));
beforeEach(() => viewerIn('Africa/Kigali'));
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe("an event's times for a viewer in Kigali (event in Nairobi)", () => {
  it('the viewer really is in Kigali', () => {
    expect(viewerTimeZone()).toBe('Africa/Kigali');
    expect(new Date(TEN_AM_NAIROBI).getHours()).toBe(9);
  });

  it("shows Nairobi's wall-clock time and names the zone", () => {
    expect(formatDisplayDateTime(TEN_AM_NAIROBI, NAIROBI)).toBe('Nov 27, 2026, 10:00 AM EAT');
    expect(formatTimeOfDay(TEN_AM_NAIROBI, NAIROBI)).toBe('10:00 AM EAT');
    expect(formatTimeRange(TEN_AM_NAIROBI, ELEVEN_AM_NAIROBI, NAIROBI)).toBe(
      'Nov 27, 2026, 10:00 – 11:00 AM EAT',
    );
    expect(formatDisplayDateTimes(TEN_AM_NAIROBI, ELEVEN_AM_NAIROBI, NAIROBI)).toEqual({
      start: 'Nov 27, 2026, 10:00 AM',
      end: 'Nov 27, 2026, 11:00 AM EAT',
    });
    expect(describeTimeZone(NAIROBI, TEN_AM_NAIROBI)).toBe('Africa/Nairobi (EAT)');
  });

  it("a time that belongs to no event stays in the viewer's zone, unlabelled", () => {
    expect(formatDisplayDateTime(TEN_AM_NAIROBI)).toBe('Nov 27, 2026, 9:00 AM');
  });

  it('groups by the day and minute of the event, not of the viewer', () => {
    // 21:30 UTC on the 27th: 00:30 on the 28th in Nairobi, still 23:30 on the 27th in Kigali.
    const late = '2026-11-27T21:30:00Z';
    expect(localDayKey(late, NAIROBI)).toBe('2026-11-28');
    expect(localMinuteKey(late, NAIROBI)).toBe('2026-11-28T00:30');
    expect(formatDayHeading(late, NAIROBI)).toBe('Saturday, November 28, 2026');
    expect(formatDateRange(late, '2026-11-29T08:00:00Z', NAIROBI)).toBe('Nov 28 – 29, 2026');
  });

  it("labels the check-in chart with the event's times", () => {
    const points = timelinePoints(
      [
        { bucket: '2026-11-27T07:00:00Z', count: 2 },
        { bucket: '2026-11-27T07:15:00Z', count: 1 },
      ],
      NAIROBI,
    );
    expect(points.map((p) => p.label)).toEqual(['10:00 AM', '10:15 AM']);
  });

  it('reads and writes datetime-local values as Nairobi wall-clock time', () => {
    expect(toDateTimeInput(TEN_AM_NAIROBI, NAIROBI)).toBe('2026-11-27T10:00');
    expect(fromDateTimeInput('2026-11-27T10:00', NAIROBI)).toBe('2026-11-27T07:00:00.000Z');
    // Round trip: what is shown is what is saved.
    const shown = toDateTimeInput('2026-11-27T21:45:00.000Z', NAIROBI);
    expect(shown).toBe('2026-11-28T00:45');
    expect(fromDateTimeInput(shown, NAIROBI)).toBe('2026-11-27T21:45:00.000Z');
    for (const bad of ['', '  ', 'tomorrow', '2026-02-30T10:00', '2026-11-27T25:00', '2026-11-27']) {
      expect(fromDateTimeInput(bad, NAIROBI), bad).toBe('');
    }
    expect(toDateTimeInput(null, NAIROBI)).toBe('');
    expect(toDateTimeInput('not a date', NAIROBI)).toBe('');
  });
});

describe('a viewer whose clock agrees with the event', () => {
  it('sees plain times (Kampala is on EAT too)', () => {
    viewerIn('Africa/Kampala');
    expect(formatDisplayDateTime(TEN_AM_NAIROBI, NAIROBI)).toBe('Nov 27, 2026, 10:00 AM');
    expect(formatTimeRange(TEN_AM_NAIROBI, ELEVEN_AM_NAIROBI, NAIROBI)).toBe(
      'Nov 27, 2026, 10:00 – 11:00 AM',
    );
  });

  it('sees both dates for a span over two days', () => {
    viewerIn(NAIROBI);
    expect(formatTimeRange(TEN_AM_NAIROBI, '2026-11-28T08:00:00Z', NAIROBI)).toBe(
      'Nov 27, 2026, 10:00 AM – Nov 28, 2026, 11:00 AM',
    );
  });
});

describe('the event form', () => {
  it("shows a Nairobi event's times as Nairobi wall-clock time, and blank notes for the standard ones", () => {
    const event = eventDetail({
      start_date: TEN_AM_NAIROBI,
      end_date: '2026-11-28T14:00:00Z',
      time_zone: NAIROBI,
      event_notes:
        'Daily subsistence allowance (DSA) is paid only if you register for and attend 4 sessions per day. You must confirm your attendance, or you will not be allowed in. Arriving late may cost you your space.',
      group_chat_url: 'https://chat.example.org/g',
      support_contact: 'Call Amina',
    });
    expect(eventFormValues(event)).toMatchObject({
      start_date: '2026-11-27T10:00',
      end_date: '2026-11-28T17:00',
      time_zone: NAIROBI,
      event_notes: '',
      group_chat_url: 'https://chat.example.org/g',
      support_contact: 'Call Amina',
    });
    expect(eventFormValues(eventDetail({ event_notes: 'Bring your ID.' })).event_notes).toBe(
      'Bring your ID.',
    );
  });

  it("starts a new event in the viewer's zone", () => {
    expect(eventFormValues().time_zone).toBe('Africa/Kigali');
  });

  it('sends the instants of the wall-clock times in the chosen zone, with notes, link and contact', () => {
    const checked = validateEventForm({
      ...eventFormValues(),
      name: 'Summit',
      location: 'KICC',
      start_date: '2026-11-27T10:00',
      end_date: '2026-11-27T17:00',
      time_zone: NAIROBI,
      default_country: 'KE',
      event_notes: '  Lunch at noon. ',
      group_chat_url: 'https://chat.example.org/summit',
      support_contact: 'Call Amina',
    });
    expect(checked).toEqual({
      ok: true,
      body: {
        name: 'Summit',
        description: '',
        start_date: '2026-11-27T07:00:00.000Z',
        end_date: '2026-11-27T14:00:00.000Z',
        location: 'KICC',
        is_active: true,
        time_zone: NAIROBI,
        event_notes: 'Lunch at noon.',
        group_chat_url: 'https://chat.example.org/summit',
        support_contact: 'Call Amina',
        dsa_sessions_per_day: 4,
        allow_walk_ins_by_scanners: false,
        print_badge_on_check_in: false,
        default_country: 'KE',
      },
    });
  });

  it('refuses an unknown zone and a link that is not a web address, sending nothing', () => {
    const checked = validateEventForm({
      ...eventFormValues(),
      name: 'Summit',
      location: 'KICC',
      start_date: '2026-11-27T10:00',
      end_date: '2026-11-27T17:00',
      time_zone: 'EAT',
      group_chat_url: 'chat.example.org',
    });
    expect(checked).toEqual({
      ok: false,
      errors: { time_zone: 'Choose a time zone from the list, such as Africa/Nairobi (an IANA name).' },
    });
    const badLink = validateEventForm({
      ...eventFormValues(),
      name: 'Summit',
      location: 'KICC',
      start_date: '2026-11-27T10:00',
      end_date: '2026-11-27T17:00',
      group_chat_url: 'chat.example.org',
    });
    expect(badLink).toEqual({
      ok: false,
      errors: { group_chat_url: 'Enter a valid URL starting with https://' },
    });
  });
});

const session = (overrides: Partial<TSession>): TSession => ({
  id: 1,
  waitlist_count: 0,
  event: 5,
  name: 'Keynote',
  description: '',
  location: 'Hall',
  start_time: TEN_AM_NAIROBI,
  end_time: ELEVEN_AM_NAIROBI,
  max_participants: 0,
  is_active: true,
  speakers: '',
  what_to_bring: '',
  session_type: '',
  image: null,
  registered_count: 0,
  current_participants_count: 0,
  available_slots: null,
  is_full: false,
  status: 'Upcoming',
  has_sub_sessions: false,
  sub_sessions_count: 0,
  is_sub_session: false,
  parent_session: null,
  parent_session_name: null,
  time_zone: NAIROBI,
  is_registered: false,
  created_at: TEN_AM_NAIROBI,
  updated_at: TEN_AM_NAIROBI,
  ...overrides,
});

describe('sessions in Nairobi', () => {
  it('are grouped under Nairobi days and time slots', () => {
    const days = groupByDayAndSlot(
      participantOffers(
        [
          session({ id: 1 }),
          session({
            id: 2,
            name: 'Late',
            start_time: '2026-11-27T21:30:00Z',
            end_time: '2026-11-27T22:30:00Z',
          }),
        ],
        'all',
      ),
    );
    expect(days.map((d) => [d.key, d.label, d.slots.map((s) => s.label)])).toEqual([
      ['2026-11-27', 'Friday, November 27, 2026', ['10:00 AM EAT']],
      ['2026-11-28', 'Saturday, November 28, 2026', ['12:30 AM EAT']],
    ]);
  });

  it('are edited in Nairobi wall-clock time', () => {
    const values = sessionFormValues(session({}), NAIROBI);
    expect([values.start_time, values.end_time]).toEqual(['2026-11-27T10:00', '2026-11-27T11:00']);
    const checked = validateEditSession({ ...values, end_time: '2026-11-27T12:30' }, NAIROBI);
    expect(checked).toMatchObject({
      ok: true,
      body: { start_time: '2026-11-27T07:00:00.000Z', end_time: '2026-11-27T09:30:00.000Z' },
    });
  });

  it("must lie within the event's dates, which the refusal names in the event's zone", () => {
    // 27 November, 8:00 AM to 28 November, 6:00 PM in Nairobi.
    const event = {
      start_date: '2026-11-27T05:00:00Z',
      end_date: '2026-11-28T15:00:00Z',
      time_zone: NAIROBI,
    };
    const values = sessionFormValues(session({}), NAIROBI);
    const message =
      'Session times must be within the event (Nov 27, 2026, 8:00 AM - Nov 28, 2026, 6:00 PM EAT).';
    const late = { ...values, start_time: '2026-12-20T10:00', end_time: '2026-12-20T11:00' };
    expect(validateEditSession(late, NAIROBI, event)).toEqual({ ok: false, errors: { start_time: message } });
    expect(validateEditSession({ ...values, start_time: '2026-11-27T07:59' }, NAIROBI, event)).toEqual({
      ok: false,
      errors: { start_time: message },
    });
    expect(validateEditSession({ ...values, end_time: '2026-11-28T18:00' }, NAIROBI, event).ok).toBe(true);
    expect(validateEditSession({ ...values, end_time: '2026-11-28T18:01' }, NAIROBI, event).ok).toBe(false);
    const create = { ...late, name: 'Dinner', location: 'Terrace' };
    expect(validateCreateSession(create, NAIROBI, event)).toEqual({
      ok: false,
      errors: { start_time: message },
    });
    // Without the event (not loaded yet) the form leaves the rule to the server.
    expect(validateEditSession(late, NAIROBI).ok).toBe(true);
  });
});
