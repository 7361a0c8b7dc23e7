import { messages } from '@attend/shared';
import { translator } from '../../lib/i18n';

/**
 * Strings of the participant's attendance screens (document 1 §2, §5, §8). Quoted ones are the
 * specification's wording; sentences the API also sends come from the shared `messages` catalogue.
 */
export const en = {
  'status.confirmed': 'Attendance Confirmed',
  'status.pending': 'Attendance Pending',

  'action.title': 'Action Required',
  'action.text':
    'Confirm your attendance to unlock session registration, QR code generation, event entry and DSA payment eligibility.',
  'action.confirmNow': 'Confirm Your Attendance Now',
  'action.tryAgain': 'Try Again',
  'action.success': 'Attendance confirmed successfully!',

  'confirm.noUser': 'User data not found. Please log in again.',
  'confirm.invalidUser': 'Invalid user data. Please log in again.',
  'confirm.noId': messages.userInfoMissing,
  'confirm.missingCredentials': messages.missingCredentials,
  'confirm.failed': 'Failed to confirm attendance',
  'confirm.readySuccess': messages.selfAttendanceConfirmed,

  'qr.title': 'Your QR Code',
  'qr.alt': 'QR code of {name}',
  'qr.hint': 'Show this code at the entrance and at each session to check in.',
  'qr.loading': 'Loading your QR code…',
  'qr.retry': 'Retry',
  'qr.sessionExpired': 'Your session has expired, please log in again',
  'qr.notFound': messages.qrNotFound,
  'qr.noResponse': 'Server did not respond. Please check your internet connection.',
  'qr.default': 'Failed to get QR code',
  'qr.urlMissing': 'Invalid QR code data: URL is missing',
  'qr.empty': 'Empty response received from server',
  'qr.couldNotLoad': 'Could not load QR code',
  'qr.couldNotLoadNotify': 'Could not load QR code: {error}',
  'qr.failedToLoad': 'Failed to load QR code',
  'qr.failedToLoadNotify': 'Failed to load QR code. Please try again later.',
  'qr.pendingHint': 'Your QR code will appear here once you confirm your attendance.',

  'event.welcome': 'Welcome, {name}!',
  'event.notFound': messages.eventNotFound,
  'event.returnToDashboard': 'Return to Dashboard',
  'event.loadFailed': 'Failed to load event details',
  'event.invalid': 'Invalid event data received',
  'event.tryAgain': 'Try Again',
  'event.dates': 'Dates',
  'event.times': 'Times',
  'event.location': 'Location',
  'event.about': 'About the Event',
  'event.noDescription': 'No description provided.',
  'event.notes': 'Event Notes',
  'event.groupChat': 'Join the event group chat for updates',
  'event.supportDefault': 'For help, contact the event management team at the registration desk.',
  'event.viewTag': 'View Event Tag',
  'event.viewSessions': 'View Sessions',
  'event.nextSteps': 'Your event pass',

  'dsa.progress': 'Sessions attended today: {n} of {required} toward the DSA',
  'dsa.eligible': 'You have attended enough sessions today for the DSA.',

  'qrPage.documentTitle': 'QR Code',
  'qrPage.title': 'Your QR Code',
  'qrPage.startDate': 'Start date',
  'qrPage.location': 'Location',
  'qrPage.confirm': 'Confirm Attendance',
  'qrPage.eventFailed': 'Could not load event details',
  'qrPage.notParticipant': 'User data not found. Please log in again.',

  'offline.kept': 'You are offline. This is the copy kept on this device from {time}.',
  'offline.nothingKept': 'You are offline. Open this page once while online to keep a copy on this device.',
} as const;

export type AttendanceKey = keyof typeof en;

export const ta = translator<AttendanceKey>('attendance', en);
