import { paths, routePatterns } from '../config/paths';

/**
 * The lazy modules each page of the router (router.tsx) needs before it can draw, as paths from the
 * web app's folder, in the order the router asks for them (layout first), and who the page is for.
 *
 * The build turns this into the files each address needs (vite.config.ts, routePreloads), and the
 * server names them in the page's HTML (`<link rel="modulepreload">`): the page's own code downloads
 * beside the first screen's, not after it has run. test/route-modules.test.ts fails while an entry
 * differs from what the router loads, or a lazy page is missing.
 *
 * Imported by vite.config.ts: nothing here may import a component.
 */
export type Sheet = 'participant' | 'staff';
/**
 * Who the page is for: the participant's sign-in pages, the other public pages, the signed-in
 * participant's pages, the staff's. The build puts the modules each kind shares in chunks of their
 * own (vite.config.ts, chunkGroups).
 */
export type PageKind = 'sign-in' | 'public' | 'participant' | 'staff';
export type RouteModules = { pattern: string; kind: PageKind; modules: readonly string[] };

/** The Mantine sheet a page of this kind loads. */
export const sheetOf = (kind: PageKind): Sheet => (kind === 'staff' ? 'staff' : 'participant');

/** Mantine's rules beyond the first screen's (scripts/mantine-css.mjs); staff pages need both. */
export const sheetModules: Record<Sheet, readonly string[]> = {
  participant: ['src/app/mantine-participant.css'],
  staff: ['src/app/mantine-participant.css', 'src/app/mantine-staff.css'],
};

/**
 * What a signed-in page needs beyond its own modules: its visitor is almost always signed in, and
 * restoring the session checks the refresh's answer with these schemas (lib/schemas.ts), which the
 * first screen loads only then. Named in the page's HTML, they come with its code instead of a round
 * trip after it has run. The sign-in and public pages leave them out: their visitors mostly are not.
 */
export const signedInModules: Partial<Record<PageKind, readonly string[]>> = {
  participant: ['src/lib/first-screen-schemas.ts'],
  staff: ['src/lib/first-screen-schemas.ts'],
};

const participantLayout = 'src/app/layouts/participant-layout.tsx';
const staffLayout = 'src/app/layouts/staff-layout.tsx';

/** A page outside the layouts. */
const single = (pattern: string, kind: PageKind, module: string): RouteModules => ({
  pattern,
  kind,
  modules: [module],
});

const participantPage = (pattern: string, module: string): RouteModules => ({
  pattern,
  kind: 'participant',
  modules: [participantLayout, module],
});

const staffPage = (pattern: string, module: string): RouteModules => ({
  pattern,
  kind: 'staff',
  modules: [staffLayout, module],
});

export const routeModules: readonly RouteModules[] = [
  single(paths.login(), 'sign-in', 'src/features/auth/routes/login.tsx'),
  single(paths.autoLogin(), 'sign-in', 'src/features/auth/routes/auto-login.tsx'),
  single(routePatterns.verifyCertificate, 'public', 'src/features/certificates/routes/verify-page.tsx'),
  single(paths.staffLogin(), 'public', 'src/features/auth/routes/staff-login.tsx'),
  single(paths.staffInvite(), 'public', 'src/features/staff-access/routes/accept-invite-page.tsx'),
  single(routePatterns.kiosk, 'staff', 'src/features/check-in/routes/kiosk-page.tsx'),

  participantPage(
    paths.participant.dashboard(),
    'src/features/participant-dashboard/routes/participant-dashboard.tsx',
  ),
  participantPage(routePatterns.participantEvent, 'src/features/events/routes/participant-event.tsx'),
  participantPage(routePatterns.participantEventTag, 'src/features/tags/routes/participant-tag-page.tsx'),
  participantPage(paths.participant.sessions(), 'src/features/sessions/routes/participant-sessions.tsx'),
  participantPage(paths.participant.qrCode(), 'src/features/attendance/routes/qr-code-page.tsx'),

  staffPage(paths.staff.dashboard(), 'src/features/dashboard/routes/dashboard-home.tsx'),
  staffPage(paths.staff.events(), 'src/features/events/routes/events-list.tsx'),
  staffPage(routePatterns.staffEvent, 'src/features/events/routes/event-detail.tsx'),
  staffPage(routePatterns.staffTagDesign, 'src/features/tags/routes/tag-design-page.tsx'),
  staffPage(routePatterns.staffSessions, 'src/features/sessions/routes/sessions-list.tsx'),
  staffPage(routePatterns.staffSession, 'src/features/sessions/routes/session-detail.tsx'),
  staffPage(routePatterns.staffParticipants, 'src/features/participants/routes/participants-page.tsx'),
  staffPage(routePatterns.staffParticipant, 'src/features/participants/routes/participant-detail-page.tsx'),
  staffPage(routePatterns.staffDsaReport, 'src/features/check-in/routes/dsa-report-page.tsx'),
  staffPage(routePatterns.staffCertificates, 'src/features/certificates/routes/certificates-page.tsx'),
  staffPage(routePatterns.staffEventMessages, 'src/features/notifications/routes/event-messages-page.tsx'),
  staffPage(routePatterns.staffActivity, 'src/features/activity/routes/activity-page.tsx'),
  staffPage(paths.staff.participantsHome(), 'src/features/participants/routes/participants-home.tsx'),
  staffPage(paths.staff.mailbox(), 'src/features/notifications/routes/mailbox-page.tsx'),
  staffPage(paths.staff.staffAccess(), 'src/features/staff-access/routes/staff-access-page.tsx'),
  staffPage(paths.staff.checkInHome(), 'src/features/check-in/routes/check-in-home.tsx'),
  staffPage(routePatterns.staffCheckIn, 'src/features/check-in/routes/check-in-page.tsx'),
];
