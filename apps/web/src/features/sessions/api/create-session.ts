import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSession, type TSessionCreate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/**
 * POST /api/events/{eventId}/sessions/ with name, description, start_time, end_time, location,
 * max_participants and event; a manual sub-session also sends parent_session and is_sub_session.
 */
export function createSession({ eventId, body }: { eventId: number; body: TSessionCreate }) {
  return api(apiPaths.eventSessions(eventId), {
    method: 'POST',
    body: { ...body, event: eventId },
    schema: ZSession,
  });
}

export function useCreateSession(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSessionCreate) => createSession({ eventId, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(eventId).queryKey }),
  });
}
