import type { QueryClient } from '@tanstack/react-query';
import { participantQueryOptions } from './get-participant';
import { participantStatsQueryOptions } from './get-participant-stats';
import { participantsQueryOptions } from './get-participants';

/** After a change: every page of the list, the statistics and, when given, one participant. */
export function invalidateParticipants(queryClient: QueryClient, eventId: number, participantId?: number) {
  const keys: readonly (readonly unknown[])[] = [
    participantsQueryOptions(eventId).queryKey,
    participantStatsQueryOptions(eventId).queryKey,
    ...(participantId === undefined ? [] : [participantQueryOptions(eventId, participantId).queryKey]),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
