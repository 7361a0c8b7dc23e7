import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCheckIn } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { applyCheckInRemoved } from '../lib/live-cache';

/** DELETE /api/events/{eventId}/check-ins/{id}/ (admin): undo a check-in made by mistake. */
export async function deleteCheckIn(eventId: number, checkInId: number): Promise<void> {
  await api(apiPaths.checkInRecord(eventId, checkInId), { method: 'DELETE' });
}

export function useDeleteCheckIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (record: TCheckIn) => {
      await deleteCheckIn(eventId, record.id);
      return record;
    },
    onSuccess: (record) => {
      applyCheckInRemoved(queryClient, eventId, record);
    },
  });
}
