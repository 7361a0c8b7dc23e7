import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZEventPage } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Events per page of the staff table (the API's maximum). */
export const EVENTS_PAGE_SIZE = 100;

/** GET /api/events/: one page of events, newest start first. */
export function getEvents({ page, signal }: { page: number; signal?: AbortSignal }) {
  return api(apiPaths.events({ page, page_size: EVENTS_PAGE_SIZE }), { schema: ZEventPage, signal });
}

/** Prefix of every events query (lists and details): invalidating it refreshes them all. */
export function eventsQueryOptions() {
  return queryOptions({
    queryKey: ['events'] as const,
    queryFn: ({ signal }) => getEvents({ page: 1, signal }),
  });
}

export function eventsPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...eventsQueryOptions().queryKey, 'list', page] as const,
    queryFn: ({ signal }) => getEvents({ page, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEvents(page: number) {
  return useQuery(eventsPageQueryOptions(page));
}
