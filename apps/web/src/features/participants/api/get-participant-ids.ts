import { queryOptions } from '@tanstack/react-query';
import { ZParticipantIds, type NotificationStatus } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type ParticipantIdFilters = {
  search?: string;
  confirmed?: boolean;
  notification_sent?: boolean;
  notification_status?: NotificationStatus;
};

/** GET /api/events/{eventId}/participants/ids/: every matching id (select all, not notified, ...). */
export function getParticipantIds(
  eventId: number,
  filters: ParticipantIdFilters,
  { signal }: { signal?: AbortSignal } = {},
) {
  const query = new URLSearchParams();
  if (filters.search) query.set('search', filters.search);
  if (filters.confirmed !== undefined) query.set('confirmed', String(filters.confirmed));
  if (filters.notification_sent !== undefined)
    query.set('notification_sent', String(filters.notification_sent));
  if (filters.notification_status) query.set('notification_status', filters.notification_status);
  const qs = query.toString();
  return api(`${apiPaths.participantIds(eventId)}${qs ? `?${qs}` : ''}`, { schema: ZParticipantIds, signal });
}

/** Fetched on demand (a selection button), never kept: the answer is stale as soon as data changes. */
export function participantIdsQueryOptions(eventId: number, filters: ParticipantIdFilters = {}) {
  return queryOptions({
    queryKey: ['participants', eventId, 'ids', filters] as const,
    queryFn: ({ signal }) => getParticipantIds(eventId, filters, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}
