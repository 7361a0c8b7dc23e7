import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZParticipantCreated, type TParticipantCreate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { invalidateParticipants } from './invalidate-participants';

/** POST /api/events/{eventId}/participants/; the answer's data.unique_code is the new login code. */
export function createParticipant(eventId: number, body: TParticipantCreate) {
  return api(apiPaths.participants(eventId), { method: 'POST', body, schema: ZParticipantCreated });
}

export function useCreateParticipant(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TParticipantCreate) => createParticipant(eventId, body),
    onSuccess: () => invalidateParticipants(queryClient, eventId),
  });
}
