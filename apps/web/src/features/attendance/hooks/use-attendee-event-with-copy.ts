import { useEffect } from 'react';
import { ZEventDetail, type TEventDetail, type TParticipantSelf } from '@attend/shared';
import { gotNoAnswer, keepOfflineCopy, useOffline, useOfflineCopy } from '../../../lib/offline-copy';
import { useAttendeeEvent } from '../api/get-attendee-event';

/**
 * GET /api/events/{eventId}/ for a participant's page, with the copy this device keeps of their own
 * event: every answer about it is kept, and without a network the page gets the kept copy instead.
 * `offline` says the page should say so; `savedAt` is when what it shows was loaded.
 */
export function useAttendeeEventWithCopy(
  participant: TParticipantSelf | null,
  eventId: number | null,
  enabled = true,
) {
  const ownId = participant && eventId !== null && participant.event.id === eventId ? participant.id : null;
  const query = useAttendeeEvent(eventId ?? 0, enabled && eventId !== null);
  const kept = useOfflineCopy(ownId, 'event', ZEventDetail);
  const networkGone = useOffline();
  const offline = networkGone || gotNoAnswer(query);

  useEffect(() => {
    if (ownId !== null && query.data) keepOfflineCopy(ownId, 'event', query.data);
  }, [ownId, query.data]);

  const copy = offline && kept?.value.id === eventId ? kept : null;
  const event: TEventDetail | undefined = query.data ?? copy?.value;
  let savedAt: Date | null = null;
  if (offline) savedAt = query.data ? new Date(query.dataUpdatedAt) : (copy?.savedAt ?? null);
  return { query, event, offline, savedAt };
}
