import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TStaffLogin } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth-session';
import { withChallenge } from '../../../lib/proof-of-work';
import { later } from '../../../lib/schemas';

/**
 * POST /api/auth/token/ with a staff username and password; solves the proof of work the server may
 * ask for first (`onSolving` tells when).
 */
export function loginStaff(body: TStaffLogin, onSolving?: (solving: boolean) => void) {
  return withChallenge(
    (altcha) =>
      api(apiPaths.staffToken(), {
        method: 'POST',
        auth: false,
        body: { username: body.username, password: body.password, altcha },
        schema: later('ZStaffTokens'),
      }),
    onSolving,
  );
}

/** The sign-in, and `solving` while it pays a proof of work. */
export function useLoginStaff() {
  const [solving, setSolving] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: TStaffLogin) => loginStaff(body, setSolving),
    onSuccess: (data) => startSession(data.access, data.user),
  });
  return { ...mutation, solving };
}
