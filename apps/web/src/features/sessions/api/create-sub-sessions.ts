import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSubSessionsCreated, type TSubSessionConfig } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** POST /api/sessions/global/{sessionId}/create_sub_sessions/: automatic sub-sessions of a session. */
export function createSubSessions({ sessionId, body }: { sessionId: number; body: TSubSessionConfig }) {
  return api(apiPaths.createSubSessions(sessionId), { method: 'POST', body, schema: ZSubSessionsCreated });
}

export function useCreateSubSessions(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(eventId).queryKey }),
  });
}
