import { ApiError } from './http';

/** The `{errors: {field: [messages]}}` part of an API refusal, if any. */
export function fieldErrorsOf(err: unknown): Record<string, string[]> {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return {};
  const errors = (err.body as { errors?: unknown }).errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(list)) out[field] = list.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

/** The server's field errors for the fields a form shows, each field's messages joined. */
export function formFieldErrors<F extends string>(
  err: unknown,
  fields: ReadonlySet<string>,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const [field, list] of Object.entries(fieldErrorsOf(err))) {
    if (fields.has(field) && list.length > 0) errors[field as F] = list.join(' ');
  }
  return errors;
}

/** The server's message when it sent one, else `fallback` (document 2 §8 'the server's error or detail'). */
export function serverMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.detail ? err.detail : fallback;
}
