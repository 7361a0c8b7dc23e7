import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { useLogout } from './logout';
import { later } from '../../../lib/schemas';

/**
 * POST /api/auth/revoke-sessions/ ends every sign-in of the user, on every device; then this
 * browser signs out as with Logout. When the request fails nothing is signed out here either, so
 * the user can try again.
 */
export function useSignOutEverywhere() {
  const logout = useLogout();
  return useMutation({
    mutationFn: () =>
      api(apiPaths.revokeOwnSessions(), { method: 'POST', schema: later('ZSessionsRevoked') }),
    onSuccess: () => logout.mutate(),
  });
}
