import { z } from 'zod';
import { ZCheckIn } from './check-in';
import { zPage } from './events';
import { ZInstant } from './formats';
import { ZIdParam } from './ids';
import { messages } from './messages';
import { ZParticipant } from './participants';

/** The longest reason an admin can give for undoing a confirmation. */
export const UNDO_REASON_MAX = 500;

/** POST …/participants/{id}/undo_confirmation/: why (kept in the audit log). */
export const ZUndoConfirmationBody = z.object({
  reason: z
    .string({ error: messages.undoReasonRequired })
    .trim()
    .min(1, messages.undoReasonRequired)
    .max(UNDO_REASON_MAX, messages.undoReasonTooLong),
});
export type TUndoConfirmationBody = z.input<typeof ZUndoConfirmationBody>;

/** A session a participant held a place in (or waited for) when their confirmation was undone. */
const ZSessionPlace = z.object({ session: z.number().int(), session_name: z.string() });

export const ZUndoConfirmationResult = z.object({
  status: z.literal('unconfirmed'),
  message: z.string(),
  participant: ZParticipant,
  /** The session registrations given up (a pending participant holds none); their seats went to the line. */
  removed_registrations: z.array(ZSessionPlace),
  /** The waiting-list places given up. */
  removed_waitlist: z.array(ZSessionPlace),
});
export type TUndoConfirmationResult = z.infer<typeof ZUndoConfirmationResult>;

/** A session the participant is registered for, as their staff page lists it. */
export const ZParticipantSession = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_session_name: z.string().nullable(),
  location: z.string(),
  start_time: ZInstant,
  end_time: ZInstant,
  registered_at: ZInstant,
});
export type TParticipantSession = z.infer<typeof ZParticipantSession>;

export const ZParticipantWaitlistPlace = z.object({
  session: z.number().int(),
  session_name: z.string(),
  start_time: ZInstant,
  /** 1 for the first in line. */
  position: z.number().int(),
  joined_at: ZInstant,
});

/**
 * GET …/participants/{id}/history/: the participant's sessions, waiting-list places and every
 * check-in (door and sessions, with who and when), newest check-in first.
 */
export const ZParticipantHistory = z.object({
  sessions: z.array(ZParticipantSession),
  waitlist: z.array(ZParticipantWaitlistPlace),
  check_ins: z.array(ZCheckIn),
});
export type TParticipantHistory = z.infer<typeof ZParticipantHistory>;

/**
 * What an event's activity page lists: what staff did to the event and its people (and what the
 * waiting list did by itself). Sign-ins and participants' own acts are not listed.
 */
export const ACTIVITY_ACTIONS = [
  'check_in.undone',
  'participant.unconfirm',
  'participant.reset_code',
  'notifications.force_retry',
  'notifications.retry',
  'staff.access_changed',
  'staff.created',
  'staff.removed',
  'staff.disabled',
  'staff.enabled',
  'participant.confirm',
  'participant.bulk_confirm',
  'participant.create',
  'participant.update',
  'participant.delete',
  'participant.bulk_upload',
  'participant.revoke_sessions',
  'login_link.create',
  'login_link.revoke',
  'notifications.queue',
  'event.create',
  'event.update',
  'event.image_set',
  'event.image_deleted',
  'event.logo_set',
  'event.logo_deleted',
  'session.create',
  'session.update',
  'session.delete',
  'session.create_sub_sessions',
  'session.unregister',
  'session.waitlist_remove',
  'session.waitlist_promote',
  'session.waitlist_auto_promote',
] as const;
export type TActivityAction = (typeof ACTIVITY_ACTIONS)[number];
/** Staff-account actions: recorded once, not per event; an event lists those naming it among the scanner's events. */
export const STAFF_ACTIVITY_ACTIONS = [
  'staff.access_changed',
  'staff.created',
  'staff.removed',
  'staff.disabled',
  'staff.enabled',
] as const satisfies readonly TActivityAction[];

export const ACTIVITY_PAGE_SIZE = 50;
export const MAX_ACTIVITY_PAGE_SIZE = 200;

export const ZActivityFilters = z.object({
  action: z.enum(ACTIVITY_ACTIONS, { error: 'Unknown action.' }).optional(),
  /** The staff user who did it. */
  actor: ZIdParam.optional(),
  /** The participant it was done to. */
  participant: ZIdParam.optional(),
});
export type TActivityFilters = z.infer<typeof ZActivityFilters>;

export const ZActivityQuery = ZActivityFilters.extend({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be 1 or more').default(1),
  page_size: z.coerce
    .number()
    .int('page_size must be a whole number')
    .min(1, 'page_size must be 1 or more')
    .max(MAX_ACTIVITY_PAGE_SIZE, `page_size must be at most ${MAX_ACTIVITY_PAGE_SIZE}`)
    .default(ACTIVITY_PAGE_SIZE),
});

export const ZActivityEntry = z.object({
  id: z.number().int(),
  created_at: ZInstant,
  action: z.string(),
  /** Who did it: a staff user (name: their username), or null when the system did it. */
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  /** Whom or what it was done to, when one thing: participant, session, staff_user, check_in, event. */
  target: z.object({ type: z.string(), id: z.number().int().nullable(), name: z.string() }).nullable(),
  /** What the audit log recorded (never a code, token or password): counts, reasons, before/after. */
  details: z.record(z.string(), z.unknown()),
});
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

export const ZActivityPage = zPage(ZActivityEntry).extend({
  /** Everyone who appears as "who" in this event's activity, for the filter. */
  actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TActivityPage = z.infer<typeof ZActivityPage>;
