import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { participantQueryOptions } from './get-participant';
import { invalidateParticipants } from './invalidate-participants';

/** DELETE /api/events/{eventId}/participants/{id}/. */
export async function deleteParticipant(eventId: number, participantId: number): Promise<void> {
  await api(apiPaths.participant(eventId, participantId), { method: 'DELETE' });
}

export function useDeleteParticipant(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: number) => deleteParticipant(eventId, participantId),
    onSuccess: async (_data, participantId) => {
      queryClient.removeQueries({ queryKey: participantQueryOptions(eventId, participantId).queryKey });
      await invalidateParticipants(queryClient, eventId);
    },
  });
}
