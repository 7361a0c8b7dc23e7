import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSession } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** GET /api/events/{eventId}/sessions/{sessionId}/. */
export function getSession({
  eventId,
  sessionId,
  signal,
}: {
  eventId: number;
  sessionId: number;
  signal?: AbortSignal;
}) {
  return api(apiPaths.eventSession(eventId, sessionId), { schema: ZSession, signal });
}

export function sessionQueryOptions(eventId: number, sessionId: number) {
  return queryOptions({
    queryKey: [...sessionsQueryOptions(eventId).queryKey, 'detail', sessionId] as const,
    queryFn: ({ signal }) => getSession({ eventId, sessionId, signal }),
  });
}

export function useEventSession(eventId: number, sessionId: number) {
  return useQuery({
    ...sessionQueryOptions(eventId, sessionId),
    enabled: eventId > 0 && sessionId > 0,
    // An edit form is on screen: a background refetch must not look like a change under the cursor.
    staleTime: Infinity,
  });
}
