import { useEffect, useRef } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useOneClickLogin } from '../api/one-click-login';
import { ChallengeNotice } from '../components/challenge-notice';
import { usePageTitle } from '../../../lib/use-page-title';

/** /auto-login?token=…&event_id=…: the one-click sign-in link participants receive. */
export function AutoLoginPage() {
  usePageTitle(`${t('autoLogin.signingIn')} | ${t('app.name')}`);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { mutate, solving } = useOneClickLogin();
  // A login link can be used again until it expires or staff revoke it, but one visit signs in once:
  // never send the token twice (Strict Mode runs effects twice).
  const started = useRef(false);
  const token = searchParams.get('token');
  const eventId = searchParams.get('event_id');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      notify(t('autoLogin.invalidLink'), 'error');
      void navigate(paths.login(), { replace: true });
      return;
    }
    mutate(token, {
      onSuccess: () => {
        notify(t('autoLogin.success'), 'success');
        const target =
          eventId && /^\d+$/.test(eventId) ? paths.participant.event(eventId) : paths.participant.dashboard();
        void navigate(target, { replace: true });
      },
      onError: () => {
        notify(t('autoLogin.failed'), 'error');
        void navigate(paths.login(), { replace: true });
      },
    });
  }, [token, eventId, mutate, navigate]);

  return (
    <Stack component="main" align="center" justify="center" gap="xs" style={{ flex: 1 }}>
      <Title order={1} fz="h3">
        {t('autoLogin.signingIn')}
      </Title>
      <Text c="dimmed" size="sm" aria-hidden>
        {t('app.name')}
      </Text>
      <PageLoader variant="spinner" />
      <ChallengeNotice solving={solving} />
    </Stack>
  );
}

export default AutoLoginPage;
