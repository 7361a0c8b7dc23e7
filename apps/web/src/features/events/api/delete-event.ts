import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { eventsQueryOptions } from './get-events';

/** DELETE /api/events/{id}/ (with its sessions, participants and check-ins). */
export async function deleteEvent(eventId: number): Promise<void> {
  await api(apiPaths.event(eventId), { method: 'DELETE' });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryOptions().queryKey }),
  });
}
