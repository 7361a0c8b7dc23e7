import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSession, type TSessionUpdate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** PUT /api/events/{eventId}/sessions/{sessionId}/ with every editable field (times as ISO). */
export function updateSession({
  eventId,
  sessionId,
  body,
}: {
  eventId: number;
  sessionId: number;
  body: TSessionUpdate;
}) {
  return api(apiPaths.eventSession(eventId, sessionId), {
    method: 'PUT',
    body: { ...body, event: eventId },
    schema: ZSession,
  });
}

export function useUpdateSession(eventId: number, sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSessionUpdate) => updateSession({ eventId, sessionId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(eventId).queryKey }),
  });
}
