import { AppError } from '../../lib/app-error';

/** A 400 tied to one field, shaped like the schema validation errors ({detail, code, errors}). */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation_error', message, { errors: { [field]: [message] } });
}
