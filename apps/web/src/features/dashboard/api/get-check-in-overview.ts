import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCheckInOverview } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/check-ins/stats/: check-ins of every event, in total and today. */
export function getCheckInOverview({ signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.checkInOverview(), { schema: ZCheckInOverview, signal });
}

export function checkInOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['check-in', 'overview'] as const,
    queryFn: ({ signal }) => getCheckInOverview({ signal }),
  });
}

export function useCheckInOverview() {
  return useQuery(checkInOverviewQueryOptions());
}
