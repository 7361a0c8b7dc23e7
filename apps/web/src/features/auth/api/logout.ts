import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { beginSignOut, finishSignOut } from '../../../lib/auth-session';

/** Spec §4: logout clears everything and goes to / after 0.5 s. */
export const LOGOUT_DELAY_MS = 500;

/** POST /api/auth/logout/ revokes the refresh cookie's token family (never fails for the user). */
export function logout(): Promise<void> {
  return beginSignOut();
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      queryClient.clear();
      // A station's offline rosters (names of people) do not outlive the sign-in; queued scans stay.
      void import('../../check-in').then((checkIn) => checkIn.forgetStationRosters()).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, LOGOUT_DELAY_MS));
      // Committed synchronously, so the guarded page is gone before the session turns anonymous
      // (otherwise its guard would redirect to a sign-in page instead).
      await navigate(paths.home(), { replace: true, flushSync: true });
      finishSignOut();
    },
  });
}
