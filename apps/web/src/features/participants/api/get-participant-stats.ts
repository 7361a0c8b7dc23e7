import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZParticipantStats } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/events/{eventId}/participants/stats/: total, confirmed, pending. */
export function getParticipantStats(eventId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.participantStats(eventId), { schema: ZParticipantStats, signal });
}

export function participantStatsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['participants', eventId, 'stats'] as const,
    queryFn: ({ signal }) => getParticipantStats(eventId, { signal }),
  });
}

export function useParticipantStats(eventId: number) {
  return useQuery(participantStatsQueryOptions(eventId));
}
