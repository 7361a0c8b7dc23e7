import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEventDetail, type TEventUpdate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { eventQueryOptions } from './get-event';
import { eventsQueryOptions } from './get-events';

/** PATCH /api/events/{id}/ with the changed fields. */
export function updateEvent({ eventId, body }: { eventId: number; body: TEventUpdate }) {
  return api(apiPaths.event(eventId), { method: 'PATCH', body, schema: ZEventDetail });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryOptions(event.id).queryKey, event);
      await queryClient.invalidateQueries({ queryKey: eventsQueryOptions().queryKey });
    },
  });
}
