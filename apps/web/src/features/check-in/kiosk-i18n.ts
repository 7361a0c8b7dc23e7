import { translator } from '../../lib/i18n';

/** Strings of the self check-in kiosk and of starting it from the station. */
export const en = {
  'kiosk.documentTitle': 'Self check-in',
  'kiosk.welcomeTitle': 'Welcome',
  'kiosk.prompt': 'Show your QR code to the camera, or type your unique code.',
  'kiosk.code': 'Unique Code',
  'kiosk.codePlaceholder': 'e.g. ABCD2345',
  'kiosk.codeRequired': 'Type your unique code.',
  'kiosk.submit': 'Check in',
  'kiosk.working': 'Checking in…',
  'kiosk.welcome': 'Welcome, {name}!',
  'kiosk.checkedIn': 'You are checked in.',
  'kiosk.badgePrinting': 'Your badge is printing.',
  'kiosk.welcomeBack': 'Welcome back, {name}!',
  'kiosk.alreadyIn': 'You are already checked in.',
  'kiosk.savedUnchecked':
    'Thank you. Your check-in is kept on this device and confirmed when the network is back.',
  'kiosk.notConfirmed': 'Your attendance is not confirmed yet.',
  'kiosk.unknown': 'We could not find this code.',
  'kiosk.tryAgain': 'Check the code and try again.',
  'kiosk.seeStaff': 'Please see a member of staff.',
  'kiosk.resetIn': 'This screen resets in {n} s.',
  'kiosk.done': 'Done',
  'kiosk.offline': 'Offline: check-ins are kept on this device and sent when the network is back.',
  'kiosk.eventNotFound': 'Event not found',
  'kiosk.exit': 'Exit kiosk',
  'kiosk.exitTitle': 'Exit kiosk mode',
  'kiosk.exitText': 'Staff only: type the PIN chosen when the kiosk started.',
  'kiosk.pin': 'PIN',
  'kiosk.wrongPin': 'Wrong PIN.',
  'kiosk.pinWait': 'Too many wrong PINs. Try again in {n} s.',
  'kiosk.cancel': 'Cancel',
  'kiosk.unlock': 'Exit',
  'kiosk.start': 'Kiosk mode',
  'kiosk.startTitle': 'Start kiosk mode',
  'kiosk.startText':
    'This screen becomes a self check-in kiosk for {event}: participants show their QR code or type their unique code and are checked in at the door. Nothing else can be opened on it until staff type the PIN you choose now.',
  'kiosk.newPin': 'PIN (4 to 8 digits)',
  'kiosk.repeatPin': 'Repeat the PIN',
  'kiosk.pinFormat': 'The PIN must be 4 to 8 digits.',
  'kiosk.pinMismatch': 'The two PINs differ.',
  'kiosk.begin': 'Start kiosk',
  'kiosk.insecure': 'Kiosk mode needs a secure connection (https), as the camera does.',
} as const;

export type KioskKey = keyof typeof en;

/** Looks up a kiosk string and fills `{name}` placeholders. */
export const tk = translator<KioskKey>('kiosk', en);
