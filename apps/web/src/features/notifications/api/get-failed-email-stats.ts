import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFailedEmailStats } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/admin/failed-emails/stats/: failed e-mails by state and the next scheduled retries. */
export function getFailedEmailStats({ signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.failedEmailStats(), { schema: ZFailedEmailStats, signal });
}

export function failedEmailStatsQueryOptions() {
  return queryOptions({
    queryKey: ['notifications', 'failed-emails'] as const,
    queryFn: ({ signal }) => getFailedEmailStats({ signal }),
  });
}

export function useFailedEmailStats() {
  return useQuery(failedEmailStatsQueryOptions());
}
