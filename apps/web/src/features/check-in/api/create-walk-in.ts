import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCheckIn, type TWalkInCreate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { applyCheckInAdded } from '../lib/live-cache';
import { checkInEventsQueryOptions } from './get-check-in-events';
import { checkInStatsQueryOptions } from './get-check-in-stats';

/**
 * POST /api/events/{eventId}/check-in/walk-in/: adds someone not on the list as a confirmed
 * participant and checks them in at the door or the session, in one step. 201 with the check-in
 * record; refusals are ApiErrors (400 with field errors, 403, 404, 409 `participant_exists`). Not
 * retried: a resend after a lost answer would meet the participant it made (409).
 */
export function createWalkIn(eventId: number, body: TWalkInCreate) {
  return api(apiPaths.walkIn(eventId), { method: 'POST', body, schema: ZCheckIn });
}

export function useCreateWalkIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWalkInCreate) => createWalkIn(eventId, body),
    onSuccess: (record) => {
      applyCheckInAdded(queryClient, eventId, record);
      // One more participant (and confirmed): the totals come from the server again.
      void queryClient.invalidateQueries({ queryKey: checkInStatsQueryOptions(eventId).queryKey });
      void queryClient.invalidateQueries({ queryKey: checkInEventsQueryOptions().queryKey });
    },
  });
}
