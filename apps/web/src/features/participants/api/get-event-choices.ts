import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, ZEventPage } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const EVENT_CHOICES_PAGE_SIZE = MAX_PAGE_SIZE;

/** GET /api/events/: one page of events to choose from (newest start first). */
export function getEventChoices(page: number, { signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.events({ page, page_size: EVENT_CHOICES_PAGE_SIZE }), { schema: ZEventPage, signal });
}

export function eventChoicesQueryOptions(page: number) {
  return queryOptions({
    // Under 'events': creating or deleting an event refreshes the choice.
    queryKey: ['events', 'participants-home', page] as const,
    queryFn: ({ signal }) => getEventChoices(page, { signal }),
  });
}

export function useEventChoices(page: number) {
  return useQuery({ ...eventChoicesQueryOptions(page), placeholderData: keepPreviousData });
}
