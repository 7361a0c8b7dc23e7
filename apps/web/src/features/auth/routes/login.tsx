import { useState } from 'react';
import { Anchor, Center, Tabs } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TParticipantLogin } from '@attend/shared';
import { paths } from '../../../config/paths';
import { t } from '../../../lib/i18n';
import { useLoginParticipant } from '../api/login-participant';
import { AuthCard } from '../components/auth-card';
import { CredentialsForm } from '../components/credentials-form';
import { ParticipantLoginForm } from '../components/participant-login-form';
import { useStaffSignIn } from '../hooks/use-staff-sign-in';
import { participantLoginError, userLoginError } from '../lib/login-errors';
import { usePageTitle } from '../../../lib/use-page-title';

type Mode = 'participant' | 'user';

function isMode(value: string | null): value is Mode {
  return value === 'participant' || value === 'user';
}

/** /login: participants with their codes (tab 'Participant'), staff with username and password ('User'). */
export function LoginPage() {
  usePageTitle(`${t('login.title')} | ${t('app.name')}`);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() =>
    searchParams.get('mode') === 'user' ? 'user' : 'participant',
  );
  const [error, setError] = useState<string | null>(null);
  const participantLogin = useLoginParticipant();
  const staffLogin = useStaffSignIn(setError, userLoginError);

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
  };
  const clearError = () => setError(null);

  const submitParticipant = (values: TParticipantLogin) => {
    if (!values.event_code || !values.unique_code) {
      setError(t('login.error.bothCodes'));
      return;
    }
    setError(null);
    participantLogin.mutate(values, {
      onSuccess: (data) =>
        void navigate(paths.participant.event(data.participant.event.id), { replace: true }),
      onError: (err) => setError(participantLoginError(err)),
    });
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <Tabs value={mode} onChange={(value) => isMode(value) && switchMode(value)} keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="participant">{t('login.tab.participant')}</Tabs.Tab>
          <Tabs.Tab value="user">{t('login.tab.user')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="participant">
          <ParticipantLoginForm
            initialEventCode={searchParams.get('event_code') ?? ''}
            submitting={participantLogin.isPending}
            solving={participantLogin.solving}
            error={error}
            onSubmit={submitParticipant}
            onEdit={clearError}
          />
        </Tabs.Panel>
        <Tabs.Panel value="user">
          <CredentialsForm
            submitting={staffLogin.pending}
            solving={staffLogin.solving}
            error={error}
            onSubmit={staffLogin.submit}
            onEdit={clearError}
            submitLabel={t('login.submit')}
          />
        </Tabs.Panel>
      </Tabs>
      <Center>
        <Anchor
          component={Link}
          to={paths.login() + (mode === 'participant' ? '?mode=user' : '')}
          replace
          size="sm"
          c="blue.9"
          onClick={(event) => {
            event.preventDefault();
            switchMode(mode === 'participant' ? 'user' : 'participant');
          }}
        >
          {mode === 'participant' ? t('login.switchToUser') : t('login.switchToParticipant')}
        </Anchor>
      </Center>
    </AuthCard>
  );
}

export default LoginPage;
