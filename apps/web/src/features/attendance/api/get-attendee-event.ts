import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEventDetail } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api, InvalidResponseError } from '../../../lib/api-client';
import { ta } from '../i18n';

/**
 * GET /api/events/{eventId}/ as a participant sees it (their own event only; another id answers
 * 404). An answer about another event is rejected (document 1 §5 'Invalid event data received').
 */
export async function getAttendeeEvent(eventId: number, { signal }: { signal?: AbortSignal } = {}) {
  const event = await api(apiPaths.event(eventId), {
    schema: ZEventDetail,
    signal,
    headers: { 'Cache-Control': 'no-cache' },
  });
  if (event.id !== eventId) throw new InvalidResponseError(ta('event.invalid'));
  return event;
}

export function attendeeEventQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['events', eventId, 'attendee'] as const,
    queryFn: ({ signal }) => getAttendeeEvent(eventId, { signal }),
  });
}

export function useAttendeeEvent(eventId: number, enabled = true) {
  return useQuery({ ...attendeeEventQueryOptions(eventId), enabled });
}
