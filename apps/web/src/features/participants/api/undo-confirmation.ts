import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUndoConfirmationResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { invalidateParticipants } from './invalidate-participants';

/** POST /api/events/{eventId}/participants/{id}/undo_confirmation/ (admins), with the reason. */
export function undoConfirmation(eventId: number, participantId: number, reason: string) {
  return api(apiPaths.undoConfirmation(eventId, participantId), {
    method: 'POST',
    body: { reason },
    schema: ZUndoConfirmationResult,
  });
}

export function useUndoConfirmation(eventId: number, participantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => undoConfirmation(eventId, participantId, reason),
    // The participant, their history (under the same key), the list and the counts.
    onSuccess: () => invalidateParticipants(queryClient, eventId, participantId),
  });
}
