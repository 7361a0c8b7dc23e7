/** Every URL of the web app, built by functions so no route is typed inline twice. */
type Id = number | string;

export const paths = {
  home: () => '/',
  login: (eventCode?: string) =>
    eventCode ? `/login?${new URLSearchParams({ event_code: eventCode })}` : '/login',
  autoLogin: () => '/auto-login',
  error: () => '/error',
  staffLogin: () => '/dashboard/login',
  /** The self check-in kiosk of one event (full screen, outside the staff layout). */
  kiosk: (eventId: Id) => `/kiosk/${eventId}`,
  /** Where a staff invitation leads (the token in the fragment): the person chooses a password. */
  staffInvite: () => '/dashboard/invite',
  /** The organiser's guide: pages the server serves, outside the web app (docs/guide/). */
  guide: () => '/guide/',
  /** A certificate's public page (no sign-in): what its QR code and short URL open. */
  verifyCertificate: (certificateId: string) => `/verify/${encodeURIComponent(certificateId)}`,

  participant: {
    dashboard: () => '/dashboard/participant',
    event: (eventId: Id) => `/event/${eventId}`,
    eventTag: (eventId: Id) => `/event/${eventId}/tag`,
    sessions: () => '/sessions',
    qrCode: () => '/qr-code',
  },

  staff: {
    dashboard: () => '/dashboard',
    events: () => '/dashboard/events',
    event: (eventId: Id) => `/dashboard/events/${eventId}`,
    tagDesign: (eventId: Id) => `/dashboard/events/${eventId}/tag-design`,
    sessions: (eventId: Id) => `/dashboard/events/${eventId}/sessions`,
    session: (eventId: Id, sessionId: Id) => `/dashboard/events/${eventId}/sessions/${sessionId}`,
    participants: (eventId: Id) => `/dashboard/events/${eventId}/participants`,
    participant: (eventId: Id, participantId: Id) =>
      `/dashboard/events/${eventId}/participants/${participantId}`,
    checkIn: (eventId: Id) => `/dashboard/events/${eventId}/check-in`,
    /** The check-in station that starts by choosing the event (dashboard quick action). */
    checkInHome: () => '/dashboard/check-in',
    dsaReport: (eventId: Id) => `/dashboard/events/${eventId}/dsa-report`,
    certificates: (eventId: Id) => `/dashboard/events/${eventId}/certificates`,
    /** Every e-mail and SMS of one event with its delivery status (retry one from here). */
    eventMessages: (eventId: Id) => `/dashboard/events/${eventId}/messages`,
    /** Who did what to the event (the audit log), for admins; `participant` narrows it to one person. */
    activity: (eventId: Id, participantId?: Id) =>
      participantId === undefined
        ? `/dashboard/events/${eventId}/activity`
        : `/dashboard/events/${eventId}/activity?${new URLSearchParams({ participant: String(participantId) })}`,
    /** Choose the event whose participants to manage (dashboard quick action). */
    participantsHome: () => '/dashboard/participants',
    /** The built-in dev mailbox: what participants would have received with no SMTP server. */
    mailbox: () => '/dashboard/mailbox',
    staffAccess: () => '/dashboard/staff',
  },
} as const;

/** Route patterns for the router (the same shapes as the builders above). */
export const routePatterns = {
  participantEvent: '/event/:eventId',
  participantEventTag: '/event/:eventId/tag',
  staffEvent: '/dashboard/events/:eventId',
  staffTagDesign: '/dashboard/events/:eventId/tag-design',
  staffSessions: '/dashboard/events/:eventId/sessions',
  staffSession: '/dashboard/events/:eventId/sessions/:sessionId',
  staffParticipants: '/dashboard/events/:eventId/participants',
  staffParticipant: '/dashboard/events/:eventId/participants/:participantId',
  staffCheckIn: '/dashboard/events/:eventId/check-in',
  staffDsaReport: '/dashboard/events/:eventId/dsa-report',
  staffCertificates: '/dashboard/events/:eventId/certificates',
  verifyCertificate: '/verify/:certificateId',
  staffEventMessages: '/dashboard/events/:eventId/messages',
  staffActivity: '/dashboard/events/:eventId/activity',
  /** Every page of one event (the staff layout shows the event's own navigation on them). */
  staffEventArea: '/dashboard/events/:eventId/*',
  kiosk: '/kiosk/:eventId',
} as const;

function stringValues(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}

/** API endpoints (under /api, trailing slash as the spec writes them). */
export const apiPaths = {
  staffToken: () => '/api/auth/token/',
  participantLogin: () => '/api/auth/login/',
  oneClickLogin: () => '/api/auth/one-click-login/',
  refresh: () => '/api/auth/token/refresh/',
  logout: () => '/api/auth/logout/',
  revokeOwnSessions: () => '/api/auth/revoke-sessions/',
  me: () => '/api/accounts/me/',
  myLanguage: () => '/api/accounts/me/language/',
  publicStats: () => '/api/public/stats/',
  events: (query?: Record<string, string | number>) =>
    query ? `/api/events/?${new URLSearchParams(stringValues(query))}` : '/api/events/',
  event: (eventId: Id) => `/api/events/${eventId}/`,
  eventLogo: (eventId: Id) => `/api/events/${eventId}/logo/`,
  eventImage: (eventId: Id) => `/api/events/${eventId}/image/`,
  // Certificates of attendance (issue 33)
  certificates: (eventId: Id) => `/api/events/${eventId}/certificates/`,
  certificateEligibility: (eventId: Id) => `/api/events/${eventId}/certificates/eligibility/`,
  certificatesIssue: (eventId: Id) => `/api/events/${eventId}/certificates/issue/`,
  certificateManual: (eventId: Id) => `/api/events/${eventId}/certificates/manual/`,
  certificateWithdraw: (eventId: Id, certificateId: string) =>
    `/api/events/${eventId}/certificates/${encodeURIComponent(certificateId)}/withdraw/`,
  certificatesSend: (eventId: Id) => `/api/events/${eventId}/certificates/send/`,
  certificatesPdf: (eventId: Id) => `/api/events/${eventId}/certificates.pdf`,
  certificateSignature: (eventId: Id) => `/api/events/${eventId}/certificate-signature/`,
  myCertificate: () => '/api/participants/me/certificate/',
  myCertificatePdf: () => '/api/participants/me/certificate.pdf',
  verifyCertificate: (certificateId: string) => `/api/verify/${encodeURIComponent(certificateId)}/`,
  badgesPdf: (eventId: Id, query: Record<string, string | number>) =>
    `/api/events/${eventId}/badges.pdf?${new URLSearchParams(stringValues(query)).toString()}`,
  eventSessions: (eventId: Id, query?: { parent_session?: Id }) =>
    query?.parent_session !== undefined
      ? `/api/events/${eventId}/sessions/?${new URLSearchParams({ parent_session: String(query.parent_session) })}`
      : `/api/events/${eventId}/sessions/`,
  eventSession: (eventId: Id, sessionId: Id) => `/api/events/${eventId}/sessions/${sessionId}/`,
  createSubSessions: (sessionId: Id) => `/api/sessions/global/${sessionId}/create_sub_sessions/`,
  exportSessionParticipants: (sessionId: Id) => `/api/sessions/global/${sessionId}/export_participants/`,
  sessionParticipants: (sessionId: Id) => `/api/sessions/${sessionId}/participants/`,
  sessionRegistration: (sessionId: Id, participantId: Id) =>
    `/api/sessions/${sessionId}/register/${participantId}/`,
  sessionWaitlistEntry: (sessionId: Id, participantId: Id) =>
    `/api/sessions/${sessionId}/waitlist/${participantId}/`,
  staffSessionWaitlist: (eventId: Id, sessionId: Id) =>
    `/api/events/${eventId}/sessions/${sessionId}/waitlist/`,
  staffSessionWaitlistEntry: (eventId: Id, sessionId: Id, participantId: Id) =>
    `/api/events/${eventId}/sessions/${sessionId}/waitlist/${participantId}/`,
  staffSessionWaitlistPromote: (eventId: Id, sessionId: Id, participantId: Id) =>
    `/api/events/${eventId}/sessions/${sessionId}/waitlist/${participantId}/promote/`,
  // Calendars (issue 32): the participant's own sessions, their subscription URL, the programme.
  myCalendarIcs: () => '/api/participants/me/calendar.ics',
  myCalendarSubscription: () => '/api/participants/me/calendar/',
  programmeCalendarIcs: (eventId: Id) => `/api/events/${eventId}/sessions/calendar.ics`,

  // Participants and attendance (document 2 §7 Participants; document 1 §7 Attendance and QR)
  participants: (eventId: Id) => `/api/events/${eventId}/participants/`,
  participant: (eventId: Id, participantId: Id) => `/api/events/${eventId}/participants/${participantId}/`,
  participantRevokeSessions: (eventId: Id, participantId: Id) =>
    `/api/events/${eventId}/participants/${participantId}/revoke-sessions/`,
  participantResetCode: (eventId: Id, participantId: Id) =>
    `/api/events/${eventId}/participants/${participantId}/reset-code/`,
  participantLoginLink: (eventId: Id, participantId: Id) =>
    `/api/events/${eventId}/participants/${participantId}/login-link/`,
  participantStats: (eventId: Id) => `/api/events/${eventId}/participants/stats/`,
  participantIds: (eventId: Id) => `/api/events/${eventId}/participants/ids/`,
  participantsBulkUpload: (eventId: Id) => `/api/events/${eventId}/participants/bulk_upload/`,
  participantsBulkUploadPreview: (eventId: Id) => `/api/events/${eventId}/participants/bulk_upload/preview/`,
  participantsUploadTemplate: (eventId: Id) => `/api/events/${eventId}/participants/bulk_upload/template/`,
  participantsExport: (eventId: Id) => `/api/events/${eventId}/participants/export/`,
  bulkConfirmAttendance: (eventId: Id) => `/api/events/${eventId}/participants/bulk_confirm_attendance/`,
  confirmParticipantAttendance: (eventId: Id, participantId: Id) =>
    `/api/events/${eventId}/participants/${participantId}/confirm_attendance/`,
  undoConfirmation: (eventId: Id, participantId: Id) =>
    `/api/events/${eventId}/participants/${participantId}/undo_confirmation/`,
  participantHistory: (eventId: Id, participantId: Id) =>
    `/api/events/${eventId}/participants/${participantId}/history/`,
  eventActivity: (eventId: Id, query: Record<string, string | number>) =>
    `/api/events/${eventId}/activity/?${new URLSearchParams(stringValues(query))}`,
  eventActivityExport: (eventId: Id, query: Record<string, string | number>) =>
    `/api/events/${eventId}/activity/export/?${new URLSearchParams(stringValues(query))}`,
  simpleConfirm: () => '/api/simple-confirm/',
  confirmAttendanceDirect: () => '/api/participants/confirm-attendance-direct/',
  myQrCode: () => '/api/participants/me/qr-code/',
  myDsaProgress: (day: string) => `/api/participants/me/dsa/?${new URLSearchParams({ day })}`,

  // Check-in (document 2 §7 Attendance and check-in)
  checkInEvents: () => '/api/check-in/events/',
  checkIn: (eventId: Id) => `/api/events/${eventId}/check-in/`,
  checkInRecord: (eventId: Id, checkInId: Id) => `/api/events/${eventId}/check-ins/${checkInId}/`,
  attendance: (eventId: Id, sessionId: Id | null, query?: Record<string, string | number>) =>
    `/api/events/${eventId}/${sessionId === null ? '' : `sessions/${sessionId}/`}attendance/${
      query ? `?${new URLSearchParams(stringValues(query))}` : ''
    }`,
  eventCheckInStats: (eventId: Id, sessionId: Id | null = null) =>
    `/api/events/${eventId}/check-ins/stats/${sessionId === null ? '' : `?session=${sessionId}`}`,
  checkInOverview: () => '/api/check-ins/stats/',
  checkInLive: (eventId: Id) => `/api/events/${eventId}/check-ins/live/`,
  offlinePack: (eventId: Id, since?: string) =>
    `/api/events/${eventId}/check-in/offline-pack/${since ? `?${new URLSearchParams({ since })}` : ''}`,
  syncCheckIns: (eventId: Id) => `/api/events/${eventId}/check-ins/sync/`,
  walkIn: (eventId: Id) => `/api/events/${eventId}/check-in/walk-in/`,
  /** One participant's badge, one page the badge's size (printed at the check-in station). */
  participantBadge: (eventId: Id, participantId: Id) =>
    `/api/events/${eventId}/participants/${participantId}/badge.pdf`,
  dsaReport: (eventId: Id, day: string) =>
    `/api/events/${eventId}/attendance/dsa-report/?${new URLSearchParams({ day })}`,
  dsaReportExport: (eventId: Id, day: string) =>
    `/api/events/${eventId}/attendance/dsa-report/export/?${new URLSearchParams({ day })}`,
  staffAccounts: () => '/api/accounts/staff/',

  // Notifications (document 2 §7 Participants, Failed e-mails) and the dashboard
  sendNotifications: (eventId: Id) => `/api/events/${eventId}/participants/send_notifications/`,
  smsPreview: (eventId: Id) => `/api/events/${eventId}/participants/sms_preview/`,
  failedEmailStats: () => '/api/accounts/admin/failed-emails/stats/',
  retryFailedEmails: () => '/api/accounts/admin/failed-emails/retry/',
  forceRetryFailedEmails: () => '/api/accounts/admin/failed-emails/force-retry/',
  eventMessages: (eventId: Id, query: Record<string, string | number>) =>
    `/api/events/${eventId}/messages/?${new URLSearchParams(stringValues(query))}`,
  retryMessage: (eventId: Id, messageId: Id) => `/api/events/${eventId}/messages/${messageId}/retry/`,
  mailbox: (query: Record<string, string | number>) =>
    `/api/mailbox/?${new URLSearchParams(stringValues(query))}`,
  dashboardActivity: () => '/api/dashboard/activity/',
  staffAccount: (staffId: Id) => `/api/accounts/staff/${staffId}/`,
  staffAccountCredentials: (staffId: Id) => `/api/accounts/staff/${staffId}/credentials/`,
  staffAccountActive: (staffId: Id, active: boolean) =>
    `/api/accounts/staff/${staffId}/${active ? 'enable' : 'disable'}/`,
  inviteCheck: () => '/api/auth/invite/check/',
  inviteAccept: () => '/api/auth/invite/accept/',
} as const;
