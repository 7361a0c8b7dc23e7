import { useMutation } from '@tanstack/react-query';
import { ZLoginLink, type TLoginLink } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/**
 * POST /api/events/{eventId}/participants/{id}/login-link/: a new one-click sign-in link. The server
 * keeps only its hash, so the URL can be read from this answer and never again.
 */
export function createLoginLink(eventId: number, participantId: number): Promise<TLoginLink> {
  return api(apiPaths.participantLoginLink(eventId, participantId), { method: 'POST', schema: ZLoginLink });
}

export function useCreateLoginLink(eventId: number) {
  return useMutation({
    mutationFn: (participantId: number) => createLoginLink(eventId, participantId),
  });
}
