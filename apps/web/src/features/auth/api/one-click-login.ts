import { useMutation } from '@tanstack/react-query';
import { ZParticipantTokens } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { expireSession, startSession } from '../../../lib/auth-session';

/** POST /api/auth/one-click-login/ with the token of a login link. */
export function oneClickLogin(token: string) {
  return api(apiPaths.oneClickLogin(), {
    method: 'POST',
    auth: false,
    body: { token },
    schema: ZParticipantTokens,
  });
}

export function useOneClickLogin() {
  return useMutation({
    mutationFn: oneClickLogin,
    onSuccess: (data) => startSession(data.access, data.participant),
    // Spec §8: a failed one-click sign-in clears all stored auth.
    onError: () => expireSession(),
  });
}
