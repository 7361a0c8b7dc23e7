import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEventDetail } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api, InvalidResponseError } from '../../../lib/api-client';
import { te } from '../i18n';
import { eventsQueryOptions } from './get-events';

/** The event detail stats grid refreshes this often (document 2 §9: 30 seconds). */
export const EVENT_STATS_REFRESH_MS = 30_000;

/** GET /api/events/{id}/: the event with the stats counts; another id in the answer is refused. */
export async function getEvent({ eventId, signal }: { eventId: number; signal?: AbortSignal }) {
  const event = await api(apiPaths.event(eventId), { schema: ZEventDetail, signal });
  if (event.id !== eventId) throw new InvalidResponseError(te('detail.invalid'));
  return event;
}

export function eventQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: [...eventsQueryOptions().queryKey, 'detail', eventId] as const,
    queryFn: ({ signal }) => getEvent({ eventId, signal }),
  });
}

export function useEvent(eventId: number) {
  return useQuery({
    ...eventQueryOptions(eventId),
    enabled: Number.isInteger(eventId) && eventId > 0,
    refetchInterval: EVENT_STATS_REFRESH_MS,
  });
}
