import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyDsaProgress } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Today as YYYY-MM-DD in UTC (the DSA rule's day, as on the staff report). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** GET /api/participants/me/dsa/?day=: sessions attended that day against the DSA rule. */
export function getMyDsaProgress(day: string, { signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.myDsaProgress(day), { schema: ZMyDsaProgress, signal });
}

export function myDsaProgressQueryOptions(participantId: number, day: string) {
  return queryOptions({
    queryKey: ['attendance', 'dsa', participantId, day] as const,
    queryFn: ({ signal }) => getMyDsaProgress(day, { signal }),
    retry: false,
  });
}

export function useMyDsaProgress(participantId: number, enabled: boolean) {
  return useQuery({ ...myDsaProgressQueryOptions(participantId, todayUtc()), enabled });
}
