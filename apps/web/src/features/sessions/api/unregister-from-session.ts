import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRegistrationResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';
import type { Registration } from './register-for-session';

/**
 * DELETE /api/sessions/{sessionId}/register/{participantId}/: a participant leaves a session, or
 * staff unregister anyone of the event.
 */
export function unregisterFromSession({ sessionId, participantId }: Registration) {
  return api(apiPaths.sessionRegistration(sessionId, participantId), {
    method: 'DELETE',
    schema: ZRegistrationResult,
  });
}

export function useUnregisterFromSession(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unregisterFromSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(eventId).queryKey }),
  });
}
