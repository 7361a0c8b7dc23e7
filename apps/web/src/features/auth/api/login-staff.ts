import { useMutation } from '@tanstack/react-query';
import { ZStaffTokens, type TStaffLogin } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth-session';

/** POST /api/auth/token/ with a staff username and password. */
export function loginStaff(body: TStaffLogin) {
  return api(apiPaths.staffToken(), { method: 'POST', auth: false, body, schema: ZStaffTokens });
}

export function useLoginStaff() {
  return useMutation({
    mutationFn: loginStaff,
    onSuccess: (data) => startSession(data.access, data.user),
  });
}
