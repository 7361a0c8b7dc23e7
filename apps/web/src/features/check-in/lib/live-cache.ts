import type { QueryClient } from '@tanstack/react-query';
import {
  CHECK_IN_BUCKET_MINUTES,
  CHECK_IN_PAGE_SIZE,
  type TCheckIn,
  type TCheckInPage,
  type TEventCheckInStats,
} from '@attend/shared';
import { attendanceQueryOptions, type AttendanceParams } from '../api/get-attendance';
import { checkInStatsKey } from '../api/get-check-in-stats';

/**
 * A check-in reaches this page twice: from our own POST and from the live stream (and a second tab
 * or station only through the stream). Each record is applied to the cached lists and counts once.
 */

const BUCKET_MS = CHECK_IN_BUCKET_MINUTES * 60_000;

/** The start of the 15-minute bucket a moment falls in (epoch ms). */
export function bucketStart(iso: string): number {
  const ms = Date.parse(iso);
  return Math.floor(ms / BUCKET_MS) * BUCKET_MS;
}

/**
 * `stats` with one check-in added (delta 1) or removed (delta -1). The timeline is of one scope
 * (`timelineSession`, null for the door): a record of another scope leaves it as it is.
 */
export function adjustStats(
  stats: TEventCheckInStats,
  record: TCheckIn,
  delta: 1 | -1,
  timelineSession: number | null = null,
): TEventCheckInStats {
  const main_event =
    record.session === null
      ? { ...stats.main_event, checked_in: Math.max(0, stats.main_event.checked_in + delta) }
      : stats.main_event;
  const sessions = stats.sessions.map((s) =>
    s.id === record.session ? { ...s, checked_in: Math.max(0, s.checked_in + delta) } : s,
  );
  if (record.session !== timelineSession) return { main_event, sessions, timeline: stats.timeline };
  const at = bucketStart(record.check_in_time);
  let found = false;
  let timeline = stats.timeline.map((b) => {
    if (Date.parse(b.bucket) !== at) return b;
    found = true;
    return { ...b, count: Math.max(0, b.count + delta) };
  });
  if (!found && delta > 0 && Number.isFinite(at)) {
    timeline = [...timeline, { bucket: new Date(at).toISOString(), count: 1 }].sort(
      (a, b) => Date.parse(a.bucket) - Date.parse(b.bucket),
    );
  }
  return { main_event, sessions, timeline: timeline.filter((b) => b.count > 0) };
}

/** Page one of a list, newest first: `record` goes on top (once), the page keeps its size. */
export function prependRecord(page: TCheckInPage, record: TCheckIn, pageSize = CHECK_IN_PAGE_SIZE) {
  if (page.results.some((r) => r.id === record.id)) return page;
  return { ...page, count: page.count + 1, results: [record, ...page.results].slice(0, pageSize) };
}

/** A list without `record` (its count drops by one: the record belonged to this list's scope). */
export function removeRecord(page: TCheckInPage, record: TCheckIn): TCheckInPage {
  return {
    ...page,
    count: Math.max(0, page.count - 1),
    results: page.results.filter((r) => r.id !== record.id),
  };
}

function isAttendanceParams(value: unknown): value is AttendanceParams {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (v.session === null || typeof v.session === 'number') &&
    typeof v.page === 'number' &&
    typeof v.search === 'string'
  );
}

type Applied = { added: Set<number>; removed: Set<number> };
const appliedByClient = new WeakMap<QueryClient, Map<number, Applied>>();

function appliedFor(queryClient: QueryClient, eventId: number): Applied {
  let byEvent = appliedByClient.get(queryClient);
  if (!byEvent) {
    byEvent = new Map();
    appliedByClient.set(queryClient, byEvent);
  }
  let applied = byEvent.get(eventId);
  if (!applied) {
    applied = { added: new Set(), removed: new Set() };
    byEvent.set(eventId, applied);
  }
  return applied;
}

/** Every cached stats of the event (the door's and each session's timeline) with the record counted. */
function updateStats(queryClient: QueryClient, eventId: number, record: TCheckIn, delta: 1 | -1): void {
  const all = checkInStatsKey(eventId);
  for (const [key, data] of queryClient.getQueriesData<TEventCheckInStats>({ queryKey: all })) {
    const scope = key[all.length];
    if (!data || !(scope === 'main' || typeof scope === 'number')) continue;
    queryClient.setQueryData<TEventCheckInStats>(
      key,
      adjustStats(data, record, delta, scope === 'main' ? null : scope),
    );
  }
}

/** Updates every cached list of the record's scope; other pages and searches are refetched. */
function updateLists(queryClient: QueryClient, eventId: number, record: TCheckIn, delta: 1 | -1): void {
  const all = attendanceQueryOptions(eventId).queryKey;
  for (const [key, data] of queryClient.getQueriesData<TCheckInPage>({ queryKey: all })) {
    const params = key[all.length];
    if (!data || !isAttendanceParams(params) || params.session !== record.session) continue;
    if (params.page === 1 && !params.search) {
      queryClient.setQueryData<TCheckInPage>(
        key,
        delta > 0 ? prependRecord(data, record) : removeRecord(data, record),
      );
      // A removal leaves a gap the next page fills: ask the server for the page again.
      if (delta < 0) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    } else {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

/** A new check-in (ours or another station's): on top of the list, counted once. */
export function applyCheckInAdded(queryClient: QueryClient, eventId: number, record: TCheckIn): boolean {
  const applied = appliedFor(queryClient, eventId);
  if (applied.added.has(record.id) || applied.removed.has(record.id)) return false;
  applied.added.add(record.id);
  updateLists(queryClient, eventId, record, 1);
  updateStats(queryClient, eventId, record, 1);
  return true;
}

/** An undone check-in: out of the lists and the counts, once. */
export function applyCheckInRemoved(queryClient: QueryClient, eventId: number, record: TCheckIn): boolean {
  const applied = appliedFor(queryClient, eventId);
  if (applied.removed.has(record.id)) return false;
  applied.removed.add(record.id);
  updateLists(queryClient, eventId, record, -1);
  updateStats(queryClient, eventId, record, -1);
  return true;
}

/** After a reconnect: whatever happened meanwhile comes from the server again. */
export function refetchCheckIns(queryClient: QueryClient, eventId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: checkInStatsKey(eventId) }),
    queryClient.invalidateQueries({ queryKey: attendanceQueryOptions(eventId).queryKey }),
  ]);
}
