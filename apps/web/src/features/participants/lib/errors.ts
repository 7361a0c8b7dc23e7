import { messages } from '@attend/shared';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { tp } from '../i18n';

const fieldLabel = (field: string) =>
  field
    .split('_')
    .map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');

/** The messages the spec quotes as they are (document 2 §8 Participant create). */
const verbatim = new Set<string>([messages.participantEmailExists, messages.participantUsernameExists]);

/** Add Participant failures (document 2 §8). */
export function createParticipantError(err: unknown): string {
  if (!(err instanceof ApiError)) return tp('add.failed');
  const lines: string[] = [];
  for (const [field, list] of Object.entries(fieldErrorsOf(err))) {
    const message = list.join(' ');
    if (list.length === 1 && list[0] && verbatim.has(list[0])) lines.push(list[0]);
    else if (field === 'email') lines.push(tp('add.emailError', { message }));
    else if (field === 'username') lines.push(tp('add.usernameError', { message }));
    else if (field === 'unique_code') lines.push(tp('add.uniqueCodeError', { message }));
    else if (field === 'non_field_errors' || field === 'body') lines.push(message);
    else lines.push(tp('add.fieldError', { field: fieldLabel(field), message }));
  }
  if (lines.length) return lines.join('\n');
  return err.detail ?? tp('add.failed');
}

/** Participant edit failures (document 2 §8 Participant update). */
export function updateParticipantError(err: unknown): string {
  if (!(err instanceof ApiError)) return tp('detail.updateFailed');
  const email = fieldErrorsOf(err).email;
  if (email?.length) return tp('detail.emailError', { message: email.join(' ') });
  return err.detail ?? tp('detail.updateFailed');
}
