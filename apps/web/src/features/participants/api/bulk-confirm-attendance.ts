import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBulkConfirmResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { invalidateParticipants } from './invalidate-participants';

/** POST /api/events/{eventId}/participants/bulk_confirm_attendance/ with the selected ids. */
export function bulkConfirmAttendance(eventId: number, participantIds: number[]) {
  return api(apiPaths.bulkConfirmAttendance(eventId), {
    method: 'POST',
    body: { participant_ids: participantIds },
    schema: ZBulkConfirmResult,
    // Up to 50,000 participants in one transaction.
    timeoutMs: 120_000,
  });
}

export function useBulkConfirmAttendance(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantIds: number[]) => bulkConfirmAttendance(eventId, participantIds),
    onSettled: () => invalidateParticipants(queryClient, eventId),
  });
}
