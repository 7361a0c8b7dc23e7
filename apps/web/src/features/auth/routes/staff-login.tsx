import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { AuthCard } from '../components/auth-card';
import { CredentialsForm } from '../components/credentials-form';
import { useStaffSignIn } from '../hooks/use-staff-sign-in';
import { staffPortalError } from '../lib/login-errors';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/login: the Staff Portal. */
export function StaffLoginPage() {
  usePageTitle(`${t('staffLogin.title')} | ${t('app.name')}`);
  const [error, setError] = useState<string | null>(null);
  const login = useStaffSignIn(setError, staffPortalError);

  return (
    <AuthCard title={t('staffLogin.title')} subtitle={t('staffLogin.subtitle')}>
      <CredentialsForm
        submitting={login.pending}
        solving={login.solving}
        error={error}
        onSubmit={login.submit}
        onEdit={() => setError(null)}
        submitLabel={t('login.submit')}
      />
    </AuthCard>
  );
}

export default StaffLoginPage;
