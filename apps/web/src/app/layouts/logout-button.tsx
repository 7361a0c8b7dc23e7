import { Button } from '@mantine/core';
import type { useLogout } from '../../features/auth/api/logout';
import { t } from '../../lib/i18n';

export type Logout = ReturnType<typeof useLogout>;

/** Logout; `before` runs first (closing the mobile menu). */
export function LogoutButton({ logout, before }: { logout: Logout; before?: () => void }) {
  return (
    <Button
      variant="default"
      onClick={() => {
        before?.();
        logout.mutate();
      }}
      loading={logout.isPending}
    >
      {t('nav.logout')}
    </Button>
  );
}
