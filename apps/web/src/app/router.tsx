import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Outlet,
  ScrollRestoration,
  type DataRouter,
  type RouteObject,
} from 'react-router';
import { NavigationProgress } from '../components/navigation-progress';
import { AppFrameLoader } from '../components/page-loader';
import { paths, routePatterns } from '../config/paths';
import { LandingPage } from '../features/landing/routes/landing';
import { warmUpDateFormats } from '../lib/locale';
import { fetchAheadFor } from './fetch-ahead';
import { KioskLockGuard, RequireAdmin, RequireAuth, RequireStaff } from './guards';
import { ErrorPage } from './routes/error-page';
import { NotFoundPage } from './routes/not-found';
import type { Sheet } from './route-modules';
import { RouteError } from './routes/route-error';

/**
 * Mantine's rules for the components the lazy pages use beyond the first screen's
 * (scripts/mantine-css.mjs): the sign-in, public and participant pages need a small part of them;
 * the staff's pages use the participant pages' components too, and theirs come after them.
 */
const sheetLoaders: Record<Sheet, () => Promise<unknown>> = {
  participant: () => import('./mantine-participant.css'),
  staff: () => Promise.all([import('./mantine-participant.css'), import('./mantine-staff.css')]),
};

/** A route's `lazy`, marked with the sheet it loads (read by test/route-modules.test.ts). */
export type LazyPage = (() => Promise<{ Component: ComponentType }>) & { sheet: Sheet };

/**
 * Code-split routes: the participant's first screens never download the staff pages. The page's
 * Mantine rules are asked for first, so that the page's own style sheets come after them. Every
 * page is listed in route-modules.ts, which the server reads to name its files in the page's HTML.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>, sheet: Sheet = 'participant'): LazyPage {
  const lazy = async () => {
    const styles = sheetLoaders[sheet]();
    const [page] = await Promise.all([load(), styles]);
    return { Component: page.default };
  };
  return Object.assign(lazy, { sheet });
}

/**
 * The layout of the signed-in pages, which all show dates: the locale's date data is read while
 * their code downloads (lib/locale.ts, warmUpDateFormats), not in the middle of the first drawing.
 */
function signedInLayout(load: () => Promise<{ default: ComponentType }>, sheet: Sheet): LazyPage {
  const lazy = lazyPage(load, sheet);
  return Object.assign(
    () => {
      warmUpDateFormats();
      return lazy();
    },
    { sheet },
  );
}

/** A page of the staff (staff layout, kiosk): the rules of every component the app uses. */
function staffPage(load: () => Promise<{ default: ComponentType }>) {
  return lazyPage(load, 'staff');
}

function Root() {
  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <KioskLockGuard>
        <Outlet />
      </KioskLockGuard>
    </>
  );
}

/**
 * Staff pages listed by the spec, admins only (a scanner is sent to the check-in station); the ones
 * not built yet show 'Page Not Found' inside the layout.
 */
const adminPages: RouteObject[] = [
  {
    path: paths.staff.dashboard(),
    lazy: staffPage(() => import('../features/dashboard/routes/dashboard-home')),
  },
  { path: paths.staff.events(), lazy: staffPage(() => import('../features/events/routes/events-list')) },
  { path: routePatterns.staffEvent, lazy: staffPage(() => import('../features/events/routes/event-detail')) },
  {
    path: routePatterns.staffTagDesign,
    lazy: staffPage(() => import('../features/tags/routes/tag-design-page')),
  },
  {
    path: routePatterns.staffSessions,
    lazy: staffPage(() => import('../features/sessions/routes/sessions-list')),
  },
  {
    path: routePatterns.staffSession,
    lazy: staffPage(() => import('../features/sessions/routes/session-detail')),
  },
  {
    path: routePatterns.staffParticipants,
    lazy: staffPage(() => import('../features/participants/routes/participants-page')),
  },
  {
    path: routePatterns.staffParticipant,
    lazy: staffPage(() => import('../features/participants/routes/participant-detail-page')),
  },
  {
    path: routePatterns.staffDsaReport,
    lazy: staffPage(() => import('../features/check-in/routes/dsa-report-page')),
  },
  {
    path: routePatterns.staffCertificates,
    lazy: staffPage(() => import('../features/certificates/routes/certificates-page')),
  },
  {
    path: routePatterns.staffEventMessages,
    lazy: staffPage(() => import('../features/notifications/routes/event-messages-page')),
  },
  {
    path: routePatterns.staffActivity,
    lazy: staffPage(() => import('../features/activity/routes/activity-page')),
  },
  {
    path: paths.staff.participantsHome(),
    lazy: staffPage(() => import('../features/participants/routes/participants-home')),
  },
  {
    path: paths.staff.mailbox(),
    lazy: staffPage(() => import('../features/notifications/routes/mailbox-page')),
  },
  {
    path: paths.staff.staffAccess(),
    lazy: staffPage(() => import('../features/staff-access/routes/staff-access-page')),
  },
];

/** Check-in stations: admins and scanners (the API limits a scanner to its own events). */
const checkInPages: RouteObject[] = [
  {
    path: paths.staff.checkInHome(),
    lazy: staffPage(() => import('../features/check-in/routes/check-in-home')),
  },
  {
    path: routePatterns.staffCheckIn,
    lazy: staffPage(() => import('../features/check-in/routes/check-in-page')),
  },
];

const staffPages: RouteObject[] = [{ Component: RequireAdmin, children: adminPages }, ...checkInPages];

const participantPages: RouteObject[] = [
  {
    path: paths.participant.dashboard(),
    lazy: lazyPage(() => import('../features/participant-dashboard/routes/participant-dashboard')),
  },
  {
    path: routePatterns.participantEvent,
    loader: fetchAheadFor('event'),
    lazy: lazyPage(() => import('../features/events/routes/participant-event')),
  },
  {
    path: routePatterns.participantEventTag,
    loader: fetchAheadFor('tag'),
    lazy: lazyPage(() => import('../features/tags/routes/participant-tag-page')),
  },
  {
    path: paths.participant.sessions(),
    loader: fetchAheadFor('sessions'),
    lazy: lazyPage(() => import('../features/sessions/routes/participant-sessions')),
  },
  {
    path: paths.participant.qrCode(),
    loader: fetchAheadFor('qr-code'),
    lazy: lazyPage(() => import('../features/attendance/routes/qr-code-page')),
  },
];

export const routes: RouteObject[] = [
  {
    Component: Root,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppFrameLoader />,
    children: [
      // In the first download: logout ends here, and must arrive before the session turns anonymous.
      { path: paths.home(), Component: LandingPage },
      { path: paths.login(), lazy: lazyPage(() => import('../features/auth/routes/login')) },
      { path: paths.autoLogin(), lazy: lazyPage(() => import('../features/auth/routes/auto-login')) },
      { path: paths.error(), Component: ErrorPage },
      // Public, no sign-in: a certificate's QR code opens it (its own small chunk).
      {
        path: routePatterns.verifyCertificate,
        lazy: lazyPage(() => import('../features/certificates/routes/verify-page')),
      },
      { path: paths.staffLogin(), lazy: lazyPage(() => import('../features/auth/routes/staff-login')) },
      {
        path: paths.staffInvite(),
        lazy: lazyPage(() => import('../features/staff-access/routes/accept-invite-page')),
      },
      {
        Component: RequireStaff,
        children: [
          {
            path: routePatterns.kiosk,
            lazy: staffPage(() => import('../features/check-in/routes/kiosk-page')),
          },
          {
            lazy: signedInLayout(() => import('./layouts/staff-layout'), 'staff'),
            errorElement: <RouteError />,
            children: staffPages,
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: signedInLayout(() => import('./layouts/participant-layout'), 'participant'),
            errorElement: <RouteError />,
            children: participantPages,
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter(): DataRouter {
  return createBrowserRouter(routes);
}

/**
 * Settles once the router has the first page's code (its lazy routes and loaders): drawn before,
 * the app would draw the loading frame, then draw everything again a moment later, on a phone a
 * few hundred milliseconds of blocked thread for a frame index.html already shows.
 */
export function whenRouterReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
