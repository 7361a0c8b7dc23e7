import { z } from 'zod';
import { ZCalendarDay, ZInstant } from './formats';
import { ZDay } from './attendance';
import { zPage } from './events';
import { ZId } from './ids';
import { messages } from './messages';
import { ZParticipantCreate } from './participants';
import { DEFAULT_TIME_ZONE } from './rules/time';

/** Longest `qr_code_data` accepted: a credential is ~110 characters, a typed code 8. */
export const CHECK_IN_DATA_MAX = 512;
export const CHECK_IN_NOTES_MAX = 500;
export const CHECK_IN_PAGE_SIZE = 50;
export const MAX_CHECK_IN_PAGE_SIZE = 200;
/** A camera keeps seeing the same code: the station ignores a repeat within this window. */
export const SCAN_REPEAT_IGNORE_MS = 3000;
/** The chart's bucket: check-ins per 15 minutes. */
export const CHECK_IN_BUCKET_MINUTES = 15;

const CODE_REQUIRED = 'Scan a QR code or enter a unique code.';

/** A scanned credential or a typed unique code, as a station sends it. */
export const ZCheckInCode = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(CHECK_IN_DATA_MAX, 'This is not a check-in code.');

/**
 * Who a check-in is for: exactly one of a code (`qr_code_data`) or, for someone found by name at the
 * station, a participant id (`participant`). Shared by the door's POST and the offline sync's items.
 */
export function checkInTarget(
  value: { qr_code_data?: string | undefined; participant?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  const hasCode = value.qr_code_data !== undefined;
  const hasParticipant = value.participant !== undefined;
  if (!hasCode && !hasParticipant) {
    ctx.addIssue({ code: 'custom', path: ['qr_code_data'], message: CODE_REQUIRED });
  } else if (hasCode && hasParticipant) {
    ctx.addIssue({ code: 'custom', path: ['participant'], message: messages.checkInCodeOrParticipant });
  }
}

/**
 * POST /api/events/{eventId}/check-in/: a scanned credential or a typed unique code, or the id of a
 * participant found by name (exactly one of the two).
 */
export const ZCheckInCreate = z
  .object({
    qr_code_data: ZCheckInCode.optional(),
    /** A participant of this event, found by name at the station (instead of `qr_code_data`). */
    participant: ZId.optional(),
    /** A session id of this event, or null for the main event (the door). */
    session: ZId.nullable().default(null),
    notes: z.string().trim().max(CHECK_IN_NOTES_MAX).default(''),
    /** Makes the call idempotent: a station's own id for this scan (retries send it again). */
    client_nonce: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_nonce must be 8 to 64 letters, digits, - or _.')
      .optional(),
    /** Check in someone not confirmed (confirms them) or not registered for the session. */
    force: z.boolean().default(false),
  })
  .superRefine(checkInTarget);
export type TCheckInCreate = z.input<typeof ZCheckInCreate>;

/**
 * A check-in record (document 2 §3), with who it is and whether staff forced it. `unique_code` goes
 * to admins only: a code signs in as the participant, and a scanner never receives one.
 */
export const ZCheckIn = z.object({
  id: z.number().int(),
  participant_id: z.number().int(),
  participant_name: z.string(),
  organization: z.string(),
  unique_code: z.string().optional(),
  session: z.number().int().nullable(),
  session_name: z.string(),
  check_in_time: ZInstant,
  checked_in_by: z.string(),
  notes: z.string(),
  forced: z.boolean(),
});
export type TCheckIn = z.infer<typeof ZCheckIn>;

/** Why a check-in was refused: each code has its own message and HTTP status. */
export const CHECK_IN_REFUSALS = [
  'already_checked_in',
  'not_confirmed',
  'not_registered',
  'invalid_code',
  'forged_code',
  'other_event',
  'unknown_code',
  'event_inactive',
  'session_not_found',
  'session_inactive',
  'nonce_reused',
] as const;
export type CheckInRefusal = (typeof CHECK_IN_REFUSALS)[number];

/** A refusal body: `{detail, code}`, with the first record when the participant is already in. */
export const ZCheckInRefusal = z.object({
  detail: z.string(),
  code: z.string(),
  check_in: ZCheckIn.optional(),
  participant: z.object({ id: z.number().int(), full_name: z.string(), organization: z.string() }).optional(),
});
export type TCheckInRefusal = z.infer<typeof ZCheckInRefusal>;

export const ZCheckInListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .default(CHECK_IN_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_CHECK_IN_PAGE_SIZE)),
  search: z.string().trim().max(200).optional(),
});
export type TCheckInListQuery = z.input<typeof ZCheckInListQuery>;

export const ZCheckInPage = zPage(ZCheckIn);
export type TCheckInPage = z.infer<typeof ZCheckInPage>;

/** GET /api/check-ins/stats/: every event the caller manages. */
export const ZCheckInOverview = z.object({
  total: z.number().int(),
  today: z.number().int(),
  events: z.array(
    z.object({
      event_id: z.number().int(),
      name: z.string(),
      total: z.number().int(),
      today: z.number().int(),
    }),
  ),
});
export type TCheckInOverview = z.infer<typeof ZCheckInOverview>;

/** GET /api/events/{eventId}/check-ins/stats/: counts for the door and every session, and a timeline. */
export const ZEventCheckInStats = z.object({
  main_event: z.object({
    checked_in: z.number().int(),
    confirmed: z.number().int(),
    total: z.number().int(),
  }),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      parent_session: z.number().int().nullable(),
      checked_in: z.number().int(),
      registered: z.number().int(),
      max_participants: z.number().int(),
    }),
  ),
  /** Check-ins per 15 minutes (start of each bucket, ISO), oldest first, empty buckets left out. */
  timeline: z.array(z.object({ bucket: z.string(), count: z.number().int() })),
});
export type TEventCheckInStats = z.infer<typeof ZEventCheckInStats>;

/** One Server-Sent Event of GET /api/events/{eventId}/check-ins/live/ (event name `check_in`). */
export const ZCheckInLiveEvent = z.object({
  action: z.enum(['created', 'deleted']),
  check_in: ZCheckIn,
});
export type TCheckInLiveEvent = z.infer<typeof ZCheckInLiveEvent>;

/** An event a station may check people in at (GET /api/check-in/events/). */
export const ZCheckInEvent = z.object({
  id: z.number().int(),
  name: z.string(),
  start_date: ZInstant,
  end_date: ZInstant,
  location: z.string(),
  is_active: z.boolean(),
  /** The event's IANA time zone; an offline pack saved before zones existed reads as UTC. */
  time_zone: z.string().default(DEFAULT_TIME_ZONE),
  participants_count: z.number().int(),
  /** Whether a scanner may add walk-ins here (admins always may); absent from older packs: no. */
  allow_walk_ins_by_scanners: z.boolean().default(false),
  /** Whether the station prints the badge after each door check-in; absent from older packs: no. */
  print_badge_on_check_in: z.boolean().default(false),
});
export const ZCheckInEventList = z.array(ZCheckInEvent);
export type TCheckInEvent = z.infer<typeof ZCheckInEvent>;

export const ZDsaReportQuery = z.object({ day: ZDay });

/** The DSA report: every confirmed participant's registered and attended sessions that day. */
export const ZDsaReport = z.object({
  /** A calendar day of the event's time zone (midnight to midnight there). */
  day: ZCalendarDay,
  time_zone: z.string(),
  sessions_required: z.number().int(),
  eligible_count: z.number().int(),
  rows: z.array(
    z.object({
      participant_id: z.number().int(),
      full_name: z.string(),
      organization: z.string(),
      registered: z.number().int(),
      attended: z.number().int(),
      eligible: z.boolean(),
    }),
  ),
});
export type TDsaReport = z.infer<typeof ZDsaReport>;

/**
 * POST /api/events/{eventId}/check-in/walk-in/: someone not on the list, added and checked in in one
 * step (the participant rules of Add Participant, the check-in rules of a scan). `session` is the
 * station's session, or null for the door.
 */
export const ZWalkInCreate = ZParticipantCreate.pick({
  full_name: true,
  email: true,
  phone: true,
  organization: true,
}).extend({
  session: ZId.nullable().default(null),
  notes: z.string().trim().max(CHECK_IN_NOTES_MAX).default(''),
});
export type TWalkInCreate = z.input<typeof ZWalkInCreate>;

/** Staff roles: an admin manages everything; a scanner only runs check-in stations of its events. */
export const STAFF_ROLES = ['admin', 'scanner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ZStaffAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  role: z.enum(STAFF_ROLES),
  event_ids: z.array(z.number().int()),
  is_active: z.boolean(),
  email: z.string(),
  /** False until an invited person has chosen their password (the account cannot sign in before). */
  has_password: z.boolean(),
  /** When the account's live invitation expires; null when none is waiting. */
  invite_expires_at: ZInstant.nullable(),
  last_login_at: ZInstant.nullable(),
});
export type TStaffAccount = z.infer<typeof ZStaffAccount>;
export const ZStaffAccountList = z.array(ZStaffAccount);

/** PATCH /api/accounts/staff/{id}/: grant or withdraw the scanner role and its events. */
export const ZStaffAccessUpdate = z.object({
  role: z.enum(STAFF_ROLES, { error: 'Role must be admin or scanner.' }),
  event_ids: z.array(ZId).max(1000).default([]),
});
export type TStaffAccessUpdate = z.input<typeof ZStaffAccessUpdate>;
