import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyDsaProgress } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { localDayKey } from '../../../lib/date-time';

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

/** The participant's DSA progress today, the event's calendar day (as on the staff report). */
export function useMyDsaProgress(participantId: number, timeZone: string, enabled: boolean) {
  return useQuery({
    ...myDsaProgressQueryOptions(participantId, localDayKey(new Date(), timeZone)),
    enabled,
  });
}
