import type { TCheckIn, TCheckInEvent, TEventCheckInStats } from '@attend/shared';

/** A check-in record as the API returns it. */
export function checkIn(overrides: Partial<TCheckIn> = {}): TCheckIn {
  return {
    id: 1,
    participant_id: 11,
    participant_name: 'Amina Uwase',
    organization: 'Ministry of Health',
    unique_code: 'ABCD2345',
    session: null,
    session_name: 'Main Event',
    check_in_time: '2026-03-02T09:05:00Z',
    checked_in_by: 'staff',
    notes: '',
    forced: false,
    ...overrides,
  };
}

export const checkInEvent: TCheckInEvent = {
  id: 3,
  name: 'Regional Health Workshop',
  start_date: '2026-03-02T07:00:00Z',
  end_date: '2026-03-04T17:00:00Z',
  location: 'Kigali',
  is_active: true,
  time_zone: 'UTC',
  participants_count: 120,
  allow_walk_ins_by_scanners: false,
  print_badge_on_check_in: false,
};

export function checkInStats(overrides: Partial<TEventCheckInStats> = {}): TEventCheckInStats {
  return {
    main_event: { checked_in: 10, confirmed: 80, total: 120 },
    sessions: [
      {
        id: 21,
        name: 'Opening Plenary',
        parent_session: null,
        checked_in: 4,
        registered: 30,
        max_participants: 0,
      },
      { id: 22, name: 'Group A', parent_session: 21, checked_in: 1, registered: 10, max_participants: 15 },
    ],
    timeline: [{ bucket: '2026-03-02T09:00:00.000Z', count: 10 }],
    ...overrides,
  };
}
