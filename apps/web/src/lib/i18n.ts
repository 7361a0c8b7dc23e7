import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_LOCALES, messages, type TLanguage } from '@attend/shared';

export { isLanguage, type TLanguage } from '@attend/shared';

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
  'nav.help': 'Help',
  'nav.openMenu': 'Open menu',
  'nav.menu': 'Menu',
  'nav.signedInAs': 'Signed in as {name}',
  'nav.main': 'Main',
  'nav.offline': 'Offline',
  'nav.sessions': 'Sessions',
  'nav.myQrCode': 'My QR code',
  'nav.myTag': 'My tag',
  'eventNav.label': 'Event',
  'eventNav.overview': 'Overview',
  'eventNav.participants': 'Participants',
  'eventNav.sessions': 'Sessions',
  'eventNav.checkIn': 'Check-in',
  'eventNav.tagDesign': 'Tag design',
  'eventNav.messages': 'Messages',
  'eventNav.activity': 'Activity',
  'language.label': 'Language',

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
  'login.participantCodePlaceholder': 'e.g. KGM24A',
  'login.participantCodeHint': 'The “Event code” in your login e-mail or SMS (6 characters), e.g. KGM24A',
  'login.uniqueCode': 'Unique Code',
  'login.uniqueCodePlaceholder': 'Your personal code',
  'login.uniqueCodeHint': 'The “Unique code” in the same e-mail or SMS (8 characters), e.g. ABCD2345',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.submit': 'Login',
  'login.switchToUser': 'Staff member? Sign in with username and password',
  'login.switchToParticipant': 'Participant? Sign in with your event and unique codes',
  'login.backHome': 'Back to Home',
  'login.checkingBrowser': messages.challengeRequired,
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

  // Issue 28: the DSA report in the event's navigation
  'eventNav.dsaReport': 'DSA report',
  'eventNav.certificates': 'Certificates',

  // The standard notes (STANDARD_EVENT_NOTES), shown in the reader's language.
  'event.standardNotes_one':
    'Daily subsistence allowance (DSA) is paid only if you register for and attend {count} session per day. You must confirm your attendance, or you will not be allowed in. Arriving late may cost you your space.',
  'event.standardNotes_other':
    'Daily subsistence allowance (DSA) is paid only if you register for and attend {count} sessions per day. You must confirm your attendance, or you will not be allowed in. Arriving late may cost you your space.',
} as const;

export type TranslationKey = keyof typeof en;

/** The catalogues: this one (`app`) and one per feature, each an i18next namespace. */
export type Namespace =
  | 'app'
  | 'activity'
  | 'attendance'
  | 'certificates'
  | 'checkIn'
  | 'dashboard'
  | 'events'
  | 'kiosk'
  | 'notifications'
  | 'participantDashboard'
  | 'participants'
  | 'sessions'
  | 'staffAccess'
  | 'tags';

/** Every namespace's strings in one language: what `locales/fr.ts` and `locales/sw.ts` export. */
export type LanguageBundle = Readonly<Record<Namespace, Readonly<Record<string, string>>>>;

/** Each language named in itself, as the switcher lists them. */
export const LANGUAGE_NAMES: Readonly<Record<TLanguage, string>> = {
  en: 'English',
  fr: 'Français',
  sw: 'Kiswahili',
};

/** Where the visitor's choice is remembered on this device. */
export const LANGUAGE_STORAGE_KEY = 'attend.language';

/**
 * The app's i18next instance. English is registered by the catalogues themselves as their modules
 * load (it is in the main bundle); French and Swahili arrive as one lazily loaded chunk each.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'fr', 'sw'],
  resources: {},
  ns: [],
  defaultNS: 'app',
  // Keys are flat ('nav.login') and may hold ':'; placeholders are the catalogues' `{name}`.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false }, // React escapes what it renders
  initAsync: false,
  react: { useSuspense: false },
});

/** i18next's plural suffixes (CLDR categories, as `Intl.PluralRules` names them). */
export const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'] as const;
type PluralSuffix = (typeof PLURAL_SUFFIXES)[number];

/** 'x' for catalogue keys 'x_one' / 'x_other': a string that depends on a number. */
export type PluralBase<K extends string> = K extends `${infer B}_other` ? B : never;

/**
 * A translation of the English catalogue `E`: the same keys, and for every plural string the forms
 * its language needs beyond English's one/other (French has 'many': 1 000 000 de participants).
 */
export type Translation<E, Extra extends Exclude<PluralSuffix, '_one' | '_other'> = never> = Record<
  keyof E,
  string
> &
  Record<`${PluralBase<keyof E & string>}${Extra}`, string>;

/** Named values for `{name}` placeholders; a plural string takes its number as `count`. */
type Vars = Record<string, string | number>;

/** A string whose only placeholders are `{name}`s, each filled from the values given. */
const PLAIN_PLACEHOLDERS = /^(?:[^{}$]|\$(?!t\()|\{\w+\})*$/;

/**
 * The strings found so far, by language, namespace and key: one that `fill` can complete (null for
 * anything else, which goes through i18next). Emptied whenever strings are added.
 */
const plainStrings = new Map<string, string | null>();
i18n.store.on('added', () => plainStrings.clear());

/** The string of `key` in the language on screen, English where it lacks one, if `fill` can complete it. */
function plainString(namespace: Namespace, key: string): string | null {
  const language = i18n.language;
  const id = `${language}\u0000${namespace}\u0000${key}`;
  let found = plainStrings.get(id);
  if (found === undefined) {
    const own = i18n.getResource(language, namespace, key) as unknown;
    const text = typeof own === 'string' ? own : (i18n.getResource('en', namespace, key) as unknown);
    found = typeof text === 'string' && PLAIN_PLACEHOLDERS.test(text) ? text : null;
    plainStrings.set(id, found);
  }
  return found;
}

/** `text` with its `{name}` placeholders filled from `vars`, as i18next fills them (an unknown one stays). */
function fill(text: string, vars: Vars | undefined): string {
  if (!text.includes('{')) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = vars?.[name];
    return value === undefined ? placeholder : String(value);
  });
}

/**
 * Registers `catalogue` (English) as `namespace` and returns its lookup: the string of `key` in the
 * current language (English where a translation lacks it) with `{name}` placeholders filled from `vars`.
 * A plural string ('x_one', 'x_other', …) is looked up by its base 'x' with `vars.count`: i18next
 * picks the form by the language's plural rules (French: 0 and 1 are singular).
 */
export function translator<K extends string>(namespace: Namespace, catalogue: Readonly<Record<K, string>>) {
  i18n.addResourceBundle('en', namespace, catalogue, false, true);
  const plurals = new Set(
    Object.keys(catalogue)
      .filter((key) => key.endsWith('_other'))
      .map((key) => key.slice(0, -'_other'.length)),
  );
  // `replace` keeps values apart from i18next's own options: a `count` placeholder of a string that
  // has no plural forms stays a plain value.
  return (key: K | PluralBase<K>, vars?: Vars): string => {
    const count = vars?.count;
    if (!plurals.has(key) || typeof count !== 'number') {
      // Most strings are looked up once and filled in here: a page draws dozens of them, and
      // i18next's general lookup took a tenth of a slow phone's first drawing of a page.
      const text = plainString(namespace, key);
      if (text !== null) return fill(text, vars);
      return i18n.t(key, { ns: namespace, replace: vars ?? {} });
    }
    // The number picks the form; the text shows it as the language writes numbers ('1 234').
    const shown = formatNumber(count);
    return i18n.t(key, { ns: namespace, replace: { ...vars, count: shown }, count });
  };
}

/** Looks up `key` and fills `{name}` placeholders from `vars`. */
export const t = translator<TranslationKey>('app', en);

/** The language screens are shown in now. */
export function currentLanguage(): TLanguage {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

const loaders: Record<Exclude<TLanguage, 'en'>, () => Promise<{ bundle: LanguageBundle }>> = {
  fr: () => import('../locales/fr'),
  sw: () => import('../locales/sw'),
};
const loaded = new Set<TLanguage>(['en']);

async function loadLanguage(language: TLanguage): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  const { bundle } = await loaders[language]();
  for (const [namespace, strings] of Object.entries(bundle)) {
    i18n.addResourceBundle(language, namespace, strings, false, true);
  }
  loaded.add(language);
}

let latestRequest = 0;

/**
 * Loads `language` and shows it; of overlapping requests the last one made wins. False when it was
 * not shown: overtaken, or its strings could not be loaded (offline before they were ever fetched).
 */
async function applyLanguage(language: TLanguage): Promise<boolean> {
  const request = ++latestRequest;
  try {
    await loadLanguage(language);
  } catch {
    return false;
  }
  if (request !== latestRequest) return false;
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return true;
}

function remember(language: TLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage disabled: the choice lasts until the page closes.
  }
}

/** The language remembered on this device, if one was chosen. */
export function rememberedLanguage(): TLanguage | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The browser's first language when it is French or Swahili ('fr-CA' -> 'fr'), else English. */
export function browserLanguage(): TLanguage {
  const first = typeof navigator === 'undefined' ? undefined : (navigator.languages[0] ?? navigator.language);
  const base = first?.toLowerCase().split('-')[0];
  return isLanguage(base) ? base : 'en';
}

/**
 * Start-up: shows the remembered language, or on a first visit the browser's. Resolves once its
 * strings are loaded, so the first screen is not drawn in English first; a chunk that cannot be
 * loaded leaves English.
 */
export async function startLanguage(): Promise<void> {
  const language = rememberedLanguage() ?? browserLanguage();
  if (typeof document !== 'undefined') document.documentElement.lang = 'en';
  await applyLanguage(language);
}

// A pick not yet taken up by an account, kept for this tab: the sign-in page is often opened afresh
// after the pick (from the landing page, say).
const PENDING_KEY = 'attend.language.pending';

/**
 * The language picked in this tab that no account has taken up yet (a participant's is saved on the
 * server at sign-in); taking it clears it.
 */
export function takePendingChoice(): TLanguage | null {
  try {
    const choice = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    return isLanguage(choice) ? choice : null;
  } catch {
    return null;
  }
}

function keepPendingChoice(language: TLanguage): void {
  try {
    sessionStorage.setItem(PENDING_KEY, language);
  } catch {
    // Storage disabled: the pick still shows, and is saved when made while signed in.
  }
}

type ChoiceListener = (language: TLanguage) => void;
const choiceListeners = new Set<ChoiceListener>();

/** Calls `listener` whenever the person picks a language (not when one is adopted from the server). */
export function onLanguageChosen(listener: ChoiceListener): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/** The person's pick: shown, then remembered on this device and told to `onLanguageChosen` listeners. */
export async function chooseLanguage(language: TLanguage): Promise<void> {
  if (!(await applyLanguage(language))) return;
  remember(language);
  keepPendingChoice(language);
  for (const listener of choiceListeners) listener(language);
}

/** A language decided elsewhere (the participant's own, kept by the server): shown and remembered. */
export async function adoptLanguage(language: TLanguage): Promise<void> {
  if (await applyLanguage(language)) remember(language);
}

/** The current language (re-rendering when it changes) and the function to pick another. */
export function useLanguage(): [TLanguage, (language: TLanguage) => Promise<void>] {
  const { i18n: instance } = useTranslation();
  return [isLanguage(instance.language) ? instance.language : 'en', chooseLanguage];
}

// One formatter per locale: `toLocaleString` builds a new one (and looks up the locale's data) on
// every call, which a list of counters or a page of plural strings pays for at each render on a slow
// phone.
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number in the app's locale ('1,234' in English, '1 234' in French). A whole number from 0 to 999
 * is written alike in English, French and Swahili, so it is not sent through Intl: the first
 * formatter costs a slow phone tens of milliseconds to build, and most counts on a page are small.
 */
export function formatNumber(value: number): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  const locale = LANGUAGE_LOCALES[currentLanguage()];
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
