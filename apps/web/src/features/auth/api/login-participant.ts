import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { normalizeCode, type TParticipantLogin } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth-session';
import { withChallenge } from '../../../lib/proof-of-work';
import { later } from '../../../lib/schemas';

/**
 * POST /api/auth/login/ with the event code and the participant's unique code; solves the proof of
 * work the server may ask for first (`onSolving` tells when).
 */
export function loginParticipant(body: TParticipantLogin, onSolving?: (solving: boolean) => void) {
  const codes = { event_code: normalizeCode(body.event_code), unique_code: normalizeCode(body.unique_code) };
  return withChallenge(
    (altcha) =>
      api(apiPaths.participantLogin(), {
        method: 'POST',
        auth: false,
        body: { ...codes, altcha },
        schema: later('ZParticipantTokens'),
      }),
    onSolving,
  );
}

/** The sign-in, and `solving` while it pays a proof of work. */
export function useLoginParticipant() {
  const [solving, setSolving] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: TParticipantLogin) => loginParticipant(body, setSolving),
    onSuccess: (data) => startSession(data.access, data.participant),
  });
  return { ...mutation, solving };
}
