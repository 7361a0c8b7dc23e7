import { z } from 'zod';
import { ZInstant } from './formats';
import { zPage } from './events';
import { ZLanguage } from './language';
import { messages } from './messages';

/** The "simple address pattern" of document 2 §5: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9.@+_-]+$/;
export const PARTICIPANT_LIMITS = {
  fullName: 200,
  email: 254,
  username: 150,
  phone: 50,
  organization: 200,
  jobTitle: 200,
} as const;

export const PARTICIPANT_PAGE_SIZE = 50;
export const MAX_PARTICIPANT_PAGE_SIZE = 500;
export const BULK_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const BULK_UPLOAD_MAX_ROWS = 50_000;
export const BULK_UPLOAD_COLUMNS = [
  'full_name',
  'email',
  'username',
  'phone',
  'organization',
  'job_title',
  'language',
];
export const BULK_UPLOAD_REQUIRED_COLUMNS = ['full_name', 'email'];
/**
 * What a bulk upload does with rows whose e-mail belongs to an existing participant: `create_only`
 * leaves them as they are, `create_and_update` (the default) updates them.
 */
export const ZBulkUploadMode = z.enum(['create_only', 'create_and_update']);
export type TBulkUploadMode = z.infer<typeof ZBulkUploadMode>;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** Optional free text: trimmed; null and absent read as ''. */
const zOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => v ?? '');

export const zFullName = z
  .string({ error: messages.fullNameRequired })
  .trim()
  .min(1, { error: messages.fullNameRequired, abort: true })
  .max(PARTICIPANT_LIMITS.fullName, tooLong(PARTICIPANT_LIMITS.fullName));

export const zEmail = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired, abort: true })
  .max(PARTICIPANT_LIMITS.email, tooLong(PARTICIPANT_LIMITS.email))
  .regex(EMAIL_PATTERN, messages.invalidEmail);

export const zUsername = z
  .string()
  .trim()
  .max(PARTICIPANT_LIMITS.username, tooLong(PARTICIPANT_LIMITS.username))
  .refine((v) => v === '' || USERNAME_PATTERN.test(v), messages.invalidUsername);

/** Add Participant (document 2 §2): username blank means "derive it from the e-mail". */
export const ZParticipantCreate = z.object({
  full_name: zFullName,
  email: zEmail,
  username: zUsername.nullish().transform((v) => v ?? ''),
  phone: zOptionalText(PARTICIPANT_LIMITS.phone),
  organization: zOptionalText(PARTICIPANT_LIMITS.organization),
  job_title: zOptionalText(PARTICIPANT_LIMITS.jobTitle),
  /** The language of the participant's screens and messages; absent means English. */
  language: ZLanguage.optional(),
});
export type TParticipantCreate = z.input<typeof ZParticipantCreate>;

/**
 * Participant edit: the editable fields; username and unique_code may be sent back unchanged (a
 * form often posts the whole object) but never changed.
 */
export const ZParticipantUpdate = z.object({
  full_name: zFullName.optional(),
  email: zEmail.optional(),
  phone: zOptionalText(PARTICIPANT_LIMITS.phone).optional(),
  organization: zOptionalText(PARTICIPANT_LIMITS.organization).optional(),
  job_title: zOptionalText(PARTICIPANT_LIMITS.jobTitle).optional(),
  language: ZLanguage.optional(),
  username: z.string().trim().max(PARTICIPANT_LIMITS.username).nullish(),
  unique_code: z.string().trim().max(64).nullish(),
});
export type TParticipantUpdate = z.input<typeof ZParticipantUpdate>;

/** The participant as staff see it (document 2 §3). */
export const ZParticipant = z.object({
  id: z.number().int(),
  event: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  /** E.164 (+254712345678), or '' for none. */
  phone: z.string(),
  /**
   * True when the stored number could not be read as a phone number (typed before numbers were read,
   * kept as typed): no SMS goes to it until staff correct it.
   */
  phone_invalid: z.boolean().default(false),
  organization: z.string(),
  job_title: z.string(),
  /** The language of the participant's screens and messages (absent from older answers: English). */
  language: ZLanguage.default('en'),
  unique_code: z.string(),
  confirmed_attendance: z.boolean(),
  confirmed_at: ZInstant.nullable(),
  notification_sent: z.boolean(),
  notification_sent_at: ZInstant.nullable(),
  /** not_sent, queued, sent or failed: where the login details stand. */
  notification_status: z.enum(['not_sent', 'queued', 'sent', 'failed']),
  /** Signed, expiring image URL; null until attendance is confirmed. */
  qr_code_url: z.string().nullable(),
  created_at: ZInstant,
  updated_at: ZInstant,
});
export type TParticipant = z.infer<typeof ZParticipant>;

export const ZParticipantCreated = ZParticipant.extend({
  message: z.string(),
  data: z.object({ unique_code: z.string() }),
});
export type TParticipantCreated = z.infer<typeof ZParticipantCreated>;

export const ZParticipantPage = zPage(ZParticipant).extend({
  /**
   * True when a search matched more than `count` participants: searches count exactly up to a
   * bound (1,000) and then say "more than" it; `next` still leads on while there are more. False or
   * absent: `count` is exact.
   */
  count_is_lower_bound: z.boolean().optional(),
});
export type TParticipantPage = z.infer<typeof ZParticipantPage>;

const zBoolParam = z
  .enum(['true', 'false', '1', '0', 'True', 'False'], { error: 'Use true or false.' })
  .transform((v) => v === 'true' || v === '1' || v === 'True');

export const PARTICIPANT_ORDERINGS = [
  'full_name',
  'email',
  'username',
  'organization',
  'created_at',
  'updated_at',
  'confirmed_at',
  'notification_sent_at',
  'id',
] as const;

/** Filters shared by the list, the id list (selection helpers) and the export. */
export const ZParticipantFilters = z.object({
  search: z.string().trim().max(200).optional(),
  confirmed: zBoolParam.optional(),
  notification_sent: zBoolParam.optional(),
  notification_status: z.enum(['not_sent', 'queued', 'sent', 'failed']).optional(),
});

/** GET …/participants/ query; unknown parameters (such as a cache-busting timestamp) are ignored. */
export const ZParticipantListQuery = ZParticipantFilters.extend({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be 1 or more').default(1),
  page_size: z.coerce
    .number()
    .int('page_size must be a whole number')
    .min(1, 'page_size must be 1 or more')
    .default(PARTICIPANT_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_PARTICIPANT_PAGE_SIZE)),
  ordering: z
    .string()
    .trim()
    .refine(
      (v) => (PARTICIPANT_ORDERINGS as readonly string[]).includes(v.replace(/^-/, '')),
      `ordering must be one of ${PARTICIPANT_ORDERINGS.join(', ')} (prefix - for descending)`,
    )
    .meta({ enum: PARTICIPANT_ORDERINGS.flatMap((o) => [o, `-${o}`]) })
    .optional(),
});
export type TParticipantListQuery = z.input<typeof ZParticipantListQuery>;

/** Every matching id, for "Select Not Notified", "Select Not Confirmed" and select-all. */
export const ZParticipantIds = z.object({ count: z.number().int(), ids: z.array(z.number().int()) });

export const ZParticipantStats = z.object({
  total: z.number().int(),
  confirmed: z.number().int(),
  pending: z.number().int(),
  notification_sent: z.number().int(),
});
export type TParticipantStats = z.infer<typeof ZParticipantStats>;

export const ZBulkUploadRowError = z.object({
  row: z.number().int(),
  email: z.string(),
  message: z.string(),
});

/**
 * Bulk upload outcome. `errors` is the number of rejected rows (the results spreadsheet lists every
 * row with its reason); `error_details` repeats the first 100 of them for display.
 */
export const ZBulkUploadResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.number().int(),
  /** Rows of existing participants whose values already match: nothing written. */
  unchanged: z.number().int(),
  /** Rows that would change an existing participant, left as they are because of `create_only`. */
  skipped: z.number().int(),
  mode: ZBulkUploadMode,
  total_rows: z.number().int(),
  error_details: z.array(ZBulkUploadRowError),
  download_url: z.string().nullable(),
  filename: z.string(),
  message: z.string(),
});
export type TBulkUploadResult = z.infer<typeof ZBulkUploadResult>;

/** Participant fields an import can change on an existing participant (the e-mail is the key). */
export const BULK_UPLOAD_CHANGE_FIELDS = [
  'full_name',
  'phone',
  'organization',
  'job_title',
  'language',
] as const;
export const ZBulkUploadChangeField = z.enum(BULK_UPLOAD_CHANGE_FIELDS);
export type TBulkUploadChangeField = z.infer<typeof ZBulkUploadChangeField>;

/** Existing participants listed in a preview; the counts give the totals. */
export const BULK_UPLOAD_PREVIEW_CHANGES = 200;
/** Rejected rows listed in a preview or a result; `errors` gives the total. */
export const BULK_UPLOAD_ERRORS_SHOWN = 100;

export const ZBulkUploadChange = z.object({
  row: z.number().int(),
  participant_id: z.number().int(),
  email: z.string(),
  /** The participant's name as it is now. */
  full_name: z.string(),
  fields: z.array(z.object({ field: ZBulkUploadChangeField, old: z.string(), new: z.string() })),
});
export type TBulkUploadChange = z.infer<typeof ZBulkUploadChange>;

/**
 * What an upload would do, written nowhere: `created` new participants, `updated` existing ones
 * that would change (the first BULK_UPLOAD_PREVIEW_CHANGES in `changes`, field by field, old and
 * new as they would be stored), `unchanged` existing ones already matching, `errors` rejected rows.
 * `fingerprint` identifies this file against the participants as they are now: sent back with the
 * chosen mode, the upload is refused (409, code `preview_stale`) if the preview would differ.
 */
export const ZBulkUploadPreview = z.object({
  total_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  changes: z.array(ZBulkUploadChange),
  error_details: z.array(ZBulkUploadRowError),
  fingerprint: z.string(),
});
export type TBulkUploadPreview = z.infer<typeof ZBulkUploadPreview>;

/** The query of POST …/bulk_upload/: the mode chosen after the preview, and that preview's fingerprint. */
export const ZBulkUploadQuery = z.object({
  mode: ZBulkUploadMode.default('create_and_update'),
  fingerprint: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .optional(),
});

export const ZUploadTemplateQuery = z.object({ language: ZLanguage.optional() });
