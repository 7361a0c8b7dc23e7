import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { later } from '../../../lib/schemas';

/** GET /api/public/stats/: the landing page's 'Platform Impact' figures. */
export function getPublicStats({ signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.publicStats(), { auth: false, schema: later('ZPublicStats'), signal });
}

export function publicStatsQueryOptions() {
  return queryOptions({ queryKey: ['public', 'stats'], queryFn: getPublicStats, staleTime: 60_000 });
}

export function usePublicStats() {
  return useQuery(publicStatsQueryOptions());
}
