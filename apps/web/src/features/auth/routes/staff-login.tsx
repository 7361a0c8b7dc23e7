import { useState } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import type { TStaffLogin } from '@attend/shared';
import { paths } from '../../../config/paths';
import { t } from '../../../lib/i18n';
import { useLoginStaff } from '../api/login-staff';
import { AuthCard } from '../components/auth-card';
import { CredentialsForm } from '../components/credentials-form';
import { staffPortalError } from '../lib/login-errors';

/** /dashboard/login: the Staff Portal. */
export function StaffLoginPage() {
  useDocumentTitle(`${t('staffLogin.title')} | ${t('app.name')}`);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const login = useLoginStaff();

  const submit = (values: TStaffLogin) => {
    setError(null);
    login.mutate(values, {
      onSuccess: () => void navigate(paths.staff.dashboard(), { replace: true }),
      onError: (err) => setError(staffPortalError(err)),
    });
  };

  return (
    <AuthCard title={t('staffLogin.title')} subtitle={t('staffLogin.subtitle')}>
      <CredentialsForm
        submitting={login.isPending}
        error={error}
        onSubmit={submit}
        onEdit={() => setError(null)}
        submitLabel={t('login.submit')}
      />
    </AuthCard>
  );
}

export default StaffLoginPage;
