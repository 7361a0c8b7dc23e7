import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSessionList } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api, InvalidResponseError } from '../../../lib/api-client';
import { ts } from '../i18n';

/** The sessions list polls this often (document 2 §9: 30 seconds). */
export const SESSIONS_REFRESH_MS = 30_000;

/**
 * GET /api/events/{eventId}/sessions/ (every session and sub-session, by start time), or with
 * `parentSession` only that session's sub-sessions. Anything but a list is refused (document 2 §5).
 */
export async function getSessions({
  eventId,
  parentSession,
  signal,
}: {
  eventId: number;
  parentSession?: number;
  signal?: AbortSignal;
}) {
  const data = await api(apiPaths.eventSessions(eventId, { parent_session: parentSession }), { signal });
  const parsed = ZSessionList.safeParse(data);
  if (!parsed.success) throw new InvalidResponseError(ts('list.invalid'));
  return parsed.data;
}

/** Every query about the event's sessions starts with this key: invalidating it refreshes them all. */
export function sessionsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['sessions', eventId] as const,
    queryFn: ({ signal }) => getSessions({ eventId, signal }),
  });
}

export function subSessionsQueryOptions(eventId: number, parentSession: number) {
  return queryOptions({
    queryKey: [...sessionsQueryOptions(eventId).queryKey, 'parent', parentSession] as const,
    queryFn: ({ signal }) => getSessions({ eventId, parentSession, signal }),
  });
}

/** The event's sessions; `poll` refetches every 30 s (the staff list). */
export function useSessions(eventId: number | null, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...sessionsQueryOptions(eventId ?? 0),
    enabled: eventId !== null && eventId > 0,
    refetchInterval: poll ? SESSIONS_REFRESH_MS : false,
  });
}

export function useSubSessions(eventId: number, parentSession: number, enabled: boolean) {
  return useQuery({ ...subSessionsQueryOptions(eventId, parentSession), enabled });
}
