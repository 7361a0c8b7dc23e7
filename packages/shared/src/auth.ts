import { z } from 'zod';
import { ZInstant } from './formats';
import { ZLanguage } from './language';
import { messages } from './messages';

/**
 * A solved proof-of-work challenge (ALTCHA v2): base64 of the JSON `{challenge, solution}`. Sign-in
 * calls take it once the server has answered 428 `challenge_required` (see ZChallengeRequired).
 */
export const ZAltchaSolution = z.string().max(4096).optional();

export const ZStaffLogin = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(150),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
  altcha: ZAltchaSolution,
});
export type TStaffLogin = z.infer<typeof ZStaffLogin>;

export const ZParticipantLogin = z.object({
  event_code: z
    .string({ error: messages.bothCodesRequired })
    .trim()
    .min(1, messages.bothCodesRequired)
    .max(64),
  unique_code: z
    .string({ error: messages.bothCodesRequired })
    .trim()
    .min(1, messages.bothCodesRequired)
    .max(64),
  altcha: ZAltchaSolution,
});
export type TParticipantLogin = z.infer<typeof ZParticipantLogin>;

export const ZOneClickLogin = z.object({
  token: z.string({ error: messages.invalidLoginLink }).trim().min(1, messages.invalidLoginLink).max(256),
  altcha: ZAltchaSolution,
});

export const ZRefreshBody = z
  .object({ refresh: z.string().min(1).max(512).optional() })
  .optional()
  .nullable();

export const ZEventRef = z.object({ id: z.number().int(), event_code: z.string() });

/** The participant as they see themselves (document 1 §3). */
export const ZParticipantSelf = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  organization: z.string(),
  job_title: z.string(),
  /** The language of their screens and messages (absent from a copy kept before it existed: English). */
  language: ZLanguage.default('en'),
  unique_code: z.string(),
  confirmed_attendance: z.boolean(),
  confirmed_at: ZInstant.nullable(),
  qr_code_url: z.string().nullable(),
  event: ZEventRef,
  event_name: z.string(),
  is_participant: z.literal(true),
  is_staff: z.literal(false),
});
export type TParticipantSelf = z.infer<typeof ZParticipantSelf>;

export const ZStaffSelf = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  is_staff: z.literal(true),
  is_participant: z.literal(false),
  /** 'scanner' may only run the check-in stations of `event_ids`. */
  role: z.enum(['admin', 'scanner']),
  event_ids: z.array(z.number().int()),
});
export type TStaffSelf = z.infer<typeof ZStaffSelf>;

export const ZMe = z.union([ZStaffSelf, ZParticipantSelf]);
export type TMe = z.infer<typeof ZMe>;

export const ZStaffTokens = z.object({ access: z.string(), refresh: z.string(), user: ZStaffSelf });
export const ZParticipantTokens = z.object({
  access: z.string(),
  refresh: z.string(),
  participant: ZParticipantSelf,
});
export const ZTokenPair = z.object({ access: z.string(), refresh: z.string() });

/**
 * A refresh's answer: the new pair and the account as GET /accounts/me/ shows it, so a page opened
 * with the refresh cookie needs one round trip to know who is signed in, not two.
 */
export const ZRefreshAnswer = ZTokenPair.extend({ user: ZMe });
export type TRefreshAnswer = z.infer<typeof ZRefreshAnswer>;

/**
 * A one-click sign-in link: reusable until it expires (the event's end, at most 30 days) or staff
 * revoke it; revoking ends the sign-ins opened with it.
 */
export const ZLoginLink = z.object({ url: z.string(), expires_at: ZInstant });
export type TLoginLink = z.infer<typeof ZLoginLink>;

/** Revoking a participant's login links: how many live links were revoked. */
export const ZLoginLinksRevoked = z.object({ revoked: z.number().int() });
export type TLoginLinksRevoked = z.infer<typeof ZLoginLinksRevoked>;

/** Sign out everywhere: how many sign-ins were ended. */
export const ZSessionsRevoked = z.object({ detail: z.string(), sessions: z.number().int() });
export type TSessionsRevoked = z.infer<typeof ZSessionsRevoked>;

/**
 * The landing page's 'Platform Impact' figures. The operator chooses (LANDING_STATS) between live
 * counts, fixed figures and hiding the section; hidden gives no figures at all.
 */
export const ZPublicStats = z.discriminatedUnion('mode', [
  z.object({
    mode: z.enum(['live', 'fixed']),
    events_created: z.number().int(),
    participants_managed: z.number().int(),
    /** Null while nobody has been checked in: there is no rate to show yet ('—', not '0%'). */
    check_in_success_rate: z.number().int().min(0).max(100).nullable(),
  }),
  z.object({ mode: z.literal('hidden') }),
]);
export type TPublicStats = z.infer<typeof ZPublicStats>;

export const ZErrorBody = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** An ALTCHA v2 challenge as the server issues it (PBKDF2/SHA-256, a signed counter range). */
export const ZAltchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type TAltchaChallenge = z.infer<typeof ZAltchaChallenge>;

/**
 * 428 from a sign-in call: past a few failures from the caller's network (or at the event), the call
 * is evaluated only with a solved challenge. Send the same body again with `altcha` set.
 */
export const ZChallengeRequired = ZErrorBody.extend({
  code: z.literal('challenge_required'),
  challenge: ZAltchaChallenge,
});
export type TChallengeRequired = z.infer<typeof ZChallengeRequired>;
