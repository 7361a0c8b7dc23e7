import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AppFrameLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { isStaff, useSession } from '../lib/auth-session';
import { readKioskLock } from '../lib/kiosk-lock';

/** Staff-only routes: anyone else goes to the Staff Portal sign-in. */
export function RequireStaff() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'restoring' || session.signingOut) return <AppFrameLoader />;
  if (!isStaff(session.user)) return <Navigate to={paths.staffLogin()} replace state={{ from: location }} />;
  return <Outlet />;
}

/** Admin-only staff pages: a scanner (check-in only) is sent to the check-in station instead. */
export function RequireAdmin() {
  const { user } = useSession();
  if (isStaff(user) && user.role !== 'admin') return <Navigate to={paths.staff.checkInHome()} replace />;
  return <Outlet />;
}

/** Participant-side routes need any signed-in user; visitors go to /login. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'restoring' || session.signingOut) return <AppFrameLoader />;
  if (session.status !== 'authenticated')
    return <Navigate to={paths.login()} replace state={{ from: location }} />;
  return <Outlet />;
}

/**
 * Kiosk mode: while this browser is locked on an event's kiosk, every other page leads back to it.
 * Only the staff sign-in stays open, for when the kiosk's sign-in has ended.
 */
export function KioskLockGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const lock = readKioskLock();
  const kiosk = lock ? paths.kiosk(lock.eventId) : null;
  if (kiosk && pathname !== kiosk && pathname !== paths.staffLogin()) return <Navigate to={kiosk} replace />;
  return children;
}
