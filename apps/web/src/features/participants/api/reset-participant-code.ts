import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZParticipant, type TParticipant } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { participantQueryOptions } from './get-participant';
import { invalidateParticipants } from './invalidate-participants';

/**
 * POST /api/events/{eventId}/participants/{id}/reset-code/: a new unique code; the old one, the
 * participant's sign-ins and login links end. Answers the participant with the new code.
 */
export function resetParticipantCode(eventId: number, participantId: number): Promise<TParticipant> {
  return api(apiPaths.participantResetCode(eventId, participantId), { method: 'POST', schema: ZParticipant });
}

export function useResetParticipantCode(eventId: number, participantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetParticipantCode(eventId, participantId),
    onSuccess: async (participant) => {
      queryClient.setQueryData(participantQueryOptions(eventId, participantId).queryKey, participant);
      await invalidateParticipants(queryClient, eventId);
    },
  });
}
