import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDashboardActivity } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/**
 * GET /api/dashboard/activity/: confirmations and check-ins per day (14 days), messages by status and
 * the five most recent events with their counts.
 */
export function getDashboardActivity({ signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.dashboardActivity(), { schema: ZDashboardActivity, signal });
}

export function dashboardActivityQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'activity'] as const,
    queryFn: ({ signal }) => getDashboardActivity({ signal }),
  });
}

export function useDashboardActivity() {
  return useQuery(dashboardActivityQueryOptions());
}
