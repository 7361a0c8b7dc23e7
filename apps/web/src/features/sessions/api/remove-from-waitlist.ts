import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWaitlistActionResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

export type WaitlistAction = { sessionId: number; participantId: number };

/** DELETE /api/events/{eventId}/sessions/{sessionId}/waitlist/{participantId}/ (staff). */
export function removeFromWaitlist(eventId: number, { sessionId, participantId }: WaitlistAction) {
  return api(apiPaths.staffSessionWaitlistEntry(eventId, sessionId, participantId), {
    method: 'DELETE',
    schema: ZWaitlistActionResult,
  });
}

export function useRemoveFromWaitlist(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: WaitlistAction) => removeFromWaitlist(eventId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(eventId).queryKey }),
  });
}
