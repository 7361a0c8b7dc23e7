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
  tooManyAttempts: 'Too many attempts. Please wait {seconds} seconds and try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Given token not valid for any token type',
  staffOnly: 'You do not have permission to perform this action.',
  participantOnly: 'This action is only available to participants.',
  refreshInvalid: 'Token is invalid or expired',
  eventEnded: 'This event has ended; login links can no longer be created.',
  // Events (document 2 §5, §8)
  eventNameRequired: 'Event name is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  startDateAfterEndDate: 'Start date cannot be after end date',
  locationRequired: 'Location is required',
  invalidEventDate: 'Invalid date format. Please use a date and time such as 2025-01-31T09:00.',
  invalidColour: 'Enter a colour such as #1EB53A',
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
  uploadTooManyRows: 'The file has more than {max} participant rows. Please split it into smaller files.',
  uploadUnsafeArchive:
    'The file is not a valid Excel workbook: its compressed contents are too large or have too many parts.',
  uploadTooManyColumns: 'The header row has more than {max} columns.',
  uploadMissingColumns: 'The first row must hold the column headers. Missing required columns: {columns}.',
  uploadForbiddenHeader: 'The column header "{header}" is not allowed.',
  uploadDuplicateHeader: 'The column "{header}" appears more than once in the header row.',
  uploadNoRows: 'The file has no participant rows below the header row.',
  uploadDuplicateInFile: 'This email address appears more than once in the file (first on row {row}).',
  uploadSuccess: 'Bulk upload successful. Created: {created}, Updated: {updated} participants.',
  uploadWithIssues:
    'Bulk upload completed with some issues. Created: {created}, Updated: {updated}, Errors: {errors}. See the downloaded file for details.',
  uploadResultsNotFound: 'The results file was not found or has expired.',
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
  // Generic
  notFound: 'Not found.',
  unexpected: 'An unexpected error occurred.',
  validationFailed: 'Please check the form and try again.',
  participantNotFound: 'Participant not found.',
  eventNotFound: 'Event not found',
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
