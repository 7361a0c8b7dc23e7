import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZParticipant } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { QUEUED_REFRESH_MS } from '../lib/notification-status';

/** GET /api/events/{eventId}/participants/{id}/. */
export function getParticipant(
  eventId: number,
  participantId: number,
  { signal }: { signal?: AbortSignal } = {},
) {
  return api(apiPaths.participant(eventId, participantId), { schema: ZParticipant, signal });
}

export function participantQueryOptions(eventId: number, participantId: number) {
  return queryOptions({
    queryKey: ['participants', eventId, 'detail', participantId] as const,
    queryFn: ({ signal }) => getParticipant(eventId, participantId, { signal }),
  });
}

export function useParticipant(eventId: number, participantId: number, enabled = true) {
  return useQuery({
    ...participantQueryOptions(eventId, participantId),
    enabled,
    // Login details go out in the background: follow them until they are sent or fail.
    refetchInterval: (query) =>
      query.state.data?.notification_status === 'queued' ? QUEUED_REFRESH_MS : false,
  });
}
