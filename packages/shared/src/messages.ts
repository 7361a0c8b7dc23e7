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
