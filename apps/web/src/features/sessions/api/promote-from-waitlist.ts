import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWaitlistActionResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';
import type { WaitlistAction } from './remove-from-waitlist';

/**
 * POST /api/events/{eventId}/sessions/{sessionId}/waitlist/{participantId}/promote/ (staff):
 * registers someone from the line now; refused when the session is full.
 */
export function promoteFromWaitlist(eventId: number, { sessionId, participantId }: WaitlistAction) {
  return api(apiPaths.staffSessionWaitlistPromote(eventId, sessionId, participantId), {
    method: 'POST',
    body: {},
    schema: ZWaitlistActionResult,
  });
}

export function usePromoteFromWaitlist(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: WaitlistAction) => promoteFromWaitlist(eventId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(eventId).queryKey }),
  });
}
