import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ZInviteInfo, ZStaffTokens, type TInviteAccept } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth-session';
import { withChallenge } from '../../../lib/proof-of-work';

/** POST /api/auth/invite/check/: whom the invitation is for, and until when (changes nothing). */
export function checkInvite(token: string, onSolving?: (solving: boolean) => void) {
  return withChallenge(
    (altcha) =>
      api(apiPaths.inviteCheck(), {
        method: 'POST',
        auth: false,
        body: { token, altcha },
        schema: ZInviteInfo,
      }),
    onSolving,
  );
}

/** POST /api/auth/invite/accept/: sets the password once; the answer signs the person in. */
export function acceptInvite(body: Omit<TInviteAccept, 'altcha'>, onSolving?: (solving: boolean) => void) {
  return withChallenge(
    (altcha) =>
      api(apiPaths.inviteAccept(), {
        method: 'POST',
        auth: false,
        body: { token: body.token, password: body.password, altcha },
        schema: ZStaffTokens,
      }),
    onSolving,
  );
}

/** Accepting, and `solving` while it pays a proof of work; success starts the session. */
export function useAcceptInvite() {
  const [solving, setSolving] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: Omit<TInviteAccept, 'altcha'>) => acceptInvite(body, setSolving),
    onSuccess: (data) => startSession(data.access, data.user),
  });
  return { ...mutation, solving };
}
