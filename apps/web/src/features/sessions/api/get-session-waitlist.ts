import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZWaitlist } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** GET /api/events/{eventId}/sessions/{sessionId}/waitlist/: the session's line, in order (staff). */
export function getSessionWaitlist({
  eventId,
  sessionId,
  signal,
}: {
  eventId: number;
  sessionId: number;
  signal?: AbortSignal;
}) {
  return api(apiPaths.staffSessionWaitlist(eventId, sessionId), { schema: ZWaitlist, signal });
}

export function sessionWaitlistQueryOptions(eventId: number, sessionId: number) {
  return queryOptions({
    queryKey: [...sessionsQueryOptions(eventId).queryKey, 'waitlist', sessionId] as const,
    queryFn: ({ signal }) => getSessionWaitlist({ eventId, sessionId, signal }),
  });
}

export function useSessionWaitlist(eventId: number, sessionId: number) {
  return useQuery({ ...sessionWaitlistQueryOptions(eventId, sessionId), enabled: sessionId > 0 });
}
