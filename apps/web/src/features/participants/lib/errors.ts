import { messages } from '@attend/shared';
import { ApiError } from '../../../lib/api-client';
import { tp } from '../i18n';

type FieldErrors = Record<string, string[]>;

function fieldErrors(err: ApiError): FieldErrors | null {
  const body = err.body as { errors?: unknown } | undefined;
  const errors = body && typeof body === 'object' ? body.errors : undefined;
  if (!errors || typeof errors !== 'object') return null;
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(v)) out[k] = v.filter((m): m is string => typeof m === 'string');
  }
  return Object.keys(out).length ? out : null;
}

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
  const errors = fieldErrors(err);
  if (errors) {
    const lines: string[] = [];
    for (const [field, list] of Object.entries(errors)) {
      const message = list.join(' ');
      if (list.length === 1 && list[0] && verbatim.has(list[0])) lines.push(list[0]);
      else if (field === 'email') lines.push(tp('add.emailError', { message }));
      else if (field === 'username') lines.push(tp('add.usernameError', { message }));
      else if (field === 'unique_code') lines.push(tp('add.uniqueCodeError', { message }));
      else if (field === 'non_field_errors' || field === 'body') lines.push(message);
      else lines.push(tp('add.fieldError', { field: fieldLabel(field), message }));
    }
    if (lines.length) return lines.join('\n');
  }
  return err.detail ?? tp('add.failed');
}

/** Participant edit failures (document 2 §8 Participant update). */
export function updateParticipantError(err: unknown): string {
  if (!(err instanceof ApiError)) return tp('detail.updateFailed');
  const email = fieldErrors(err)?.email;
  if (email?.length) return tp('detail.emailError', { message: email.join(' ') });
  return err.detail ?? tp('detail.updateFailed');
}

/** The server's message when it sent one, else `fallback` (document 2 §8 'the server's error or detail'). */
export function serverMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.detail ? err.detail : fallback;
}
