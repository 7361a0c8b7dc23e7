import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ZCheckInLiveEvent, type TCheckInLiveEvent } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { openEventStream, type SseMessage } from '../../../lib/sse';
import { afterPaint } from '../lib/after-paint';
import { applyCheckInAdded, applyCheckInRemoved, refetchCheckIns } from '../lib/live-cache';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

/** One `check_in` event of the stream, or null for anything else (other names, bad JSON). */
export function readLiveEvent(message: SseMessage): TCheckInLiveEvent | null {
  if (message.event !== 'check_in') return null;
  try {
    const parsed = ZCheckInLiveEvent.safeParse(JSON.parse(message.data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/events/{eventId}/check-ins/live/ (Server-Sent Events): every check-in made or undone at
 * the event, from any station, lands in the cached lists and counts as it happens. After a dropped
 * connection the lists and counts are fetched again (what happened meanwhile was not streamed).
 * `onEvent` runs once per event that changed something (not for our own check-ins seen twice).
 */
export function useLiveCheckIns(
  eventId: number,
  { onEvent, enabled = true }: { onEvent?: (event: TCheckInLiveEvent) => void; enabled?: boolean } = {},
): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handle = useEffectEvent((message: SseMessage) => {
    const event = readLiveEvent(message);
    if (!event) return;
    // After the next paint: a station's own result (which this event often echoes) shows first.
    afterPaint(() => {
      const changed =
        event.action === 'created'
          ? applyCheckInAdded(queryClient, eventId, event.check_in)
          : applyCheckInRemoved(queryClient, eventId, event.check_in);
      if (changed) onEvent?.(event);
    });
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void openEventStream(
      apiPaths.checkInLive(eventId),
      {
        onMessage: (message) => handle(message),
        onOpen: (reconnected) => {
          setStatus('live');
          if (reconnected) void refetchCheckIns(queryClient, eventId);
        },
        onDrop: () => setStatus('reconnecting'),
        onClosed: () => setStatus('closed'),
      },
      controller.signal,
    ).catch(() => undefined);
    return () => controller.abort();
  }, [eventId, enabled, queryClient]);

  return status;
}
