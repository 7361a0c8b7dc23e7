import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEventCheckInStats } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** A safety net under the live stream (document 2 §9: stats refresh every 30 seconds). */
export const CHECK_IN_STATS_REFRESH_MS = 30_000;

/**
 * GET /api/events/{eventId}/check-ins/stats/: door and per-session counts, and the 15-minute
 * timeline of the door (session null) or of one session.
 */
export function getCheckInStats(
  eventId: number,
  { signal, session = null }: { signal?: AbortSignal; session?: number | null } = {},
) {
  return api(apiPaths.eventCheckInStats(eventId, session), { schema: ZEventCheckInStats, signal });
}

/** The key every stats query of the event starts with (the door's and each session's). */
export function checkInStatsKey(eventId: number) {
  return ['check-in', eventId, 'stats'] as const;
}

/** `session`: whose timeline (null, the default: the door's). */
export function checkInStatsQueryOptions(eventId: number, session: number | null = null) {
  return queryOptions({
    queryKey: [...checkInStatsKey(eventId), session ?? 'main'] as const,
    queryFn: ({ signal }) => getCheckInStats(eventId, { signal, session }),
  });
}

export function useCheckInStats(eventId: number, session: number | null = null) {
  return useQuery({
    ...checkInStatsQueryOptions(eventId, session),
    refetchInterval: CHECK_IN_STATS_REFRESH_MS,
    // Another session's counts stand in while the chosen one's timeline loads.
    placeholderData: (previous) => previous,
  });
}
