import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCalendarSubscription } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/**
 * GET /api/participants/me/calendar/: the participant's private webcal:// subscription URL (made on
 * the first ask; Sign out everywhere revokes it).
 */
export function getCalendarSubscription({ signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.myCalendarSubscription(), { signal, schema: ZCalendarSubscription });
}

export function calendarSubscriptionQueryOptions() {
  return queryOptions({
    queryKey: ['calendar-subscription'] as const,
    queryFn: ({ signal }) => getCalendarSubscription({ signal }),
    // The URL changes only with Sign out everywhere, which ends this sign-in too.
    staleTime: Infinity,
  });
}

export function useCalendarSubscription(enabled: boolean) {
  return useQuery({ ...calendarSubscriptionQueryOptions(), enabled });
}
