import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEventDetail } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/events/{eventId}/: the activity page reads the event's name and time zone. */
export function getEventSummary(eventId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.event(eventId), { schema: ZEventDetail, signal });
}

export function eventSummaryQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['events', eventId, 'activity-page'] as const,
    queryFn: ({ signal }) => getEventSummary(eventId, { signal }),
  });
}

export function useEventSummary(eventId: number) {
  return useQuery(eventSummaryQueryOptions(eventId));
}
