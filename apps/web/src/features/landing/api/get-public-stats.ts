import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicStats } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { InvalidResponseError } from '../../../lib/http';

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/**
 * The shape of ZPublicStats, checked by hand: the landing page is the first screen of anyone not
 * signed in, and this check spares it the download of zod and the schemas (about 25 KB gzipped).
 */
export function isPublicStats(data: unknown): data is TPublicStats {
  if (!data || typeof data !== 'object') return false;
  const d = data as Record<string, unknown>;
  if (d.mode === 'hidden') return true;
  const rate = d.check_in_success_rate;
  return (
    (d.mode === 'live' || d.mode === 'fixed') &&
    isCount(d.events_created) &&
    isCount(d.participants_managed) &&
    (rate === null || (isCount(rate) && rate <= 100))
  );
}

/** GET /api/public/stats/: the landing page's 'Platform Impact' figures, or that the section is hidden. */
export async function getPublicStats({ signal }: { signal?: AbortSignal } = {}): Promise<TPublicStats> {
  const data = await api(apiPaths.publicStats(), { auth: false, signal });
  if (!isPublicStats(data)) throw new InvalidResponseError();
  return data;
}

export function publicStatsQueryOptions() {
  return queryOptions({ queryKey: ['public', 'stats'], queryFn: getPublicStats, staleTime: 60_000 });
}

export function usePublicStats() {
  return useQuery(publicStatsQueryOptions());
}
