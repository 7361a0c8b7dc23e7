import { z } from 'zod';
import { ZCalendarDay, ZInstant } from './formats';
import { ZAltchaSolution, ZParticipantSelf } from './auth';
import { ZId, zIdParam } from './ids';
import { messages } from './messages';
import { ZParticipant } from './participants';
import { parseDateTime } from './rules/time';

export const BULK_CONFIRM_MAX = 50_000;

export const ZBulkConfirmBody = z.object({
  participant_ids: z
    .array(ZId, {
      error: messages.selectParticipantsToConfirm,
    })
    .min(1, messages.selectParticipantsToConfirm)
    .max(BULK_CONFIRM_MAX, `At most ${BULK_CONFIRM_MAX} participants can be confirmed at once.`),
});

export const ZBulkConfirmResult = z.object({
  confirmed_count: z.number().int(),
  already_confirmed_count: z.number().int(),
  error_count: z.number().int(),
  errors: z.array(z.object({ participant_id: z.number().int(), error: z.string() })),
  message: z.string(),
});
export type TBulkConfirmResult = z.infer<typeof ZBulkConfirmResult>;

/** Staff confirm of one participant: status 'already_confirmed' when there was nothing to do. */
export const ZConfirmResult = z.object({
  status: z.enum(['confirmed', 'already_confirmed']),
  message: z.string(),
  participant: ZParticipant,
});
export type TConfirmResult = z.infer<typeof ZConfirmResult>;

/** POST /api/simple-confirm/: the participant confirms their own attendance. */
export const ZSimpleConfirmBody = z.object({
  // The participant's own id, sent by the web app: any other value means its sign-in is broken.
  participant_id: zIdParam(messages.userInfoMissing),
  confirm: z.boolean().default(true),
});

/** POST /api/participants/confirm-attendance-direct/: the fallback with both codes. */
export const ZDirectConfirmBody = z.object({
  event_code: z
    .string({ error: messages.missingCredentials })
    .trim()
    .min(1, messages.missingCredentials)
    .max(64),
  unique_code: z
    .string({ error: messages.missingCredentials })
    .trim()
    .min(1, messages.missingCredentials)
    .max(64),
  altcha: ZAltchaSolution,
});

/** Document 1 §3 confirmation response: success, message, data.qr_code_url, participant. */
export const ZSelfConfirmResult = z.object({
  success: z.literal(true),
  status: z.enum(['confirmed', 'already_confirmed']),
  message: z.string(),
  data: z.object({
    qr_code_url: z.string().nullable(),
    confirmed_attendance: z.boolean(),
    confirmed_at: ZInstant.nullable(),
  }),
  qr_code_url: z.string().nullable(),
  participant: ZParticipantSelf,
});
export type TSelfConfirmResult = z.infer<typeof ZSelfConfirmResult>;

export const ZMyQrCode = z.object({ success: z.literal(true), qr_code_url: z.string() });
export type TMyQrCode = z.infer<typeof ZMyQrCode>;

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A day of the calendar as YYYY-MM-DD (2026-02-30 is none: Date.parse would roll it into March). */
export const ZDay = z
  .string()
  .regex(DAY_SHAPE, 'Use a day such as 2026-11-27.')
  .refine(
    // Only one message for a value of the wrong shape: the regex's.
    (v) => !DAY_SHAPE.test(v) || parseDateTime(`${v}T00:00`) !== null,
    'There is no such day in the calendar: use a day such as 2026-11-27.',
  )
  .meta({ format: 'date' });

/** GET /api/participants/me/dsa/?day=: the participant's own progress toward the DSA rule. */
export const ZMyDsaProgress = z.object({
  day: ZCalendarDay,
  attended: z.number().int(),
  required: z.number().int(),
  eligible: z.boolean(),
});
export type TMyDsaProgress = z.infer<typeof ZMyDsaProgress>;
