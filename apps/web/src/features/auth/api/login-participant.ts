import { useMutation } from '@tanstack/react-query';
import { normalizeCode, ZParticipantTokens, type TParticipantLogin } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth-session';

/** POST /api/auth/login/ with the event code and the participant's unique code. */
export function loginParticipant(body: TParticipantLogin) {
  return api(apiPaths.participantLogin(), {
    method: 'POST',
    auth: false,
    body: { event_code: normalizeCode(body.event_code), unique_code: normalizeCode(body.unique_code) },
    schema: ZParticipantTokens,
  });
}

export function useLoginParticipant() {
  return useMutation({
    mutationFn: loginParticipant,
    onSuccess: (data) => startSession(data.access, data.participant),
  });
}
