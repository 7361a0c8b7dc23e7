import { QueryClient } from '@tanstack/react-query';
import { messages, SCAN_REPEAT_IGNORE_MS, type TCheckInPage } from '@attend/shared';
import { describe, expect, it } from 'vitest';
import { attendanceQueryOptions } from '../src/features/check-in/api/get-attendance';
import { checkInStatsQueryOptions } from '../src/features/check-in/api/get-check-in-stats';
import {
  adjustStats,
  applyCheckInAdded,
  applyCheckInRemoved,
  prependRecord,
} from '../src/features/check-in/lib/live-cache';
import { createRepeatFilter } from '../src/features/check-in/lib/repeat-filter';
import { outcomeFromCheckIn, outcomeFromError } from '../src/features/check-in/lib/scan-outcome';
import { timelinePoints } from '../src/features/check-in/lib/timeline';
import { ApiError, NetworkError } from '../src/lib/http';
import { formatDisplayDateTime } from '../src/lib/date-time';
import { checkIn, checkInStats } from './check-in-fixtures';

describe('repeat-scan suppression (camera)', () => {
  it('sends a code once and ignores it for SCAN_REPEAT_IGNORE_MS', () => {
    const filter = createRepeatFilter();
    expect(SCAN_REPEAT_IGNORE_MS).toBe(3000);
    expect(filter.accept('ABCD2345', 0)).toBe(true);
    expect(filter.accept('ABCD2345', 100)).toBe(false);
    expect(filter.accept('ABCD2345', 2999 + 100)).toBe(false);
  });

  it('accepts the same code again once it has been out of view for the whole window', () => {
    const filter = createRepeatFilter(3000);
    expect(filter.accept('A', 0)).toBe(true);
    expect(filter.accept('A', 2999)).toBe(false);
    // Still in view at 2999: the window runs from the last sighting.
    expect(filter.accept('A', 5998)).toBe(false);
    expect(filter.accept('A', 5998 + 3000)).toBe(true);
  });

  it('keeps the window while the code stays in front of the camera', () => {
    const filter = createRepeatFilter(3000);
    const sent = [0, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000].filter((t) => filter.accept('A', t));
    expect(sent).toEqual([0]);
  });

  it('a different code goes through at once, and two badges in view do not alternate', () => {
    const filter = createRepeatFilter(3000);
    expect(filter.accept('A', 0)).toBe(true);
    expect(filter.accept('B', 10)).toBe(true);
    expect(filter.accept('A', 20)).toBe(false);
    expect(filter.accept('B', 30)).toBe(false);
  });

  it('clear() forgets the codes (another session: the same badge counts there)', () => {
    const filter = createRepeatFilter(3000);
    filter.accept('A', 0);
    filter.clear();
    expect(filter.accept('A', 1)).toBe(true);
  });
});

function refusal(status: number, body: Record<string, unknown>) {
  return new ApiError(
    status,
    typeof body.detail === 'string' ? body.detail : undefined,
    typeof body.code === 'string' ? body.code : undefined,
    body,
  );
}

describe('result classification', () => {
  it('a recorded check-in is green with name, organisation and session', () => {
    const o = outcomeFromCheckIn(checkIn({ session: 21, session_name: 'Opening Plenary' }));
    expect(o).toMatchObject({
      tone: 'ok',
      kind: 'checked_in',
      title: 'Checked in',
      name: 'Amina Uwase',
      organization: 'Ministry of Health',
      session: 'Opening Plenary',
      canForce: false,
    });
    expect(o.record?.id).toBe(1);
  });

  it('already_checked_in is amber with when and by whom the first check-in was made', () => {
    const first = checkIn({ check_in_time: '2026-03-02T08:30:00Z', checked_in_by: 'door-1' });
    const o = outcomeFromError(
      refusal(409, {
        detail: 'Amina Uwase is already checked in.',
        code: 'already_checked_in',
        check_in: first,
      }),
      'Main Event',
    );
    expect(o).toMatchObject({
      tone: 'warn',
      kind: 'already_checked_in',
      name: 'Amina Uwase',
      canForce: false,
    });
    expect(o.first).toEqual({ when: formatDisplayDateTime('2026-03-02T08:30:00Z'), by: 'door-1' });
    expect(o.detail).toBe('Amina Uwase is already checked in.');
  });

  it('already_checked_in without a server sentence uses the catalogue wording', () => {
    const first = checkIn({ check_in_time: '2026-03-02T08:30:00Z', checked_in_by: 'door-1' });
    const o = outcomeFromError(
      refusal(409, { detail: '', code: 'already_checked_in', check_in: first }),
      'Main Event',
    );
    expect(o.detail).toBe(
      `Amina Uwase is already checked in (${formatDisplayDateTime('2026-03-02T08:30:00Z')}, by door-1).`,
    );
  });

  it.each([
    ['not_confirmed', 'Attendance not confirmed'],
    ['not_registered', 'Not registered for this session'],
  ])('%s is amber with the participant and offers Check in anyway', (code, title) => {
    const o = outcomeFromError(
      refusal(409, {
        detail: 'Refused.',
        code,
        participant: { id: 11, full_name: 'Jean Habimana', organization: 'RBC' },
      }),
      'Opening Plenary',
    );
    expect(o).toMatchObject({
      tone: 'warn',
      kind: code,
      title,
      name: 'Jean Habimana',
      organization: 'RBC',
      session: 'Opening Plenary',
      canForce: true,
      detail: 'Refused.',
    });
  });

  it.each([
    [400, 'invalid_code', 'invalid_code', 'Not a check-in code', messages.invalidCheckInCode],
    [400, 'forged_code', 'forged_code', 'Invalid QR code', messages.forgedCheckInCode],
    [400, 'other_event', 'other_event', 'Another event', messages.otherEventCheckInCode],
    [404, 'unknown_code', 'unknown_code', 'Unknown code', messages.unknownCheckInCode],
    [409, 'event_inactive', 'closed', 'Check-in closed', messages.checkInEventInactive],
    [409, 'session_inactive', 'closed', 'Check-in closed', messages.checkInSessionInactive],
    [404, 'session_not_found', 'session_not_found', 'Session not found', messages.checkInSessionNotFound],
  ])('%i %s is red and cannot be forced', (status, code, kind, title, fallback) => {
    const withDetail = outcomeFromError(refusal(status, { detail: 'Server says no.', code }), 'Main Event');
    expect(withDetail).toMatchObject({ tone: 'error', kind, title, canForce: false, name: null });
    expect(withDetail.detail).toBe('Server says no.');
    const withoutDetail = outcomeFromError(new ApiError(status, undefined, code, { code }), 'Main Event');
    expect(withoutDetail.detail).toBe(fallback);
  });

  it('a 403 (a scanner outside its events) is red with the server text', () => {
    const o = outcomeFromError(
      refusal(403, { detail: messages.scannerEventsOnly, code: 'forbidden' }),
      'Main Event',
    );
    expect(o).toMatchObject({
      tone: 'error',
      kind: 'forbidden',
      title: 'Not allowed',
      detail: messages.scannerEventsOnly,
    });
  });

  it("an unknown failure reads 'Failed to check in participant' with the server's text preferred", () => {
    expect(outcomeFromError(refusal(500, { detail: 'Database unavailable', code: 'x' }), '')).toMatchObject({
      tone: 'error',
      title: 'Failed to check in participant',
      detail: 'Database unavailable',
    });
    expect(outcomeFromError(new ApiError(502, undefined, undefined, undefined), '')).toMatchObject({
      title: 'Failed to check in participant',
      detail: null,
    });
  });

  it('no answer at all says so', () => {
    expect(outcomeFromError(new NetworkError('Network request failed.', false), '')).toMatchObject({
      tone: 'error',
      kind: 'offline',
      title: 'Failed to check in participant',
    });
  });
});

describe('live cache updates', () => {
  const page = (results = [checkIn({ id: 1 })]): TCheckInPage => ({
    count: results.length,
    next: null,
    previous: null,
    results,
  });

  it('prepends a record once and keeps the page size', () => {
    const start = page([checkIn({ id: 1 }), checkIn({ id: 2 })]);
    const once = prependRecord(start, checkIn({ id: 3 }), 2);
    expect(once.results.map((r) => r.id)).toEqual([3, 1]);
    expect(once.count).toBe(3);
    expect(prependRecord(once, checkIn({ id: 3 }), 2)).toBe(once);
  });

  it('counts a check-in in its scope and its 15-minute bucket', () => {
    const stats = checkInStats();
    const door = adjustStats(stats, checkIn({ check_in_time: '2026-03-02T09:14:59Z' }), 1);
    expect(door.main_event.checked_in).toBe(11);
    expect(door.timeline).toEqual([{ bucket: '2026-03-02T09:00:00.000Z', count: 11 }]);
    const atSession = checkIn({ session: 22, check_in_time: '2026-03-02T09:15:00Z' });
    // The door's timeline (what the chart shows with no session chosen) does not count it…
    const session = adjustStats(stats, atSession, 1);
    expect(session.main_event.checked_in).toBe(10);
    expect(session.sessions.find((s) => s.id === 22)?.checked_in).toBe(2);
    expect(session.timeline).toEqual(stats.timeline);
    // …the session's own timeline does, as its Checked In count does.
    const own = adjustStats(stats, atSession, 1, 22);
    expect(own.timeline.map((b) => [Date.parse(b.bucket), b.count])).toEqual([
      [Date.parse('2026-03-02T09:00:00Z'), 10],
      [Date.parse('2026-03-02T09:15:00Z'), 1],
    ]);
  });

  it('applies our own POST answer and the same record from the stream once', () => {
    const qc = new QueryClient();
    const listKey = attendanceQueryOptions(3, { session: null, page: 1, search: '' }).queryKey;
    const sessionKey = attendanceQueryOptions(3, { session: 21, page: 1, search: '' }).queryKey;
    qc.setQueryData(listKey, page());
    qc.setQueryData(sessionKey, page([]));
    qc.setQueryData(checkInStatsQueryOptions(3).queryKey, checkInStats());
    const record = checkIn({ id: 9, check_in_time: '2026-03-02T09:01:00Z' });
    expect(applyCheckInAdded(qc, 3, record)).toBe(true);
    expect(applyCheckInAdded(qc, 3, record)).toBe(false);
    expect(qc.getQueryData(listKey)?.results.map((r) => r.id)).toEqual([9, 1]);
    expect(qc.getQueryData(sessionKey)?.results).toEqual([]);
    expect(qc.getQueryData(checkInStatsQueryOptions(3).queryKey)?.main_event.checked_in).toBe(11);

    expect(applyCheckInRemoved(qc, 3, record)).toBe(true);
    expect(applyCheckInRemoved(qc, 3, record)).toBe(false);
    expect(qc.getQueryData(listKey)?.results.map((r) => r.id)).toEqual([1]);
    expect(qc.getQueryData(checkInStatsQueryOptions(3).queryKey)?.main_event.checked_in).toBe(10);
    // A late 'created' of an undone record does not bring it back.
    expect(applyCheckInAdded(qc, 3, record)).toBe(false);
  });

  it('chart points fill empty 15-minute buckets with zero', () => {
    const points = timelinePoints([
      { bucket: '2026-03-02T09:00:00Z', count: 3 },
      { bucket: '2026-03-02T09:45:00Z', count: 1 },
    ]);
    expect(points.map((p) => p.count)).toEqual([3, 0, 0, 1]);
    expect(timelinePoints([])).toEqual([]);
  });
});
