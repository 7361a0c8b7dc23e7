import { z } from 'zod';
import { ZAltchaSolution } from './auth';
import { STAFF_ROLES, ZStaffAccount } from './check-in';
import { ZInstant } from './formats';
import { ZId } from './ids';
import { messages } from './messages';
import { EMAIL_PATTERN } from './participants';

/** How long an invitation to a new staff account lasts. */
export const STAFF_INVITE_DAYS = 7;

/** Staff passwords: at least this long, and at most this long (argon2 reads every byte). */
export const STAFF_PASSWORD_MIN = 8;
export const STAFF_PASSWORD_MAX = 256;

/** A staff username: letters, digits and @ . + - _, at most 150 characters (unique regardless of case). */
export const STAFF_USERNAME_PATTERN = /^[\w.@+-]{1,150}$/;

export const ZStaffUsername = z
  .string({ error: messages.invalidUsername })
  .trim()
  .regex(STAFF_USERNAME_PATTERN, messages.invalidUsername);

/** A password a person chooses (or is given): the length rules; the service also refuses the username. */
export const ZNewPassword = z
  .string({ error: messages.passwordTooShort })
  .min(STAFF_PASSWORD_MIN, messages.passwordTooShort)
  .max(STAFF_PASSWORD_MAX, messages.passwordTooLong);

/**
 * How a new account (or one whose password is reset) gets in: an invitation link with which the
 * person chooses a password once, or a generated password. Either is shown once.
 */
export const CREDENTIAL_DELIVERIES = ['invite', 'password'] as const;
export type CredentialDelivery = (typeof CREDENTIAL_DELIVERIES)[number];

const ZDelivery = z.enum(CREDENTIAL_DELIVERIES, { error: 'Delivery must be invite or password.' });

/** POST /api/accounts/staff/: a new admin, or a scanner of the given events. */
export const ZStaffCreate = z.object({
  username: ZStaffUsername,
  role: z.enum(STAFF_ROLES, { error: 'Role must be admin or scanner.' }),
  /** A scanner's events (at least one); ignored for an admin, who reaches every event. */
  event_ids: z.array(ZId).max(1000).default([]),
  full_name: z.string().trim().max(200).default(''),
  /** Where the invitation is e-mailed (optional). */
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), messages.invalidEmail)
    .default(''),
  delivery: ZDelivery.default('invite'),
});
export type TStaffCreate = z.input<typeof ZStaffCreate>;

/** POST /api/accounts/staff/{id}/credentials/: a new invitation or a new generated password. */
export const ZStaffCredentialsReset = z.object({ delivery: ZDelivery });
export type TStaffCredentialsReset = z.input<typeof ZStaffCredentialsReset>;

/**
 * The account, and what was made for it, shown this once (never stored, never listed again): the
 * invitation link and when it expires, or the generated password.
 */
export const ZStaffCredentials = z.object({
  account: ZStaffAccount,
  invite_url: z.string().nullable(),
  invite_expires_at: ZInstant.nullable(),
  /** The invitation was queued to the account's e-mail address. */
  invite_emailed: z.boolean(),
  password: z.string().nullable(),
});
export type TStaffCredentials = z.infer<typeof ZStaffCredentials>;

const ZInviteToken = z
  .string({ error: messages.inviteInvalid })
  .trim()
  .min(1, messages.inviteInvalid)
  .max(256, messages.inviteInvalid);

/** POST /api/auth/invite/check/: whom a live invitation is for, before the password is chosen. */
export const ZInviteCheck = z.object({ token: ZInviteToken, altcha: ZAltchaSolution });
export const ZInviteInfo = z.object({
  username: z.string(),
  full_name: z.string(),
  role: z.enum(STAFF_ROLES),
  expires_at: ZInstant,
});
export type TInviteInfo = z.infer<typeof ZInviteInfo>;

/** POST /api/auth/invite/accept/: sets the password once, and signs the person in. */
export const ZInviteAccept = z.object({
  token: ZInviteToken,
  password: ZNewPassword,
  altcha: ZAltchaSolution,
});
export type TInviteAccept = z.input<typeof ZInviteAccept>;
