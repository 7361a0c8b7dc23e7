import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZDsaReport } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/events/{eventId}/attendance/dsa-report/?day=YYYY-MM-DD: each participant's eligibility that day. */
export function getDsaReport(eventId: number, day: string, { signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.dsaReport(eventId, day), { schema: ZDsaReport, signal });
}

export function dsaReportQueryOptions(eventId: number, day: string) {
  return queryOptions({
    queryKey: ['check-in', eventId, 'dsa-report', day] as const,
    queryFn: ({ signal }) => getDsaReport(eventId, day, { signal }),
  });
}

export function useDsaReport(eventId: number, day: string, enabled: boolean) {
  return useQuery({ ...dsaReportQueryOptions(eventId, day), enabled, placeholderData: keepPreviousData });
}
