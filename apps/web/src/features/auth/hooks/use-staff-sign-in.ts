import { useNavigate } from 'react-router';
import type { TStaffLogin } from '@attend/shared';
import { paths } from '../../../config/paths';
import { useLoginStaff } from '../api/login-staff';

/**
 * Staff sign-in: clears the shown error, then opens the dashboard or shows `errorOf` the refusal;
 * `solving` while it pays the proof of work the server asked for.
 */
export function useStaffSignIn(
  setError: (message: string | null) => void,
  errorOf: (err: unknown) => string,
) {
  const navigate = useNavigate();
  const login = useLoginStaff();
  const submit = (values: TStaffLogin) => {
    setError(null);
    login.mutate(values, {
      onSuccess: () => void navigate(paths.staff.dashboard(), { replace: true }),
      onError: (err) => setError(errorOf(err)),
    });
  };
  return { submit, pending: login.isPending, solving: login.solving };
}
