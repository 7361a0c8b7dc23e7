import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZParticipant, type TParticipantUpdate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { participantQueryOptions } from './get-participant';
import { invalidateParticipants } from './invalidate-participants';

/** PATCH /api/events/{eventId}/participants/{id}/ with the editable fields only. */
export function updateParticipant(eventId: number, participantId: number, body: TParticipantUpdate) {
  return api(apiPaths.participant(eventId, participantId), { method: 'PATCH', body, schema: ZParticipant });
}

export function useUpdateParticipant(eventId: number, participantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TParticipantUpdate) => updateParticipant(eventId, participantId, body),
    onSuccess: async (participant) => {
      queryClient.setQueryData(participantQueryOptions(eventId, participantId).queryKey, participant);
      await invalidateParticipants(queryClient, eventId);
    },
  });
}
