import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, ZEventPage, ZParticipantStats, type TEvent } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { isActiveNow } from '../lib/dashboard-figures';

/** Participant statistics asked for at once, so a large install does not open hundreds of requests. */
const STATS_CONCURRENCY = 6;

export type EventTotals = {
  events: number;
  /** Events running now (started, not ended): what the dashboard calls 'running now'. */
  activeEvents: number;
  /** Events still to start. */
  upcomingEvents: number;
  participants: number;
  confirmed: number;
};

async function allEvents(signal?: AbortSignal): Promise<TEvent[]> {
  const events: TEvent[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api(apiPaths.events({ page, page_size: MAX_PAGE_SIZE }), {
      schema: ZEventPage,
      signal,
    });
    events.push(...answer.results);
    if (!answer.next || answer.results.length === 0) return events;
  }
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const out: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      const item = items[index];
      if (item !== undefined) out[index] = await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * The Total Events and Participants cards: GET /api/events/ (every page) for the events, the active
 * ones and the participants, and GET /api/events/{id}/participants/stats/ of each event with
 * participants for the confirmed count.
 */
export async function getEventTotals({ signal }: { signal?: AbortSignal } = {}): Promise<EventTotals> {
  const events = await allEvents(signal);
  const now = Date.now();
  const withPeople = events.filter((e) => e.participants_count > 0);
  const stats = await mapLimited(withPeople, STATS_CONCURRENCY, (e) =>
    api(apiPaths.participantStats(e.id), { schema: ZParticipantStats, signal }),
  );
  return {
    events: events.length,
    activeEvents: events.filter((e) => isActiveNow(e, now)).length,
    upcomingEvents: events.filter((e) => Date.parse(e.start_date) > now).length,
    participants: events.reduce((n, e) => n + e.participants_count, 0),
    confirmed: stats.reduce((n, s) => n + s.confirmed, 0),
  };
}

export function eventTotalsQueryOptions() {
  return queryOptions({
    // Under 'events': creating or deleting an event refreshes the cards too.
    queryKey: ['events', 'dashboard-totals'] as const,
    queryFn: ({ signal }) => getEventTotals({ signal }),
  });
}

export function useEventTotals() {
  return useQuery(eventTotalsQueryOptions());
}
