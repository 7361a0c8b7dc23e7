import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEventDetail, type TEventCreate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { eventsQueryOptions } from './get-events';

/** POST /api/events/: creates an event (the server generates its event code). */
export function createEvent(body: TEventCreate) {
  return api(apiPaths.events(), { method: 'POST', body, schema: ZEventDetail });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryOptions().queryKey }),
  });
}
