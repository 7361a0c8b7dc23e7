import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWaitlistResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';
import type { Registration } from './register-for-session';

/**
 * POST /api/sessions/{sessionId}/waitlist/{participantId}/: a participant joins the waiting list of
 * a full session. The server refuses a clash and a session with places left.
 */
export function joinWaitlist({ sessionId, participantId }: Registration) {
  return api(apiPaths.sessionWaitlistEntry(sessionId, participantId), {
    method: 'POST',
    body: {},
    schema: ZWaitlistResult,
  });
}

export function useJoinWaitlist(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(eventId).queryKey }),
  });
}
