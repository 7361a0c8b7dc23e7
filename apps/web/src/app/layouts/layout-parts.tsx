import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, Text, type MantineSize } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppFooter } from '../../components/app-footer';
import { PageLoader } from '../../components/page-loader';
import { afterFirstScreen } from '../../lib/after-first-screen';
import classes from './layouts.module.css';
import { LogoutButton, type Logout } from './logout-button';
import type { PhoneMenuDrawerProps } from './phone-menu-drawer';

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
    // Written only when it changes: a property of the root element restyles the whole page, and a
    // read of the height right after a write makes the browser do that at once, in the middle of the
    // page's first drawing (tens of milliseconds on a slow phone).
    const measure = () => {
      const height = `${header.offsetHeight}px`;
      if (root.getPropertyValue(HEADER_HEIGHT_VAR) !== height) root.setProperty(HEADER_HEIGHT_VAR, height);
    };
    // The observer's first report comes once the page is laid out, where the height costs nothing.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer) observer.observe(header);
    else measure();
    return () => {
      observer?.disconnect();
      root.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, []);
  return ref;
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

/** The phone menu's code (phone-menu-drawer.tsx), asked for once. */
const loadPhoneMenuDrawer = () => import('./phone-menu-drawer');
const PhoneMenuDrawer = lazy(loadPhoneMenuDrawer);

/**
 * The phone's menu, a drawer from the right: `top` (the person), the navigation `links`, the language
 * and Logout. It is drawn from its first opening on, not with the page (a slow phone's first drawing
 * of a page has only the menu button). Its code is not in the page's first download either: it is
 * fetched once the page has loaded and is idle (and at the first opening, if that comes first;
 * the service worker keeps it for offline use like every file of the app).
 */
export function PhoneMenu(props: PhoneMenuDrawerProps) {
  const [drawn, setDrawn] = useState(false);
  if (props.opened && !drawn) setDrawn(true);
  useEffect(() => afterFirstScreen(() => void loadPhoneMenuDrawer().catch(() => undefined)), []);
  if (!drawn) return null;
  return (
    <Suspense fallback={null}>
      <PhoneMenuDrawer {...props} />
    </Suspense>
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
