import { Suspense, useEffect, useRef } from 'react';
import { Box, Button, Text, type MantineSize } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppFooter } from '../../components/app-footer';
import { PageLoader } from '../../components/page-loader';
import type { useLogout } from '../../features/auth/api/logout';
import { t } from '../../lib/i18n';
import classes from './layouts.module.css';

type Logout = ReturnType<typeof useLogout>;

/** The CSS variable the toasts' top offset reads (app/styles.css, .attend-toasts). */
const HEADER_HEIGHT_VAR = '--attend-header-height';

/**
 * Keeps the toasts (top right, as the spec places them) just below this sticky header, so that they
 * never sit over the language selector, the user name or Logout. Returns the header's ref.
 */
export function useToastsBelowHeader<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty(HEADER_HEIGHT_VAR, `${header.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(header);
    return () => {
      observer?.disconnect();
      root.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, []);
  return ref;
}

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

/** The signed-in user's name and the Logout button of the page header. */
export function HeaderUser({ name, logout }: { name: string; logout: Logout }) {
  return (
    <>
      <Text fw={600} className={classes.userName} data-testid="current-user">
        {name}
      </Text>
      <LogoutButton logout={logout} />
    </>
  );
}

/**
 * Everything under the header: the page (a skeleton while its code downloads), then the footer.
 * `width` is the header's container size: every page container takes it (layouts.module.css).
 */
export function LayoutBody({ width }: { width: MantineSize }) {
  return (
    <>
      <Box
        component="main"
        className={classes.main}
        style={{ '--page-width': `var(--container-size-${width})` }}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <AppFooter />
    </>
  );
}
