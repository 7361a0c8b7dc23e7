import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { ts } from '../i18n';

/** The server's message, else the error's own. */
export function reasonOf(err: unknown): string {
  if (err instanceof ApiError && err.detail) return err.detail;
  return err instanceof Error ? err.message : String(err);
}

/** Document 2 §8 "Session create": status messages, then 'field: messages' lines, then the detail. */
export function createSessionErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return ts('create.failed');
  if (err.status === 401) return ts('create.expired');
  if (err.status === 403) return ts('create.forbidden');
  if (err.status === 404) return ts('create.eventNotFound');
  const fields = Object.entries(fieldErrorsOf(err));
  if (fields.length > 0) return fields.map(([field, list]) => `${field}: ${list.join(' ')}`).join('\n');
  return err.detail ?? ts('create.failed');
}

/** Document 2 §8 "Session update": start, end, other field errors, the detail, else the reason. */
export function updateSessionErrorMessage(err: unknown): string {
  const fields = fieldErrorsOf(err);
  const start = fields.start_time;
  if (start?.length) return ts('detail.startError', { text: start.join(' ') });
  const end = fields.end_time;
  if (end?.length) return ts('detail.endError', { text: end.join(' ') });
  const rest = Object.entries(fields);
  if (rest.length > 0) {
    return ts('detail.validationErrors', {
      list: rest.map(([field, list]) => `${field}: ${list.join(' ')}`).join('; '),
    });
  }
  if (err instanceof ApiError && err.detail) return err.detail;
  return ts('detail.updateFailed', { reason: reasonOf(err) });
}
