import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, ZEventPage } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/events/ as a participant: the API answers with their own event(s) only. */
export function getMyEvents({ signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.events({ page_size: MAX_PAGE_SIZE }), { schema: ZEventPage, signal });
}

export function myEventsQueryOptions() {
  return queryOptions({
    queryKey: ['participant-dashboard', 'events'] as const,
    queryFn: getMyEvents,
  });
}

export function useMyEvents(enabled: boolean) {
  return useQuery({ ...myEventsQueryOptions(), enabled });
}
