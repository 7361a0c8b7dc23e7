import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZOutgoingMessagePage, type TOutgoingMessage } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const MESSAGES_PAGE_SIZE = 50;
/** While messages are on their way the list asks again this often. */
const IN_FLIGHT_REFRESH_MS = 5000;

export type EventMessagesParams = {
  page: number;
  status?: TOutgoingMessage['status'];
  channel?: TOutgoingMessage['channel'];
};

/** GET /api/events/{eventId}/messages/: one page of the event's e-mails and SMS, newest first. */
export function getEventMessages(
  eventId: number,
  { page, status, channel }: EventMessagesParams,
  { signal }: { signal?: AbortSignal } = {},
) {
  const query: Record<string, string | number> = { page, page_size: MESSAGES_PAGE_SIZE };
  if (status) query.status = status;
  if (channel) query.channel = channel;
  return api(apiPaths.eventMessages(eventId, query), { schema: ZOutgoingMessagePage, signal });
}

/** Without `eventId` the key covers every event's messages; without `params`, every page of one. */
export function eventMessagesQueryOptions(eventId?: number, params?: EventMessagesParams) {
  return queryOptions({
    queryKey: [
      'notifications',
      'messages',
      ...(eventId === undefined ? [] : [eventId]),
      ...(params ? [params] : []),
    ] as const,
    queryFn: ({ signal }) => getEventMessages(eventId ?? 0, params ?? { page: 1 }, { signal }),
  });
}

export function useEventMessages(eventId: number, params: EventMessagesParams) {
  return useQuery({
    ...eventMessagesQueryOptions(eventId, params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((m) => m.status === 'pending' || m.status === 'sending')
        ? IN_FLIGHT_REFRESH_MS
        : false,
  });
}
