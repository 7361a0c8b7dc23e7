import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PARTICIPANT_PAGE_SIZE, ZParticipantPage } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { anyQueued, QUEUED_REFRESH_MS } from '../lib/notification-status';

export type ParticipantListParams = { page: number; search: string };

/** GET /api/events/{eventId}/participants/: one server-side page, optionally searched. */
export function getParticipants(
  eventId: number,
  { page, search }: ParticipantListParams,
  { signal }: { signal?: AbortSignal } = {},
) {
  const query = new URLSearchParams({ page: String(page), page_size: String(PARTICIPANT_PAGE_SIZE) });
  if (search) query.set('search', search);
  return api(`${apiPaths.participants(eventId)}?${query}`, { schema: ZParticipantPage, signal });
}

/** Without `params` the key covers every page and search of the event (for invalidation). */
export function participantsQueryOptions(eventId: number, params?: ParticipantListParams) {
  return queryOptions({
    queryKey: ['participants', eventId, 'list', ...(params ? [params] : [])] as const,
    queryFn: ({ signal }) => getParticipants(eventId, params ?? { page: 1, search: '' }, { signal }),
  });
}

export function useParticipants(eventId: number, params: ParticipantListParams) {
  return useQuery({
    ...participantsQueryOptions(eventId, params),
    // Keep the current page on screen while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
    // Login details go out in the background: follow queued rows until they are sent or fail.
    refetchInterval: (query) => (anyQueued(query.state.data?.results) ? QUEUED_REFRESH_MS : false),
  });
}
