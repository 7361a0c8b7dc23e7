import type { TSessionUpdateParsed } from '@attend/shared';
import { AppError } from '../../lib/app-error';

/** A 400 tied to one field, shaped like the schema validation errors ({detail, code, errors}). */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation_error', message, { errors: { [field]: [message] } });
}

/** The editable session columns, from a validated create or update body (both share these fields). */
export function sessionColumns(input: TSessionUpdateParsed) {
  return {
    name: input.name,
    description: input.description,
    location: input.location,
    startTime: input.start_time,
    endTime: input.end_time,
    maxParticipants: input.max_participants,
    isActive: input.is_active,
    speakers: input.speakers,
    whatToBring: input.what_to_bring,
    sessionType: input.session_type,
    image: input.image,
  };
}
