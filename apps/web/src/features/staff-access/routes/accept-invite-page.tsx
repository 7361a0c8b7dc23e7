import { useEffect, useState } from 'react';
import { Alert, Anchor, Center, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { STAFF_PASSWORD_MIN, type TInviteInfo } from '@attend/shared';
import { requiredFieldProps } from '../../../components/required-label';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formFieldErrors, serverMessage } from '../../../lib/api-errors';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { ChallengeFailedError } from '../../../lib/proof-of-work';
import { AuthCard, SignInForm, typed } from '../../auth';
import { checkInvite, useAcceptInvite } from '../api/staff-invite';
import { tsa } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** The token of the link (`#token=…`): in the fragment, so it never reaches a server or a Referer. */
function tokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token?.trim() || null;
}

/** The server's refusal of an invitation (used, expired, unknown, account disabled), or ours. */
function refusalOf(err: unknown, fallback: string): string {
  if (err instanceof ChallengeFailedError) return fallback;
  return err instanceof ApiError ? serverMessage(err, fallback) : fallback;
}

function ToLogin() {
  return (
    <Center>
      <Anchor component={Link} to={paths.staffLogin()} size="sm" c="blue.9">
        {tsa('invite.toLogin')}
      </Anchor>
    </Center>
  );
}

function PasswordForm({ token, invite }: { token: string; invite: TInviteInfo }) {
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeated?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const clear = () => {
    setErrors({});
    setError(null);
  };

  const submit = () => {
    const found: typeof errors = {};
    if (password.length < STAFF_PASSWORD_MIN) found.password = tsa('invite.tooShort');
    else if (password.trim().toLowerCase() === invite.username.toLowerCase())
      found.password = tsa('invite.sameAsUsername');
    if (!found.password && repeated !== password) found.repeated = tsa('invite.mismatch');
    setErrors(found);
    setError(null);
    if (found.password || found.repeated) return;
    accept.mutate(
      { token, password },
      {
        onSuccess: (data) => {
          notify(tsa('invite.done', { name: data.user.full_name || data.user.username }), 'success');
          // A scanner's place is the check-in station; an admin's the dashboard.
          const home = data.user.role === 'scanner' ? paths.staff.checkInHome() : paths.staff.dashboard();
          void navigate(home, { replace: true });
        },
        onError: (err) => {
          const fields = formFieldErrors<'password'>(err, new Set(['password']));
          if (fields.password) setErrors({ password: fields.password });
          else setError(refusalOf(err, tsa('invite.failed')));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" ta="center" data-testid="invite-for">
        {tsa('invite.for', { username: invite.username, date: formatDisplayDateTime(invite.expires_at) })}
      </Text>
      <SignInForm
        onSubmit={submit}
        submitting={accept.isPending}
        solving={accept.solving}
        error={error}
        submitLabel={tsa('invite.submit')}
      >
        {/* Read only, for password managers to store the new password under the right name. */}
        <TextInput
          label={tsa('invite.username')}
          name="username"
          autoComplete="username"
          value={invite.username}
          readOnly
        />
        <PasswordInput
          label={tsa('invite.password')}
          description={tsa('invite.passwordHint')}
          name="new-password"
          autoComplete="new-password"
          {...requiredFieldProps}
          value={password}
          error={errors.password}
          onChange={typed(setPassword, clear)}
          data-autofocus
        />
        <PasswordInput
          label={tsa('invite.confirm')}
          name="confirm-password"
          autoComplete="new-password"
          {...requiredFieldProps}
          value={repeated}
          error={errors.repeated}
          onChange={typed(setRepeated, clear)}
        />
      </SignInForm>
      {error && <ToLogin />}
    </Stack>
  );
}

/**
 * /dashboard/invite#token=…: public. The invited person sees whose invitation it is and until when,
 * chooses a password (twice), and is signed in: a scanner lands on the check-in station. A used,
 * expired or unknown invitation says so, with the way to the Staff Portal sign-in.
 */
export function AcceptInvitePage() {
  usePageTitle(`${tsa('invite.title')} | ${t('app.name')}`);
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [token] = useState(() => tokenFromFragment(hash));
  // The token leaves the address bar (and the history entry) once read.
  useEffect(() => {
    if (hash) void navigate(paths.staffInvite(), { replace: true });
  }, [hash, navigate]);
  const invite = useQuery({
    queryKey: ['staff-invite', token],
    queryFn: () => checkInvite(token ?? ''),
    enabled: token !== null,
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  return (
    <AuthCard title={tsa('invite.title')} subtitle={tsa('invite.subtitle')}>
      {token === null ? (
        <Stack gap="md">
          <Alert color="orange" variant="light" role="alert">
            <Text size="sm">{tsa('invite.noToken')}</Text>
          </Alert>
          <ToLogin />
        </Stack>
      ) : invite.isPending ? (
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {tsa('invite.checking')}
          </Text>
        </Stack>
      ) : invite.isError ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" data-testid="invite-refused">
            <Text size="sm" c="red.9" fw={500}>
              {refusalOf(invite.error, tsa('invite.checkFailed'))}
            </Text>
          </Alert>
          <ToLogin />
        </Stack>
      ) : (
        <PasswordForm token={token} invite={invite.data} />
      )}
    </AuthCard>
  );
}

export default AcceptInvitePage;
