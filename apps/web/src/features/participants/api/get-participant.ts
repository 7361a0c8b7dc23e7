import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZParticipant } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

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
  return useQuery({ ...participantQueryOptions(eventId, participantId), enabled });
}
