import { useMutation } from '@tanstack/react-query';
import { ZSessionsRevoked, type TSessionsRevoked } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** POST /api/events/{eventId}/participants/{id}/revoke-sessions/: sign the participant out everywhere. */
export function revokeParticipantSessions(eventId: number, participantId: number): Promise<TSessionsRevoked> {
  return api(apiPaths.participantRevokeSessions(eventId, participantId), {
    method: 'POST',
    schema: ZSessionsRevoked,
  });
}

export function useRevokeParticipantSessions(eventId: number) {
  return useMutation({
    mutationFn: (participantId: number) => revokeParticipantSessions(eventId, participantId),
  });
}
