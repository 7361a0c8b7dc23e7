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
  registerSelfOnly: 'You can only register yourself for sessions.',
  alreadyRegistered: 'You are already registered for this session.',
  notRegistered: 'You are not registered for this session.',
  registeredForSession: 'Successfully registered for session',
  unregisteredFromSession: 'Successfully unregistered from session',
  timeConflict:
    'Cannot register for "{session}" as it conflicts with "{other}" ({start} - {end}) which you are already registered for.',
  sameSessionGroup: '{name} (same session group)',
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
