import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCheckInEventList } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/check-in/events/: the events the caller may run a station for (admin: all; scanner: its own). */
export function getCheckInEvents({ signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.checkInEvents(), { schema: ZCheckInEventList, signal });
}

export function checkInEventsQueryOptions() {
  return queryOptions({
    queryKey: ['check-in', 'events'] as const,
    queryFn: ({ signal }) => getCheckInEvents({ signal }),
  });
}

export function useCheckInEvents() {
  return useQuery(checkInEventsQueryOptions());
}
