import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRegistrationResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

export type Registration = { sessionId: number; participantId: number };

/**
 * POST /api/sessions/{sessionId}/register/{participantId}/: a participant registers themself. The
 * server refuses a time clash (its sentence names the other session) and a full session.
 */
export function registerForSession({ sessionId, participantId }: Registration) {
  return api(apiPaths.sessionRegistration(sessionId, participantId), {
    method: 'POST',
    body: {},
    schema: ZRegistrationResult,
  });
}

export function useRegisterForSession(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerForSession,
    // Refetched on failure too: a refusal usually means the counts on screen are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(eventId).queryKey }),
  });
}
