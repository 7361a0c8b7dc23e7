import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** DELETE /api/events/{eventId}/sessions/{sessionId}/ (with its sub-sessions and registrations). */
export async function deleteSession({ eventId, sessionId }: { eventId: number; sessionId: number }) {
  await api(apiPaths.eventSession(eventId, sessionId), { method: 'DELETE' });
}

export function useDeleteSession(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => deleteSession({ eventId, sessionId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(eventId).queryKey }),
  });
}
