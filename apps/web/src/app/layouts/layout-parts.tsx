import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Drawer, Stack, Text, type MantineBreakpoint, type MantineSize } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppFooter } from '../../components/app-footer';
import { LanguageSwitcher } from '../../components/language-switcher';
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
 * The phone's menu, a drawer from the right: `top` (the person), the navigation `links`, the language
 * and Logout. It is drawn from its first opening on, not with the page (a slow phone's first drawing
 * of a page has only the menu button), and first drawn closed, so that it slides in as it opens.
 */
export function PhoneMenu({
  opened,
  onClose,
  top,
  links,
  logout,
  hiddenFrom,
}: {
  opened: boolean;
  onClose: () => void;
  top: ReactNode;
  links: ReactNode;
  logout: Logout;
  hiddenFrom?: MantineBreakpoint;
}) {
  const [drawn, setDrawn] = useState(false);
  const [ready, setReady] = useState(false);
  if (opened && !drawn) setDrawn(true);
  useEffect(() => {
    if (!drawn) return;
    // Opened in the next frame: the drawer's first frame is a closed one to slide from.
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, [drawn]);
  if (!drawn) return null;
  return (
    <Drawer
      opened={opened && ready}
      onClose={onClose}
      position="right"
      size="xs"
      title={t('nav.menu')}
      hiddenFrom={hiddenFrom}
      closeButtonProps={{ 'aria-label': t('notify.close') }}
    >
      <Stack gap="md">
        {top}
        <Box component="nav" aria-label={t('nav.main')}>
          <Stack gap={2}>{links}</Stack>
        </Box>
        <LanguageSwitcher />
        <LogoutButton logout={logout} before={onClose} />
      </Stack>
    </Drawer>
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
