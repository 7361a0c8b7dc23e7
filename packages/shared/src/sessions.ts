import { z } from 'zod';
import { ZInstant } from './formats';
import { ZIdParam } from './ids';
import { format, messages } from './messages';
import { MAX_SUB_SESSIONS, MIN_SUB_SESSIONS, SUB_SESSION_TYPES } from './rules/sub-sessions';
import { DEFAULT_TIME_ZONE, readDateTime, type DateTimeInput } from './rules/time';

/** max_participants: a whole number, 0 or more (0 = unlimited); numeric strings from forms are read too. */
export const zMaxParticipants = z.preprocess(
  (v) =>
    v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v,
  z
    .number({ error: messages.maxParticipantsInvalid })
    .int(messages.maxParticipantsInvalid)
    .min(0, messages.maxParticipantsInvalid)
    .max(1_000_000, messages.maxParticipantsInvalid)
    .optional(),
);

const text = (max: number) =>
  z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);

/** What the OpenAPI document says of a session's start_time and end_time. */
export const SESSION_DATE_TIME_DESCRIPTION =
  'ISO 8601 date-time. With an offset or Z (2026-11-26T06:00:00Z, 2026-11-26T09:00+03:00) it is that ' +
  "instant. Without one (2026-11-26T09:00) it is a wall-clock time in the event's time zone.";

/** A session's fields as staff send them (built with each schema). */
const sessionFields = () => ({
  name: text(200).nullish(),
  description: text(5000).nullish(),
  location: text(300).nullish(),
  start_time: z.string().max(64).nullish().meta({ description: SESSION_DATE_TIME_DESCRIPTION }),
  end_time: z.string().max(64).nullish().meta({ description: SESSION_DATE_TIME_DESCRIPTION }),
  max_participants: zMaxParticipants,
  is_active: z.boolean().optional(),
  /** The event id as a number (document 2 §7); must match the URL when sent. */
  event: ZIdParam.optional(),
  speakers: text(2000).nullish(),
  what_to_bring: text(2000).nullish(),
  session_type: text(100).nullish(),
  image: z.string().max(500_000).nullish(),
});

type RawSession = z.output<z.ZodObject<ReturnType<typeof sessionFields>>>;

/**
 * Whether the end is not after the start, where the two can be compared without the event's zone
 * (both instants, or both wall-clock times); the service compares the placed instants in any case.
 */
function endsFirst(start: DateTimeInput, end: DateTimeInput): boolean {
  if (start.kind === 'instant' && end.kind === 'instant') return end.instant <= start.instant;
  if (start.kind === 'wall-clock' && end.kind === 'wall-clock') {
    return end.wallClockAsUtc <= start.wallClockAsUtc;
  }
  return false;
}
type RequiredField = 'name' | 'location' | 'start_time' | 'end_time';

/**
 * Server-side checks of document 2 §5 and §8: every missing required field is listed in one
 * 'Missing required fields: …' message (attached to each missing field), unreadable times give the
 * invalid-date message, and the end must be strictly after the start. Times without an offset stay
 * wall-clock times, placed in the event's zone by the service (`placeDateTime`), which checks the
 * order again once both are instants.
 */
function checkSession(required: readonly RequiredField[]) {
  return (v: RawSession, ctx: z.RefinementCtx) => {
    const missing = required.filter((k) => v[k] === undefined || v[k] === null || v[k] === '');
    if (missing.length > 0) {
      const message = format(messages.missingRequiredFields, { fields: missing.join(', ') });
      for (const k of missing) ctx.addIssue({ code: 'custom', path: [k], message });
      return z.NEVER;
    }
    const start = v.start_time ? readDateTime(v.start_time) : null;
    const end = v.end_time ? readDateTime(v.end_time) : null;
    if (!start) ctx.addIssue({ code: 'custom', path: ['start_time'], message: messages.invalidSessionDate });
    if (!end) ctx.addIssue({ code: 'custom', path: ['end_time'], message: messages.invalidSessionDate });
    if (!start || !end) return z.NEVER;
    if (endsFirst(start, end)) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: messages.endTimeNotAfterStart });
      return z.NEVER;
    }
    return {
      name: v.name ?? '',
      description: v.description ?? '',
      location: v.location ?? '',
      start_time: start,
      end_time: end,
      max_participants: v.max_participants ?? 0,
      is_active: v.is_active ?? true,
      event: v.event,
      speakers: v.speakers ?? '',
      what_to_bring: v.what_to_bring ?? '',
      session_type: v.session_type ?? '',
      image: v.image ?? null,
    };
  };
}

/**
 * POST /api/events/{eventId}/sessions/. A manual sub-session also sends parent_session (and
 * is_sub_session=true); its times must lie within the parent's.
 */
export const ZSessionCreate = z
  .object({
    ...sessionFields(),
    parent_session: ZIdParam.nullish(),
    is_sub_session: z.boolean().optional(),
  })
  .transform((v, ctx) => {
    const base = checkSession(['name', 'start_time', 'end_time', 'location'])(v, ctx);
    if (v.is_sub_session && !v.parent_session) {
      ctx.addIssue({ code: 'custom', path: ['parent_session'], message: messages.subSessionNeedsParent });
      return z.NEVER;
    }
    return { ...base, parent_session: v.parent_session ?? null };
  });
export type TSessionCreate = z.input<typeof ZSessionCreate>;
export type TSessionCreateParsed = z.output<typeof ZSessionCreate>;

/** PUT /api/events/{eventId}/sessions/{sessionId}/ (document 2 §5 "Session edit"). */
export const ZSessionUpdate = z
  .object(sessionFields())
  .transform(checkSession(['name', 'start_time', 'end_time']));
export type TSessionUpdate = z.input<typeof ZSessionUpdate>;
export type TSessionUpdateParsed = z.output<typeof ZSessionUpdate>;

/**
 * The staff "Create Session" form (document 2 §5, client rules): the same fields with the form's
 * own messages, including 'Start time cannot be in the past'.
 */
export const ZSessionForm = z
  .object({
    name: z.string().trim().min(1, messages.sessionNameRequired).max(200),
    description: z.string().trim().max(5000),
    location: z.string().trim().min(1, messages.locationRequired).max(300),
    start_time: z.string().trim().min(1, messages.startTimeRequired),
    end_time: z.string().trim().min(1, messages.endTimeRequired),
    max_participants: zMaxParticipants,
    is_active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const start = new Date(v.start_time).getTime();
    const end = new Date(v.end_time).getTime();
    if (Number.isNaN(start) || Number.isNaN(end)) {
      ctx.addIssue({ code: 'custom', path: ['start_time'], message: messages.invalidSessionDate });
      return;
    }
    if (start > end) {
      ctx.addIssue({ code: 'custom', path: ['start_time'], message: messages.startTimeAfterEndTime });
    }
    if (start < Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['start_time'], message: messages.startTimeInPast });
    }
  });
export type TSessionForm = z.input<typeof ZSessionForm>;

export const SESSION_STATUSES = ['Completed', 'Active', 'Upcoming'] as const;

/** A session as the API returns it (document 1 §3, document 2 §3). */
export const ZSession = z.object({
  id: z.number().int(),
  event: z.number().int(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  start_time: ZInstant,
  end_time: ZInstant,
  /** 0 means unlimited. */
  max_participants: z.number().int(),
  is_active: z.boolean(),
  speakers: z.string(),
  what_to_bring: z.string(),
  session_type: z.string(),
  image: z.string().nullable(),
  /** Registrations for this session itself. */
  registered_count: z.number().int(),
  /** Same as registered_count, plus the registrations of its sub-sessions for a parent. */
  current_participants_count: z.number().int(),
  /** Places left, never below 0; null when unlimited. */
  available_slots: z.number().int().nullable(),
  is_full: z.boolean(),
  /** Completed / Active / Upcoming from the times (document 2 §4). */
  status: z.enum(SESSION_STATUSES),
  has_sub_sessions: z.boolean(),
  sub_sessions_count: z.number().int(),
  is_sub_session: z.boolean(),
  parent_session: z.number().int().nullable(),
  parent_session_name: z.string().nullable(),
  /** The event's IANA time zone, in which the times are shown (UTC in copies kept before zones). */
  time_zone: z.string().default(DEFAULT_TIME_ZONE),
  /** Only for a participant caller: whether they are registered for it. */
  is_registered: z.boolean().optional(),
  /** How many people wait in this session's line (issue 32). */
  waitlist_count: z.number().int().default(0),
  /** Only for a participant caller: whether they wait in its line, and their place in it (1 = next). */
  is_waitlisted: z.boolean().optional(),
  waitlist_position: z.number().int().nullable().optional(),
  created_at: ZInstant,
  updated_at: ZInstant,
});
export type TSession = z.infer<typeof ZSession>;
export const ZSessionList = z.array(ZSession);

/** GET /api/events/{eventId}/sessions/ query: ?parent_session={id} lists that session's sub-sessions. */
export const ZSessionListQuery = z.object({
  parent_session: ZIdParam.optional(),
});

/** POST /api/sessions/global/{sessionId}/create_sub_sessions/ (document 2 §3, §5). */
export const ZSubSessionConfig = z.object({
  num_sub_sessions: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: messages.subSessionCountMin })
      .int(messages.subSessionCountMin)
      .min(MIN_SUB_SESSIONS, messages.subSessionCountMin)
      .max(MAX_SUB_SESSIONS, format(messages.subSessionCountMax, { max: MAX_SUB_SESSIONS })),
  ),
  sub_session_type: z
    .enum(SUB_SESSION_TYPES, { error: "sub_session_type must be 'concurrent' or 'sequential'" })
    .default('concurrent'),
  prefix_name: z.string().trim().max(150).nullish(),
  custom_capacities: z
    .array(z.number({ error: 'Each custom capacity must be a whole number' }).int().min(0))
    .max(MAX_SUB_SESSIONS)
    .nullish(),
});
export type TSubSessionConfig = z.input<typeof ZSubSessionConfig>;

export const ZSubSessionsCreated = z.object({ message: z.string(), sub_sessions: z.array(ZSession) });
export type TSubSessionsCreated = z.infer<typeof ZSubSessionsCreated>;

/** A registrant as staff see them on the session detail page. */
export const ZSessionParticipant = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  username: z.string(),
  organization: z.string(),
  registered_at: ZInstant,
});
export type TSessionParticipant = z.infer<typeof ZSessionParticipant>;
export const ZSessionParticipantList = z.array(ZSessionParticipant);

/** Answer of POST and DELETE /api/sessions/{sessionId}/register/{participantId}/. */
export const ZRegistrationResult = z.object({
  is_registered: z.boolean(),
  registered_count: z.number().int(),
  is_full: z.boolean(),
  message: z.string(),
});
export type TRegistrationResult = z.infer<typeof ZRegistrationResult>;
