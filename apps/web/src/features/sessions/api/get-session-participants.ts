import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { ZSessionParticipantList } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** GET /api/sessions/{sessionId}/participants/: who registered for the session (staff). */
export function getSessionParticipants({ sessionId, signal }: { sessionId: number; signal?: AbortSignal }) {
  return api(apiPaths.sessionParticipants(sessionId), { schema: ZSessionParticipantList, signal });
}

export function sessionParticipantsQueryOptions(eventId: number, sessionId: number) {
  return queryOptions({
    queryKey: [...sessionsQueryOptions(eventId).queryKey, 'participants', sessionId] as const,
    queryFn: ({ signal }) => getSessionParticipants({ sessionId, signal }),
  });
}

export function useSessionParticipants(eventId: number, sessionId: number) {
  return useQuery({ ...sessionParticipantsQueryOptions(eventId, sessionId), enabled: sessionId > 0 });
}

/** The registrants of several sessions at once (the sub-session overview). */
export function useSessionsParticipants(eventId: number, sessionIds: readonly number[]) {
  return useQueries({
    queries: sessionIds.map((id) => sessionParticipantsQueryOptions(eventId, id)),
  });
}
