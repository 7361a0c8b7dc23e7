import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CHECK_IN_PAGE_SIZE, ZCheckInPage } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** One page of the list: the main event (session null) or one session, newest first. */
export type AttendanceParams = { session: number | null; page: number; search: string };

/**
 * GET /api/events/{eventId}/attendance/ (main-event records) or
 * GET /api/events/{eventId}/sessions/{sessionId}/attendance/, one page, optionally searched.
 */
export function getAttendance(
  eventId: number,
  { session, page, search }: AttendanceParams,
  { signal }: { signal?: AbortSignal } = {},
) {
  const query: Record<string, string | number> = { page, page_size: CHECK_IN_PAGE_SIZE };
  if (search) query.search = search;
  return api(apiPaths.attendance(eventId, session, query), { schema: ZCheckInPage, signal });
}

/** Without `params` the key covers every list of the event (for invalidation and live updates). */
export function attendanceQueryOptions(eventId: number, params?: AttendanceParams) {
  return queryOptions({
    queryKey: ['check-in', eventId, 'attendance', ...(params ? [params] : [])] as const,
    queryFn: ({ signal }) =>
      getAttendance(eventId, params ?? { session: null, page: 1, search: '' }, { signal }),
  });
}

export function useAttendance(eventId: number, params: AttendanceParams) {
  return useQuery({ ...attendanceQueryOptions(eventId, params), placeholderData: keepPreviousData });
}
