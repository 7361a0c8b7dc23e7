import { format, messages } from '@attend/shared';

/**
 * The English catalogue. Quoted strings are the specification's wording (part of the contract);
 * sentences the API also sends come from the shared `messages` catalogue.
 */
export const en = {
  'app.name': 'Attend',
  'app.tagline': 'Events made easy. Attendees made happy.',
  'app.footer': '© {year} {name}. All rights reserved.',
  'app.loading': 'Loading…',

  'nav.login': 'Login',
  'nav.logout': 'Logout',
  'nav.signOutEverywhere': 'Sign out everywhere',
  'nav.signOutEverywhereText':
    'This ends your sign-in on every device and browser, this one included. You will need to sign in again.',
  'nav.signOutEverywhereFailed': 'Could not sign out everywhere. Please try again.',
  'nav.cancel': 'Cancel',
  'nav.home': 'Home',
  'nav.dashboard': 'Dashboard',
  'nav.events': 'Events',
  'nav.checkIn': 'Check-In Station',
  'nav.staffAccess': 'Staff Access',
  'nav.mailbox': 'Mailbox',
  'nav.openMenu': 'Open menu',
  'nav.menu': 'Menu',
  'nav.signedInAs': 'Signed in as {name}',
  'nav.main': 'Main',
  'nav.offline': 'Offline',

  'landing.heroTitle': 'Events made easy. Attendees made happy.',
  'landing.heroText':
    'Attend takes your event from registration to the door: invite participants, confirm attendance, hand out QR badges and check people in within seconds.',
  'landing.getStarted': 'Get Started',
  'landing.getStartedNow': 'Get Started Now',
  'landing.scrollHint': 'Scroll to explore',
  'landing.stepsLabel': 'How it works',
  'landing.step.register': 'Register',
  'landing.step.check': 'Check',
  'landing.step.go': 'Go!',
  'landing.step.registerText': 'Participants sign in with their event code and confirm attendance.',
  'landing.step.checkText': 'Staff scan the QR code at the door and at every session.',
  'landing.step.goText': 'Everyone is in, on time, with attendance on record.',
  'landing.featuresTitle': 'Everything your event needs',
  'landing.feature.create.title': 'Create Events',
  'landing.feature.create.text':
    'Set up events, sessions and sub-sessions in minutes, with capacity limits and a badge designed for your event.',
  'landing.feature.manage.title': 'Manage Attendees',
  'landing.feature.manage.text':
    'Import participants from a spreadsheet, send login details by e-mail and SMS, and follow confirmations live.',
  'landing.feature.checkin.title': 'Streamline Check-ins',
  'landing.feature.checkin.text':
    'Scan QR codes at the door with full mobile support. Offline capability keeps check-in running when the venue network drops, and syncs when it returns.',
  'landing.impactTitle': 'Platform Impact',
  'landing.impact.events': 'Events Created',
  'landing.impact.attendees': 'Attendees Managed',
  'landing.impact.rate': 'Check-in Success Rate',
  'landing.impact.unavailable': 'Live figures are not available right now.',
  'landing.ctaTitle': 'Ready to run your next event?',
  'landing.ctaText': 'Sign in with your event code, or as staff, and get going.',

  'login.title': 'Sign in',
  'login.subtitle': 'Choose how you want to sign in.',
  'login.tab.participant': 'Participant',
  'login.tab.user': 'User',
  'login.participantCode': 'Participant Code',
  'login.participantCodePlaceholder': 'e.g. KGL24A',
  'login.uniqueCode': 'Unique Code',
  'login.uniqueCodePlaceholder': 'Your personal code',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.submit': 'Login',
  'login.switchToUser': 'Staff member? Sign in with username and password',
  'login.switchToParticipant': 'Participant? Sign in with your event and unique codes',
  'login.backHome': 'Back to Home',
  'login.error.bothCodes': messages.bothCodesRequired,
  'login.error.invalidCodes': messages.invalidParticipantCredentials,
  'login.error.notFound': 'Login endpoint not found. Please contact support.',
  'login.error.thrown': 'An error occurred during login. Please try again.',
  'login.error.default': 'Login failed',
  'login.error.staffDefault': 'Login failed. Please try again.',

  'staffLogin.title': 'Staff Portal',
  'staffLogin.subtitle': 'Sign in to manage events, participants and check-ins.',
  'staffLogin.submit': 'Sign In',
  'staffLogin.backHome': 'Back to Home',
  'staffLogin.error.invalid': messages.invalidStaffCredentials,
  'staffLogin.error.network': 'Network error. Please check your internet connection.',
  'staffLogin.error.invalidResponse': 'Invalid response from server.',
  'staffLogin.error.default': 'Failed to login. Please check your credentials.',

  'autoLogin.signingIn': 'Signing you in…',
  'autoLogin.invalidLink': messages.invalidLoginLink,
  'autoLogin.success': 'Successfully logged in!',
  'autoLogin.failed': 'Login failed. Please try again.',

  'notFound.title': 'Page Not Found',
  'notFound.text': 'The page you are looking for does not exist or has been moved.',
  'notFound.goHome': 'Go to Home',
  'error.title': 'Something Went Wrong',
  'error.text': 'An unexpected error occurred. Refresh the page or go back to the home page.',
  'error.refresh': 'Refresh Page',
  'error.goHome': 'Go to Home',

  'staffHome.title': 'Dashboard',
  'staffHome.welcome': 'Welcome, {name}!',
  'staffHome.text': 'Manage your events, participants and check-ins from here.',
  'staffHome.recent': 'Your recent events will appear here.',

  'participantEvent.welcome': 'Welcome, {name}!',
  'participantEvent.eventLabel': 'Your event',
  'participantEvent.confirmed': 'Attendance Confirmed',
  'participantEvent.pending': 'Attendance Pending',
  'participantEvent.notFound': messages.eventNotFound,
  'participantEvent.returnToDashboard': 'Return to Dashboard',

  'notify.close': 'Close',
} as const;

export type TranslationKey = keyof typeof en;

/** A lookup over one catalogue: the string of `key` with `{name}` placeholders filled from `vars`. */
export function translator<K extends string>(catalogue: Readonly<Record<K, string>>) {
  return (key: K, vars?: Record<string, string | number>): string => {
    const template: string = catalogue[key];
    return vars ? format(template, vars) : template;
  };
}

/** Looks up `key` and fills `{name}` placeholders from `vars`. */
export const t = translator<TranslationKey>(en);
