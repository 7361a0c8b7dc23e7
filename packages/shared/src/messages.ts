/**
 * Every user-visible sentence the API and the web app share. Wording is the specification's and is
 * part of the contract: change it only when the spec changes.
 */
export const messages = {
  // Sign-in (document 1 §8, document 2 §8)
  invalidStaffCredentials: 'Invalid username or password.',
  invalidParticipantCredentials: 'Invalid event code or unique code',
  bothCodesRequired: 'Please enter both participant code and unique code',
  invalidLoginLink: 'Invalid login link. Please try again.',
  loginLinkExpired: 'This login link is invalid or has expired.',
  oneClickFailed: 'One-click login failed. Please try using your event and unique codes.',
  challengeRequired: 'Checking your browser…',
  sessionExpired: 'Your session has expired. Please log in again.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Given token not valid for any token type',
  staffOnly: 'You do not have permission to perform this action.',
  participantOnly: 'This action is only available to participants.',
  refreshInvalid: 'Token is invalid or expired',
  sessionEnded: 'This sign-in has ended. Please sign in again.',
  signedOutEverywhere: 'Signed out everywhere.',
  calendarLinkInvalid: 'This calendar link is not valid any more. Copy the new one from your sessions page.',
  eventEnded: 'This event has ended; login links can no longer be created.',
  // Events (document 2 §5, §8)
  eventNameRequired: 'Event name is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  startDateAfterEndDate: 'Start date cannot be after end date',
  locationRequired: 'Location is required',
  invalidEventDate: 'Invalid date format. Please use a date and time such as 2025-01-31T09:00.',
  invalidTimeZone: 'Choose a time zone from the list, such as Africa/Nairobi (an IANA name).',
  invalidCountry: 'Choose a country from the list, such as KE (Kenya), or none.',
  phoneInvalid:
    'The phone number {phone} is not a valid phone number: type it with its country code, such as +254712345678.',
  phoneInvalidInCountry:
    'The phone number {phone} is not a valid phone number: type it as dialled in the event’s country ({country}) or with its country code, such as +254712345678.',
  uploadPhoneLeftOut:
    'The phone number {phone} is not a valid phone number; the row was imported without it.',
  invalidColour: 'Enter a colour such as #1EB53A',
  tagBorderRadius: 'Border radius must be between 0 and 24 px',
  tagBorderRadiusPx: 'Border radius must be between 0px and 24px, written like "12px"',
  tagNameSize: 'Name size must be a whole number of pixels from 16 to 48',
  tagOrganizationSize: 'Organization size must be a whole number of pixels from 10 to 24',
  tagImageUrl:
    'Image URL must be the URL of an image uploaded to this event (POST /api/events/{id}/image/), or null; other addresses are not accepted',
  tagColourTwice: '{field} in tag_design and {column} differ: send one of them',
  imageFileRequired: 'Please select an image to upload',
  imageTooLarge: 'The event image must be 1 MB or smaller',
  imageWrongType: 'The event image must be a PNG, JPEG or WebP image',
  imageSvgRefused: 'SVG images are not accepted: upload a PNG, JPEG or WebP image',
  imageTooManyPixels: 'The event image must be at most 4000 × 4000 pixels',
  imageDamaged: 'The event image is damaged or incomplete',
  imageDataTooLarge:
    'The event image holds more image data than its size in pixels allows: save it again as a PNG, JPEG or WebP and upload that',
  imageNotFound: 'Image not found',
  logoFileRequired: 'Please select a logo image to upload',
  logoTooLarge: 'The logo must be 1 MB or smaller',
  logoWrongType: 'The logo must be a PNG, JPEG or WebP image',
  logoSvgRefused: 'SVG logos are not accepted: upload a PNG, JPEG or WebP image',
  logoTooManyPixels: 'The logo must be at most 4000 × 4000 pixels',
  logoDamaged: 'The logo image is damaged or incomplete',
  logoDataTooLarge:
    'The logo holds more image data than its size in pixels allows: save it again as a PNG, JPEG or WebP and upload that',
  logoNotFound: 'Logo not found',
  // Sessions (document 2 §5, §6, §8)
  missingRequiredFields: 'Missing required fields: {fields}',
  invalidSessionDate: 'Invalid date format. Please check the start and end times.',
  endTimeNotAfterStart: 'End time must be after start time',
  sessionNameRequired: 'Session name is required',
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  startTimeAfterEndTime: 'Start time cannot be after end time',
  startTimeInPast: 'Start time cannot be in the past',
  maxParticipantsInvalid: 'Max participants must be a whole number, 0 or more (0 means unlimited).',
  sessionNotFound: 'Session not found',
  parentSessionNotFound: 'Parent session not found',
  subSessionNeedsParent: 'A sub-session needs a parent session.',
  nestedSubSession: 'A sub-session cannot have sub-sessions of its own.',
  subSessionOutsideParent: 'Sub-session times must be within the parent session ({start} - {end}).',
  subSessionsOutsideWindow: "This session's sub-sessions must stay within its start and end times.",
  sessionOutsideEvent: 'Session times must be within the event ({start} - {end}).',
  eventMismatch: 'The event in the request does not match the event in the URL.',
  createSessionForbidden: 'You do not have permission to create sessions.',
  adminRequired: 'Permission denied. Admin access required.',
  subSessionFieldsRequired: 'Please fill in all required fields for each sub-session',
  subSessionCountMin: 'Number of sub-sessions must be at least 2',
  subSessionCountMax: 'Number of sub-sessions cannot be more than {max}',
  customCapacityRange: 'Each custom capacity must be a whole number between 0 and {max}',
  customCapacityCount: 'Provide one capacity for each sub-session ({count})',
  exceedsParentCapacity: 'Exceeds parent capacity!',
  sequentialTooShort: 'The session is too short to split into {count} sequential sub-sessions.',
  alreadyHasSubSessions: 'This session already has sub-sessions.',
  subSessionsCreated: 'Successfully created {count} sub-sessions',
  // Session registration (document 1 §4, §5, §8)
  confirmAttendanceFirst: 'Please confirm your event attendance before registering for sessions',
  sessionFull: 'This session is full. No places are left.',
  sessionNotOpen: 'This session is not open for registration.',
  registerForSubSession:
    'This session is divided into sub-sessions. Please register for one of its sub-sessions instead.',
  registerSelfOnly: 'You can only change your own session registrations.',
  alreadyRegistered: 'You are already registered for this session.',
  notRegistered: 'You are not registered for this session.',
  registeredForSession: 'Successfully registered for session',
  unregisteredFromSession: 'Successfully unregistered from session',
  timeConflict:
    'Cannot register for "{session}" as it conflicts with "{other}" ({start} - {end}) which you are already registered for.',
  sameSessionGroup: '{name} (same session group)',
  // Waiting lists (issue 32)
  waitlistSessionNotFull: 'This session still has places: please register for it instead.',
  waitlistJoined: 'You are on the waiting list for this session.',
  waitlistAlreadyJoined: 'You are already on the waiting list for this session.',
  waitlistLeft: 'You have left the waiting list for this session.',
  notOnWaitlist: 'This participant is not on the waiting list for this session.',
  waitlistRemoved: '{name} was removed from the waiting list.',
  waitlistPromoted: '{name} was registered from the waiting list.',
  waitlistPromoteFull: 'This session is full: free a place or raise its capacity before promoting someone.',
  waitlistNotConfirmed: '{name} has not confirmed attendance, so cannot be registered.',
  // Participants (document 2 §5, §8)
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  invalidUsername: 'Usernames may contain only letters, digits and @ . + - _',
  participantEmailExists: 'A participant with this email address already exists for this event.',
  participantUsernameExists: 'A participant with this username already exists for this event.',
  participantProtectedFields: 'Username and unique code are protected and cannot be changed.',
  participantCreated: 'Participant created successfully. Their unique code is: {code}',
  participantUpdated: 'Participant updated successfully! Username and QR code preserved.',
  participantDeleted: 'Participant deleted successfully',
  participantsChanged: 'The participant list changed at the same time. Please try again.',
  // Bulk upload (document 2 §2, §5, §8)
  uploadFileRequired: 'Please select a file to upload',
  uploadWrongType: 'Only .xlsx and .xls files are accepted.',
  uploadNotWorkbook: 'The file is not a valid Excel workbook (.xlsx or .xls).',
  uploadTooLarge: 'The file is too large. The maximum size is {mb} MB.',
  uploadBusy: 'Other imports are running. Please try again in a few seconds.',
  uploadTooManyRows: 'The file has more than {max} participant rows. Please split it into smaller files.',
  uploadUnsafeArchive:
    'The file is not a valid Excel workbook: its compressed contents are too large or have too many parts.',
  uploadTooManyColumns: 'The header row has more than {max} columns.',
  uploadMissingColumns: 'The first row must hold the column headers. Missing required columns: {columns}.',
  uploadForbiddenHeader: 'The column header "{header}" is not allowed.',
  uploadDuplicateHeader: 'The column "{header}" appears more than once in the header row.',
  uploadNoRows: 'The file has no participant rows below the header row.',
  uploadDuplicateInFile: 'This email address appears more than once in the file (first on row {row}).',
  uploadBadLanguage:
    'Unknown language "{value}". Use en, fr or sw (or English, French, Français, Swahili, Kiswahili), or leave it blank for English.',
  uploadSuccess: 'Bulk upload successful. Created: {created}, Updated: {updated} participants.',
  uploadWithIssues:
    'Bulk upload completed with some issues. Created: {created}, Updated: {updated}, Errors: {errors}. See the downloaded file for details.',
  uploadResultsNotFound: 'The results file was not found or has expired.',
  uploadRowChanged:
    'Someone else added, changed or deleted this participant while the file was being imported. Upload this row again.',
  uploadPreviewStale:
    'The participants or the file changed since the preview. Check the new preview and choose again.',
  templateSheetNotes: 'Notes',
  templateColumn: 'Column',
  templateRequired: 'Required',
  templateNotes: 'Notes',
  templateYes: 'Yes',
  templateNo: 'No',
  templateNoteGeneral:
    'The first row holds the headers: keep them as they are. One participant per row: replace the example row. .xlsx or .xls, up to {mb} MB and {rows} rows.',
  templateNoteFullName: "The participant's full name, up to 200 characters.",
  templateNoteEmail:
    'A valid e-mail address, once per file. A row whose e-mail already belongs to a participant of the event can update that participant: the preview shows every change before anything is saved.',
  templateNoteUsername:
    'Letters, digits and . @ + _ - (up to 150 characters). Leave blank to generate it from the e-mail. Never changed for an existing participant.',
  templateNotePhone:
    "International format (+254712345678) or local format (0712 345 678), up to 50 characters. Blank keeps an existing participant's phone.",
  templateNoteOrganization: "Up to 200 characters. Blank keeps an existing participant's organisation.",
  templateNoteJobTitle: "Up to 200 characters. Blank keeps an existing participant's job title.",
  templateNoteLanguage:
    "en, fr or sw (or English, French, Français, Swahili, Kiswahili): the language of the participant's screens and messages. Blank: English for a new participant, unchanged for an existing one.",
  uploadInProgress:
    'Another upload for this event is still being imported. Please try again in a few minutes.',
  // Attendance and QR (document 1 §5, §8; document 2 §8)
  attendanceConfirmed: 'Attendance confirmed successfully',
  attendanceAlreadyConfirmed: 'Participant attendance already confirmed',
  selfAttendanceConfirmed: 'Attendance confirmed successfully! Your QR code is ready.',
  selectParticipantsToConfirm: 'Please select participants to confirm',
  bulkConfirmDone:
    'Bulk confirmation completed: {confirmed} newly confirmed, {already} already confirmed, {errors} errors',
  confirmationIrreversible: 'Attendance confirmation cannot be withdrawn.',
  confirmOwnOnly: 'You can only confirm your own attendance.',
  userInfoMissing: 'User information is missing. Please try logging in again.',
  missingCredentials: 'Missing required credentials. Please log in again.',
  qrNotFound: 'QR code not found. Please try confirming your attendance again.',
  qrNotAvailable: 'QR code not available. Participant has not confirmed attendance yet.',
  // Check-in (document 2 §2 "Check-in page", §8)
  checkedIn: '{name} checked in successfully!',
  checkInFailed: 'Failed to check in participant',
  attendanceLoadFailed: 'Failed to load attendance records',
  alreadyCheckedIn: '{name} is already checked in ({when}, by {by}).',
  notConfirmedForCheckIn: '{name} has not confirmed attendance.',
  notRegisteredForSession: '{name} is not registered for {session}.',
  invalidCheckInCode: 'This is not a check-in code.',
  damagedCheckInCode: 'This QR code is damaged or incomplete. Scan it again.',
  checkInNonceReused: 'This client_nonce was already used for another check-in.',
  forgedCheckInCode: 'This QR code is not valid: its signature does not match.',
  otherEventCheckInCode: 'This QR code belongs to another event.',
  unknownCheckInCode: 'No participant of this event has this code.',
  checkInCodeOrParticipant: 'Send either a code (qr_code_data) or a participant id (participant), not both.',
  checkInEventInactive: 'This event is not active: check-in is closed.',
  checkInSessionNotFound: 'This session does not belong to this event.',
  checkInSessionInactive: 'This session is not active: check-in is closed.',
  scanOutsideEvent:
    'This scan ({when}) is outside the event, which runs {start} – {end}: scans are taken from the day before it starts to the day after it ends.',
  checkInNotFound: 'Check-in record not found.',
  scannerEventsOnly: 'You can only check people in at the events you have been given.',
  staffAccountNotFound: 'Staff user not found.',
  ownRoleUnchangeable: 'You cannot change your own role.',
  // Staff accounts (Staff Access) and their invitations
  staffUsernameTaken: 'A staff account with this username already exists.',
  scannerNeedsEvents: 'A scanner needs at least one event.',
  unknownEventIds: 'Unknown event ids: {ids}.',
  ownAccountDisable: 'You cannot disable your own account.',
  ownAccountRemove: 'You cannot remove your own account.',
  ownPasswordReset: 'You cannot reset your own password here.',
  lastActiveAdmin: 'At least one enabled admin account must remain.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordTooLong: 'Password must be at most 256 characters long.',
  passwordIsUsername: 'Password must not be the same as the username.',
  inviteInvalid:
    'This invitation link is not valid. Check that you opened the whole link, or ask an admin for a new one.',
  inviteUsed: 'This invitation has already been used. Sign in with the password you chose.',
  inviteExpired: 'This invitation has expired. Ask an admin for a new one.',
  accountDisabled: 'This account has been disabled. Ask an admin.',
  // Notifications (document 2 §2 "Send Notifications modal", §8)
  notificationsSent: 'Notifications sent. Success: {success}, Errors: {errors}',
  notificationsFailed: 'Failed to send notifications',
  loginDetailsSent: 'Login details sent successfully',
  loginDetailsFailed: 'Failed to send login details',
  notifyNoEmail: 'This participant has no valid e-mail address.',
  notifyNoPhone: 'This participant has no phone number.',
  notifyBadPhone: 'SMS not sent: the phone number {phone} is not a valid phone number.',
  retriedMessages: 'Retried {retried} messages: {successful} sent, {failed} failed.',
  messageNotFound: 'Message not found.',
  // Generic
  notFound: 'Not found.',
  unexpected: 'An unexpected error occurred.',
  validationFailed: 'Please check the form and try again.',
  participantNotFound: 'Participant not found.',
  eventNotFound: 'Event not found',
  // Walk-ins and badges at the door (issue 28)
  walkInEmailExists:
    '{name} is already a participant of this event with this email address: find them by name or code and check them in instead of adding a walk-in.',
  walkInsAdminsOnly: 'Only admins can add walk-ins at this event.',
  // Undoing a confirmation (issue 35)
  undoReasonRequired: 'Please give the reason for undoing this confirmation.',
  undoReasonTooLong: 'The reason can be at most 500 characters long.',
  confirmationUndone: 'Confirmation undone. {name} is pending again.',
  nothingToUndo: '{name} has not confirmed attendance: there is no confirmation to undo.',
  undoAfterCheckIn:
    '{name} has already been checked in, so their confirmation can no longer be undone. Undo the check-in first if it was a mistake.',
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
