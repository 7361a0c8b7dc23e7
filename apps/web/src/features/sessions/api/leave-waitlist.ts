import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWaitlistResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';
import type { Registration } from './register-for-session';

/** DELETE /api/sessions/{sessionId}/waitlist/{participantId}/: a participant leaves a waiting list. */
export function leaveWaitlist({ sessionId, participantId }: Registration) {
  return api(apiPaths.sessionWaitlistEntry(sessionId, participantId), {
    method: 'DELETE',
    schema: ZWaitlistResult,
  });
}

export function useLeaveWaitlist(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(eventId).queryKey }),
  });
}
