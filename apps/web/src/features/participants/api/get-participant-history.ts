import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZParticipantHistory } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { participantQueryOptions } from './get-participant';

/** GET /api/events/{eventId}/participants/{id}/history/: sessions, waiting-list places, check-ins. */
export function getParticipantHistory(
  eventId: number,
  participantId: number,
  { signal }: { signal?: AbortSignal } = {},
) {
  return api(apiPaths.participantHistory(eventId, participantId), { schema: ZParticipantHistory, signal });
}

/** Under the participant's own key: whatever refreshes the participant refreshes this too. */
export function participantHistoryQueryOptions(eventId: number, participantId: number) {
  return queryOptions({
    queryKey: [...participantQueryOptions(eventId, participantId).queryKey, 'history'] as const,
    queryFn: ({ signal }) => getParticipantHistory(eventId, participantId, { signal }),
  });
}

export function useParticipantHistory(eventId: number, participantId: number) {
  return useQuery(participantHistoryQueryOptions(eventId, participantId));
}
