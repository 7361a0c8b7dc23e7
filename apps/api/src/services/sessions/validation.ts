import { messages, placeDateTime, type DateTimeInput, type TSessionUpdateParsed } from '@attend/shared';
import { AppError } from '../../lib/app-error';

/** A 400 tied to one field, shaped like the schema validation errors ({detail, code, errors}). */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation_error', message, { errors: { [field]: [message] } });
}

/**
 * A session's times as instants: one without an offset is a wall-clock time in the event's zone.
 * The end must still come after the start once both are placed.
 */
export function placeSessionTimes(
  input: { start_time: DateTimeInput; end_time: DateTimeInput },
  timeZone: string,
): { start: Date; end: Date } {
  const start = placeDateTime(input.start_time, timeZone);
  const end = placeDateTime(input.end_time, timeZone);
  if (end.getTime() <= start.getTime()) throw fieldError('end_time', messages.endTimeNotAfterStart);
  return { start, end };
}

/** The editable session columns, from a validated create or update body (both share these fields). */
export function sessionColumns(input: TSessionUpdateParsed, times: { start: Date; end: Date }) {
  return {
    name: input.name,
    description: input.description,
    location: input.location,
    startTime: times.start,
    endTime: times.end,
    maxParticipants: input.max_participants,
    isActive: input.is_active,
    speakers: input.speakers,
    whatToBring: input.what_to_bring,
    sessionType: input.session_type,
    image: input.image,
  };
}
