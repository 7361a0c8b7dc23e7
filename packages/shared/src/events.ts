import { z } from 'zod';
import { ZInstant } from './formats';
import { format, messages } from './messages';
import {
  canonicalTimeZone,
  DEFAULT_TIME_ZONE,
  placeDateTime,
  readDateTime,
  type DateTimeInput,
} from './rules/time';
import { TAG_DESIGN_KEYS, ZTagDesign, ZTagDesignResponse, zHexColour } from './tags';
import {
  DEFAULT_CERTIFICATE_DESIGN,
  DEFAULT_CERTIFICATE_RULES,
  ZCertificateDesign,
  ZCertificateDesignResponse,
  ZCertificateRules,
  ZCertificateRulesResponse,
} from './certificates';

/** What the OpenAPI document says of an event's date-times (they are read as described). */
export const EVENT_DATE_TIME_DESCRIPTION =
  'ISO 8601 date-time. With an offset or Z (2026-11-26T05:00:00Z, 2026-11-26T08:00+03:00) it is that ' +
  "instant. Without one (2026-11-26T08:00) it is a wall-clock time in the event's time zone: the " +
  'time_zone sent in the same body, else the zone the event already has, else UTC.';

/**
 * A required ISO date-time field: `required` when absent or blank, a clear message when unreadable.
 * A value without an offset stays a wall-clock time until the event's zone places it.
 */
export function zDateTime(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(64, invalid)
    .transform((value, ctx) => {
      const date = readDateTime(value);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return date;
    })
    .meta({ description: EVENT_DATE_TIME_DESCRIPTION });
}

function isDateTimeInput(value: unknown): value is DateTimeInput {
  return typeof value === 'object' && value !== null && 'kind' in value;
}

/** An IANA time zone name ('Africa/Nairobi', 'UTC'), stored in the runtime's spelling. */
export const zTimeZone = z
  .string({ error: messages.invalidTimeZone })
  .max(64, messages.invalidTimeZone)
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone === null) {
      ctx.addIssue({ code: 'custom', message: messages.invalidTimeZone });
      return z.NEVER;
    }
    return zone;
  });

/** Optional free text: null and absent both read as ''. */
const zText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .nullish()
    .transform((v) => v ?? '');

/** The most sessions a day the DSA rule may ask for. */
export const MAX_DSA_SESSIONS_PER_DAY = 24;

/** Fields staff may set on an event besides name, dates and location (built with each schema). */
const eventExtras = () => ({
  description: zText(5000),
  is_active: z.boolean().optional(),
  logo: z.string().max(500_000).nullish(),
  image: z.string().max(500_000).nullish(),
  primary_color: zHexColour.optional(),
  secondary_color: zHexColour.optional(),
  accent_color: zHexColour.optional(),
  tag_background_color: zHexColour.optional(),
  tag_text_color: zHexColour.optional(),
  tag_design: ZTagDesign.nullish(),
  /** null restores the default wording. */
  event_notes: z.string().trim().max(5000).nullish(),
  group_chat_url: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'Enter a valid URL starting with https://')
    .nullish(),
  support_contact: z.string().trim().max(500).nullish(),
  dsa_sessions_per_day: z.number().int().min(0).max(MAX_DSA_SESSIONS_PER_DAY).optional(),
  /** Scanner accounts may add walk-ins at the check-in station (admins always may). */
  allow_walk_ins_by_scanners: z.boolean().optional(),
  /** The station opens the participant's badge for printing after each door check-in. */
  print_badge_on_check_in: z.boolean().optional(),
  /** Who earns a certificate of attendance (the whole rule set); null: none. */
  certificate_rules: ZCertificateRules.nullish(),
  /** The certificate's design: the fields sent change, null restores the defaults. */
  certificate_design: ZCertificateDesign.nullish(),
  /** Where the event happens; every time of it is shown in this zone. Absent on create: UTC. */
  time_zone: zTimeZone.optional(),
  /**
   * The country (ISO 3166 alpha-2) whose local numbers participants' phones are read as; '' for
   * none (numbers must carry their country code). Absent on create: the time zone's country.
   */
  default_country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, messages.invalidCountry)
    .optional(),
});

/** A colour sent both in `tag_design` (camelCase) and as the event's column must agree. */
function checkTagColours(value: object, ctx: z.RefinementCtx) {
  // Refinements may run after a field failed: read defensively.
  const v = value as Record<string, unknown>;
  const colours = (v.tag_design as { colours?: Record<string, unknown> } | null | undefined)?.colours;
  if (!colours) return;
  for (const [field, to] of Object.entries(TAG_DESIGN_KEYS)) {
    if (!('colour' in to)) continue;
    const inDesign = colours[to.colour];
    const column = v[to.colour];
    if (
      typeof inDesign === 'string' &&
      typeof column === 'string' &&
      column.toLowerCase() !== inDesign.toLowerCase()
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['tag_design', field],
        message: messages.tagColourTwice.replace('{field}', field).replace('{column}', to.colour),
      });
    }
  }
}

const eventName = z
  .string({ error: messages.eventNameRequired })
  .trim()
  .min(1, messages.eventNameRequired)
  .max(200);
const eventLocation = z
  .string({ error: messages.locationRequired })
  .trim()
  .min(1, messages.locationRequired)
  .max(300);

/** POST /api/events/ (document 2 §5: name, dates and location required; start not after end). */
export const ZEventCreate = z
  .object({
    name: eventName,
    start_date: zDateTime(messages.startDateRequired, messages.invalidEventDate),
    end_date: zDateTime(messages.endDateRequired, messages.invalidEventDate),
    location: eventLocation,
    ...eventExtras(),
  })
  .superRefine(checkTagColours)
  .superRefine((v, ctx) => {
    // Refinements still run after a field failed (a blank date stays a string): compare only dates.
    if (!isDateTimeInput(v.start_date) || !isDateTimeInput(v.end_date)) return;
    // A zone that failed its own check is still the raw string here.
    const zone = canonicalTimeZone(String(v.time_zone ?? '')) ?? DEFAULT_TIME_ZONE;
    if (placeDateTime(v.start_date, zone).getTime() > placeDateTime(v.end_date, zone).getTime()) {
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: messages.startDateAfterEndDate });
    }
  })
  // Times without an offset are wall-clock times in the zone this body gives the event.
  .transform((v) => {
    const zone = v.time_zone ?? DEFAULT_TIME_ZONE;
    return { ...v, start_date: placeDateTime(v.start_date, zone), end_date: placeDateTime(v.end_date, zone) };
  });
export type TEventCreate = z.input<typeof ZEventCreate>;
export type TEventCreateParsed = z.output<typeof ZEventCreate>;

/**
 * PATCH /api/events/{id}/: any subset; the date order is checked against the stored dates too. Dates
 * without an offset stay wall-clock times: the service places them in time_zone when this body sends
 * one, else in the event's stored zone (`placeDateTime`).
 */
export const ZEventUpdate = z
  .object({
    name: eventName.optional(),
    start_date: zDateTime(messages.startDateRequired, messages.invalidEventDate).optional(),
    end_date: zDateTime(messages.endDateRequired, messages.invalidEventDate).optional(),
    location: eventLocation.optional(),
    ...eventExtras(),
    description: z.string().trim().max(5000).nullish(),
  })
  .superRefine(checkTagColours);
export type TEventUpdate = z.input<typeof ZEventUpdate>;
export type TEventUpdateParsed = z.output<typeof ZEventUpdate>;

export const EVENT_STATUSES = ['Completed', 'Active', 'Upcoming'] as const;

/** An event as the API returns it (document 2 §3, document 1 §3: `title` repeats `name`). */
export const ZEvent = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  start_date: ZInstant,
  end_date: ZInstant,
  location: z.string(),
  is_active: z.boolean(),
  event_code: z.string(),
  logo: z.string().nullable(),
  image: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  accent_color: z.string(),
  tag_background_color: z.string(),
  tag_text_color: z.string(),
  /** The whole design, defaults filled in: the spec's camelCase object and snake_case beside it (tags.ts). */
  tag_design: ZTagDesignResponse,
  /** The uploaded logo (PNG, JPEG or WebP), or null. */
  logo_url: z.string().nullable(),
  /** The stored notes, or the default wording when staff have not written their own. */
  event_notes: z.string(),
  group_chat_url: z.string().nullable(),
  support_contact: z.string().nullable(),
  dsa_sessions_per_day: z.number().int(),
  /** Scanner accounts may add walk-ins at the check-in station (admins always may). */
  allow_walk_ins_by_scanners: z.boolean().default(false),
  /** The station opens the participant's badge for printing after each door check-in. */
  print_badge_on_check_in: z.boolean().default(false),
  /** Who earns a certificate of attendance (absent in copies kept before certificates existed). */
  certificate_rules: ZCertificateRulesResponse.default(DEFAULT_CERTIFICATE_RULES),
  certificate_design: ZCertificateDesignResponse.default({
    ...DEFAULT_CERTIFICATE_DESIGN,
    signature_url: null,
  }),
  /**
   * The event's IANA time zone: every time of the event and its sessions is shown in it. A copy
   * kept offline before events had zones reads as UTC, which they all were.
   */
  time_zone: z.string().default(DEFAULT_TIME_ZONE),
  /** The country participants' local phone numbers are read in ('' for none; absent in older copies). */
  default_country: z.string().default(''),
  /** Completed / Active / Upcoming from the dates (document 2 §4). */
  status: z.enum(EVENT_STATUSES),
  participants_count: z.number().int(),
  sessions_count: z.number().int(),
  created_at: ZInstant,
  updated_at: ZInstant,
});
export type TEvent = z.infer<typeof ZEvent>;

/** GET /api/events/{id}/: the event plus the figures of the stats grid. */
export const ZEventDetail = ZEvent.extend({
  confirmed_count: z.number().int(),
  /** Main-event (door) check-ins. */
  check_ins_count: z.number().int(),
});
export type TEventDetail = z.infer<typeof ZEventDetail>;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** DRF-style page: `next`/`previous` are paths with the same query and the neighbouring page. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export const ZEventPage = zPage(ZEvent);
export type TEventPage = z.infer<typeof ZEventPage>;

const zBoolParam = z
  .enum(['true', 'false', '1', '0', 'True', 'False'])
  .transform((v) => v === 'true' || v === '1' || v === 'True');

/** GET /api/events/ query; unknown parameters (such as a cache-busting timestamp) are ignored. */
export const ZEventListQuery = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be 1 or more').default(1),
  page_size: z.coerce
    .number()
    .int('page_size must be a whole number')
    .min(1, 'page_size must be 1 or more')
    .default(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
  search: z.string().trim().max(200).optional(),
  is_active: zBoolParam.optional(),
  status: z.enum(['upcoming', 'active', 'completed']).optional(),
});
export type TEventListQuery = z.input<typeof ZEventListQuery>;

/** Sessions a day that earn the DSA when staff have not set another number (document 1 §1). */
export const DEFAULT_DSA_SESSIONS_PER_DAY = 4;

/** The English template of the standard notes; screens show it in the reader's language. */
export const STANDARD_EVENT_NOTES =
  'Daily subsistence allowance (DSA) is paid only if you register for and attend {n} sessions per day. ' +
  'You must confirm your attendance, or you will not be allowed in. Arriving late may cost you your space.';

/** The participants' notes when staff have not written their own (document 1 §1). */
export function defaultEventNotes(dsaSessionsPerDay: number): string {
  return format(STANDARD_EVENT_NOTES, { n: dsaSessionsPerDay });
}

const STANDARD_NOTES_PATTERN = new RegExp(
  `^${STANDARD_EVENT_NOTES.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{n\\}', '(\\d+)')}$`,
);

/**
 * The sessions a day named by `notes` when they are the standard English notes (served for events
 * without notes of their own, or saved as they were by staff), so a screen can show them in its
 * language; null for notes staff wrote, which are shown as written.
 */
export function standardEventNotesCount(notes: string): number | null {
  const match = STANDARD_NOTES_PATTERN.exec(notes.trim());
  return match?.[1] === undefined ? null : Number(match[1]);
}
