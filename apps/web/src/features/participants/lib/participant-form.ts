import { EMAIL_PATTERN } from '@attend/shared';
import type { Checked, FieldErrors } from '../../../lib/use-form-state';
import { tp } from '../i18n';

type Required = { full_name: string; email: string };
type TextValues = Record<string, string> & Required;

/**
 * Document 2 §5: every field trimmed, Full Name and Email required; `checkEmail` also checks the
 * address's form (the edit form; on create the server does).
 */
export function validateParticipant<V extends TextValues>(
  values: V,
  checkEmail = false,
): Checked<V, Required> {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as V;
  const errors: FieldErrors<Required> = {};
  if (!trimmed.full_name) errors.full_name = tp('add.fullNameRequired');
  if (!trimmed.email) errors.email = tp('add.emailRequired');
  else if (checkEmail && !EMAIL_PATTERN.test(trimmed.email)) errors.email = tp('detail.invalidEmail');
  if (errors.full_name || errors.email) return { ok: false, errors };
  return { ok: true, body: trimmed };
}
