import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEventCheckInStats } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** A safety net under the live stream (document 2 §9: stats refresh every 30 seconds). */
export const CHECK_IN_STATS_REFRESH_MS = 30_000;

/** GET /api/events/{eventId}/check-ins/stats/: door and per-session counts and the 15-minute timeline. */
export function getCheckInStats(eventId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.eventCheckInStats(eventId), { schema: ZEventCheckInStats, signal });
}

export function checkInStatsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['check-in', eventId, 'stats'] as const,
    queryFn: ({ signal }) => getCheckInStats(eventId, { signal }),
  });
}

export function useCheckInStats(eventId: number) {
  return useQuery({ ...checkInStatsQueryOptions(eventId), refetchInterval: CHECK_IN_STATS_REFRESH_MS });
}
