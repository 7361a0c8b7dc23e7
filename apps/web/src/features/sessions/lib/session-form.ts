import { ZSessionForm, type TSession } from '@attend/shared';
import { formFieldErrors } from '../../../lib/api-errors';
import { formatDisplayDateTimes, fromDateTimeInput, toDateTimeInput } from '../../../lib/date-time';
import type { Refusal } from '../../../lib/use-form-state';
import { ts } from '../i18n';

export type SessionFormValues = {
  name: string;
  description: string;
  location: string;
  /** `datetime-local` values: wall-clock times in the event's time zone. */
  start_time: string;
  end_time: string;
  max_participants: number | string;
  is_active: boolean;
};
export type SessionFormField = keyof SessionFormValues;
export type SessionFormErrors = Partial<Record<SessionFormField, string>>;

/** What POST and PUT send (times as ISO instants). */
export type SessionBody = {
  name: string;
  description: string;
  location: string;
  start_time: string;
  end_time: string;
  max_participants: number;
  is_active: boolean;
};

/** The form's values for a session (or a blank form); times in the event's `timeZone`. */
export function sessionFormValues(session: TSession | undefined, timeZone: string): SessionFormValues {
  return {
    name: session?.name ?? '',
    description: session?.description ?? '',
    location: session?.location ?? '',
    start_time: toDateTimeInput(session?.start_time, timeZone),
    end_time: toDateTimeInput(session?.end_time, timeZone),
    max_participants: session?.max_participants ?? 0,
    is_active: session?.is_active ?? true,
  };
}

const FIELDS = new Set<string>([
  'name',
  'description',
  'location',
  'start_time',
  'end_time',
  'max_participants',
]);

/** max_participants: blank is 0 (unlimited); otherwise a whole number, 0 or more. */
function maxOf(value: number | string): number | null {
  if (value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

function body(values: SessionFormValues, max: number, timeZone: string): SessionBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    location: values.location.trim(),
    start_time: fromDateTimeInput(values.start_time, timeZone),
    end_time: fromDateTimeInput(values.end_time, timeZone),
    max_participants: max,
    is_active: values.is_active,
  };
}

type Checked = { ok: true; body: SessionBody } | { ok: false; errors: SessionFormErrors };

/** The event a session belongs to: its times must lie within the event's start and end. */
export type EventWindow = { start_date: string; end_date: string; time_zone: string };

/** The event's dates in its zone, as the refusal and the form's hint name them. */
export function eventWindowText(event: EventWindow): { start: string; end: string } {
  return formatDisplayDateTimes(event.start_date, event.end_date, event.time_zone);
}

/** The server's rule, said before sending: a session starting or ending outside its event. */
function outsideEventError(body: SessionBody, event: EventWindow | undefined): string | null {
  if (!event) return null;
  const start = Date.parse(body.start_time);
  const end = Date.parse(body.end_time);
  if (start >= Date.parse(event.start_date) && end <= Date.parse(event.end_date)) return null;
  return ts('form.outsideEvent', eventWindowText(event));
}

/** The checked body, or the start time's error when the session lies outside its event. */
function withinEvent(checked: SessionBody, event: EventWindow | undefined): Checked {
  const outside = outsideEventError(checked, event);
  return outside ? { ok: false, errors: { start_time: outside } } : { ok: true, body: checked };
}

/**
 * The Create Session form's rules (document 2 §5 "Create session (client)"), checked with the shared
 * form schema: name, location, start and end required; start not after end and not in the past.
 * The times are read as wall-clock times in the event's `timeZone`, and must lie within the `event`.
 */
export function validateCreateSession(
  values: SessionFormValues,
  timeZone: string,
  event?: EventWindow,
): Checked {
  // The schema reads instants: blank stays blank (required), unreadable stays unreadable.
  const instant = (v: string) => fromDateTimeInput(v, timeZone) || v;
  const parsed = ZSessionForm.safeParse({
    ...values,
    start_time: instant(values.start_time),
    end_time: instant(values.end_time),
    max_participants: values.max_participants === '' ? 0 : values.max_participants,
  });
  if (!parsed.success) {
    const errors: SessionFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (FIELDS.has(field) && !errors[field as SessionFormField]) {
        errors[field as SessionFormField] = issue.message;
      }
    }
    return { ok: false, errors };
  }
  return withinEvent(body(values, maxOf(values.max_participants) ?? 0, timeZone), event);
}

/**
 * The session edit rules (document 2 §5 "Session edit"): name, start and end required, readable
 * dates, the end strictly after the start, max_participants a whole number from 0. Times are
 * wall-clock times in the event's `timeZone`, and must lie within the `event` once it is known.
 */
export function validateEditSession(
  values: SessionFormValues,
  timeZone: string,
  event?: EventWindow,
): Checked {
  const errors: SessionFormErrors = {};
  if (!values.name.trim()) errors.name = ts('detail.required.name');
  if (!values.start_time.trim()) errors.start_time = ts('detail.required.start');
  if (!values.end_time.trim()) errors.end_time = ts('detail.required.end');
  const start = fromDateTimeInput(values.start_time, timeZone);
  const end = fromDateTimeInput(values.end_time, timeZone);
  if (values.start_time.trim() && values.end_time.trim()) {
    if (!start || !end) errors.start_time = ts('detail.invalidDate');
    else if (new Date(end).getTime() <= new Date(start).getTime())
      errors.end_time = ts('detail.endAfterStart');
  }
  const max = maxOf(values.max_participants);
  if (max === null) errors.max_participants = ts('detail.maxInvalid');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return withinEvent(body(values, max ?? 0, timeZone), event);
}

/** A refused save: `messageOf` the error, and the server's errors for the fields of this form. */
export function sessionRefusal(messageOf: (err: unknown) => string) {
  return (err: unknown): Refusal<SessionFormValues> => ({
    message: messageOf(err),
    errors: formFieldErrors<SessionFormField>(err, FIELDS),
  });
}

/** What both forms of the Sub-session modal receive: the event, the session being split, and how to close. */
export type SubSessionFormProps = { eventId: number; parent: TSession; onDone: () => void };
