import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { expireSession, startSession } from '../../../lib/auth-session';
import { withChallenge } from '../../../lib/proof-of-work';
import { later } from '../../../lib/schemas';

/**
 * POST /api/auth/one-click-login/ with the token of a login link; solves the proof of work the
 * server may ask for first (`onSolving` tells when).
 */
export function oneClickLogin(token: string, onSolving?: (solving: boolean) => void) {
  return withChallenge(
    (altcha) =>
      api(apiPaths.oneClickLogin(), {
        method: 'POST',
        auth: false,
        body: { token, altcha },
        schema: later('ZParticipantTokens'),
      }),
    onSolving,
  );
}

/** The sign-in, and `solving` while it pays a proof of work. */
export function useOneClickLogin() {
  const [solving, setSolving] = useState(false);
  const mutation = useMutation({
    mutationFn: (token: string) => oneClickLogin(token, setSolving),
    onSuccess: (data) => startSession(data.access, data.participant),
    // Spec §8: a failed one-click sign-in clears all stored auth.
    onError: () => expireSession(),
  });
  return { ...mutation, solving };
}
