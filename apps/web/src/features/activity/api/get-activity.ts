import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZActivityPage, type TActivityAction } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const ACTIVITY_PAGE_SIZE = 50;

export type ActivityFilters = { action?: TActivityAction; actor?: number; participant?: number };
export type ActivityParams = ActivityFilters & { page: number };

/** The filters as query parameters (those set). */
export function activityQuery(filters: ActivityFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (filters.action) query.action = filters.action;
  if (filters.actor !== undefined) query.actor = filters.actor;
  if (filters.participant !== undefined) query.participant = filters.participant;
  return query;
}

/** GET /api/events/{eventId}/activity/: one page of who did what to the event, newest first. */
export function getActivity(
  eventId: number,
  params: ActivityParams,
  { signal }: { signal?: AbortSignal } = {},
) {
  const query = { ...activityQuery(params), page: params.page, page_size: ACTIVITY_PAGE_SIZE };
  return api(apiPaths.eventActivity(eventId, query), { schema: ZActivityPage, signal });
}

export function activityQueryOptions(eventId: number, params: ActivityParams) {
  return queryOptions({
    queryKey: ['activity', eventId, params] as const,
    queryFn: ({ signal }) => getActivity(eventId, params, { signal }),
  });
}

export function useActivity(eventId: number, params: ActivityParams) {
  return useQuery({ ...activityQueryOptions(eventId, params), placeholderData: keepPreviousData });
}
