import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConfirmResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { participantQueryOptions } from './get-participant';
import { invalidateParticipants } from './invalidate-participants';

/** POST /api/events/{eventId}/participants/{id}/confirm_attendance/ (staff, on the participant's behalf). */
export function confirmParticipantAttendance(eventId: number, participantId: number) {
  return api(apiPaths.confirmParticipantAttendance(eventId, participantId), {
    method: 'POST',
    body: {},
    schema: ZConfirmResult,
  });
}

export function useConfirmParticipantAttendance(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: number) => confirmParticipantAttendance(eventId, participantId),
    onSuccess: async (result) => {
      queryClient.setQueryData(
        participantQueryOptions(eventId, result.participant.id).queryKey,
        result.participant,
      );
      await invalidateParticipants(queryClient, eventId);
    },
  });
}
