import { useMutation } from '@tanstack/react-query';
import { ZLoginLinksRevoked, type TLoginLinksRevoked } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/**
 * DELETE /api/events/{eventId}/participants/{id}/login-link/: revokes every live login link of the
 * participant (and ends the sign-ins opened with them); answers how many links were revoked.
 */
export function revokeLoginLinks(eventId: number, participantId: number): Promise<TLoginLinksRevoked> {
  return api(apiPaths.participantLoginLink(eventId, participantId), {
    method: 'DELETE',
    schema: ZLoginLinksRevoked,
  });
}

export function useRevokeLoginLinks(eventId: number) {
  return useMutation({
    mutationFn: (participantId: number) => revokeLoginLinks(eventId, participantId),
  });
}
