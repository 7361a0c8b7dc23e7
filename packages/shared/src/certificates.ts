import { z } from 'zod';
import { LANGUAGE_LOCALES, type TLanguage } from './language-codes';
import { fitText, type TagBox, type TagColours, type TagFont } from './tags';
import { ZInstant } from './formats';
import { zId } from './ids';
import { format, messages } from './messages';

/**
 * Certificates of attendance (issue 33): who earns one (the event's `certificate_rules`), what it
 * looks like (`certificate_design`, the tag's colours, logo and image) and what anyone may read of
 * it at /verify/{id}. The layout is one description drawn by the staff preview and the server's PDF.
 */

export const CERTIFICATE_DOOR_RULES = ['any_day', 'every_day'] as const;
export type TCertificateDoorRule = (typeof CERTIFICATE_DOOR_RULES)[number];

/** The refusals of this area, from the shared catalogue (translated on the web). */
export const certificateMessages = {
  rulesUnknownField: messages.certificateRulesUnknownField,
  doorRule: messages.certificateDoorRule,
  minSessions: messages.certificateMinSessions,
  minDsaDays: messages.certificateMinDsaDays,
  designUnknownField: messages.certificateDesignUnknownField,
  titleLength: messages.certificateTitleLength,
  signatoryLength: messages.certificateSignatoryLength,
  designFlag: messages.certificateDesignFlag,
  noteRequired: messages.certificateNoteRequired,
  certificateNotFound: messages.certificateNotFound,
  alreadyHasCertificate: messages.certificateAlreadyIssued,
  alreadyWithdrawn: messages.certificateAlreadyWithdrawn,
  noCertificateYet: messages.certificateNotYetIssued,
  noCertificates: messages.certificatesNoneIssued,
  participantNotInEvent: messages.participantNotFound,
} as const;

/** Who earns a certificate: every rule set must hold; with none set, nobody qualifies. */
export type TCertificateRules = {
  door: TCertificateDoorRule | null;
  min_sessions: number | null;
  min_dsa_days: number | null;
};

export const DEFAULT_CERTIFICATE_RULES: TCertificateRules = {
  door: null,
  min_sessions: null,
  min_dsa_days: null,
};

/** `certificate_rules` in a PATCH: the whole rule set (a rule left out is not required). */
export const ZCertificateRules = z.strictObject(
  {
    door: z.enum(CERTIFICATE_DOOR_RULES, { error: certificateMessages.doorRule }).nullish(),
    min_sessions: z
      .number({ error: certificateMessages.minSessions })
      .int(certificateMessages.minSessions)
      .min(1, certificateMessages.minSessions)
      .max(1000, certificateMessages.minSessions)
      .nullish(),
    min_dsa_days: z
      .number({ error: certificateMessages.minDsaDays })
      .int(certificateMessages.minDsaDays)
      .min(1, certificateMessages.minDsaDays)
      .max(366, certificateMessages.minDsaDays)
      .nullish(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? format(certificateMessages.rulesUnknownField, { keys: issue.keys.join(', ') })
        : undefined,
  },
);

export const ZCertificateRulesResponse = z.object({
  door: z.enum(CERTIFICATE_DOOR_RULES).nullable(),
  min_sessions: z.number().int().nullable(),
  min_dsa_days: z.number().int().nullable(),
});

/** The rules from what an event stores (anything unreadable is "not required"). */
export function readCertificateRules(stored: unknown): TCertificateRules {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const count = (v: unknown, max: number) =>
    Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max ? (v as number) : null;
  return {
    door: CERTIFICATE_DOOR_RULES.includes(s.door as TCertificateDoorRule)
      ? (s.door as TCertificateDoorRule)
      : null,
    min_sessions: count(s.min_sessions, 1000),
    min_dsa_days: count(s.min_dsa_days, 366),
  };
}

/** What the certificate looks like beyond the tag's colours, logo and image. */
export type TCertificateDesign = {
  title: string;
  signatory_name: string;
  signatory_title: string;
  show_days: boolean;
  show_session_count: boolean;
  show_session_list: boolean;
  show_logo: boolean;
  show_image: boolean;
};

export const DEFAULT_CERTIFICATE_DESIGN: TCertificateDesign = {
  title: 'Certificate of Attendance',
  signatory_name: '',
  signatory_title: '',
  show_days: true,
  show_session_count: true,
  show_session_list: false,
  show_logo: true,
  show_image: false,
};

// Control characters would draw as nothing (or break a PDF text line): refused with the length.
const plainLine = (max: number, message: string, min = 0) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, message)
    .regex(/^[^\p{Cc}]*$/u, message);
const flag = (field: string) => z.boolean({ error: format(certificateMessages.designFlag, { field }) });

/** `certificate_design` in a PATCH: any subset (the stored design keeps the rest); null restores the defaults. */
export const ZCertificateDesign = z.strictObject(
  {
    title: plainLine(120, certificateMessages.titleLength, 1).optional(),
    signatory_name: plainLine(120, certificateMessages.signatoryLength).optional(),
    signatory_title: plainLine(120, certificateMessages.signatoryLength).optional(),
    show_days: flag('show_days').optional(),
    show_session_count: flag('show_session_count').optional(),
    show_session_list: flag('show_session_list').optional(),
    show_logo: flag('show_logo').optional(),
    show_image: flag('show_image').optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? format(certificateMessages.designUnknownField, { keys: issue.keys.join(', ') })
        : undefined,
  },
);
export type TCertificateDesignInput = z.input<typeof ZCertificateDesign>;

export const ZCertificateDesignResponse = z.object({
  title: z.string(),
  signatory_name: z.string(),
  signatory_title: z.string(),
  show_days: z.boolean(),
  show_session_count: z.boolean(),
  show_session_list: z.boolean(),
  show_logo: z.boolean(),
  show_image: z.boolean(),
  /** The uploaded signature image, or null. */
  signature_url: z.string().nullable(),
});
export type TCertificateDesignResponse = z.infer<typeof ZCertificateDesignResponse>;

/** Where an event's certificate signature image is served (by content hash). */
export function certificateSignatureUrl(eventId: number, hash: string): string {
  return `/api/events/${eventId}/certificate-signature/${hash}/`;
}

/** The full design from what an event stores; unreadable values fall back to the defaults. */
export function readCertificateDesign(
  stored: unknown,
): TCertificateDesign & { signature_hash: string | null } {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const d = DEFAULT_CERTIFICATE_DESIGN;
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.length <= 120 ? v : fallback);
  const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
  return {
    title: text(s.title, d.title) || d.title,
    signatory_name: text(s.signatory_name, d.signatory_name),
    signatory_title: text(s.signatory_title, d.signatory_title),
    show_days: bool(s.show_days, d.show_days),
    show_session_count: bool(s.show_session_count, d.show_session_count),
    show_session_list: bool(s.show_session_list, d.show_session_list),
    show_logo: bool(s.show_logo, d.show_logo),
    show_image: bool(s.show_image, d.show_image),
    signature_hash:
      typeof s.signature_hash === 'string' && /^[0-9a-f]{32}$/.test(s.signature_hash)
        ? s.signature_hash
        : null,
  };
}

/** The design as an event's JSON carries it. */
export function certificateDesignResponse(eventId: number, stored: unknown): TCertificateDesignResponse {
  const { signature_hash, ...design } = readCertificateDesign(stored);
  return {
    ...design,
    signature_url: signature_hash ? certificateSignatureUrl(eventId, signature_hash) : null,
  };
}

/** What a certificate says was attended (signed with the rest of it). */
export const ZCertificateAttended = z.object({
  /** Days present (door or a session check-in that day) of the event's days. */
  days: z.number().int(),
  days_total: z.number().int(),
  /** Session check-ins (sub-sessions count). */
  sessions: z.number().int(),
  session_names: z.array(z.string()),
});
export type TCertificateAttended = z.infer<typeof ZCertificateAttended>;

/** GET /api/verify/{id}/: what anyone may read of a certificate, and whether it holds. */
export const ZCertificateVerification = z.object({
  id: z.string(),
  /** The signature holds over the stored content and the certificate was not withdrawn. */
  valid: z.boolean(),
  withdrawn: z.boolean(),
  full_name: z.string(),
  event_name: z.string(),
  start_date: ZInstant,
  end_date: ZInstant,
  attended: ZCertificateAttended,
});
export type TCertificateVerification = z.infer<typeof ZCertificateVerification>;

/** Certificate ids: 12 characters of the unique-code alphabet (about 59 random bits). */
export const CERTIFICATE_ID = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/;

/** One issued (or withdrawn) certificate as staff see it. */
export const ZCertificate = z.object({
  id: z.string(),
  participant_id: z.number().int(),
  full_name: z.string(),
  organization: z.string(),
  issued_at: ZInstant,
  manual: z.boolean(),
  note: z.string(),
  withdrawn: z.boolean(),
  withdrawn_at: ZInstant.nullable(),
  attended: ZCertificateAttended,
  verify_url: z.string(),
});
export type TCertificate = z.infer<typeof ZCertificate>;

/** GET /api/participants/me/certificate/: the signed-in participant's certificate (null until issued). */
export const ZMyCertificate = z.object({ id: z.string(), issued_at: ZInstant, verify_url: z.string() });
export type TMyCertificate = z.infer<typeof ZMyCertificate>;

export const ZCertificateList = z.object({ count: z.number().int(), results: z.array(ZCertificate) });
export type TCertificateList = z.infer<typeof ZCertificateList>;

/** Why someone does not qualify: the rule, what they have and what it needs. */
export const ZCertificateShortfall = z.object({
  rule: z.enum(['no_rules', 'door_any_day', 'door_every_day', 'min_sessions', 'min_dsa_days']),
  have: z.number().int(),
  need: z.number().int(),
});
export type TCertificateShortfall = z.infer<typeof ZCertificateShortfall>;

/** One participant against the rules. */
export const ZCertificateCandidate = z.object({
  participant_id: z.number().int(),
  full_name: z.string(),
  organization: z.string(),
  qualifies: z.boolean(),
  /** Empty when they qualify. */
  shortfalls: z.array(ZCertificateShortfall),
  /** The shortfalls as an English sentence ("checked in on 1 of 3 days"). */
  reason: z.string(),
  days_present: z.number().int(),
  sessions_attended: z.number().int(),
  dsa_days: z.number().int(),
  /** The holder's certificate that is not withdrawn, else the latest withdrawn one, else null. */
  certificate: z.object({ id: z.string(), withdrawn: z.boolean(), manual: z.boolean() }).nullable(),
});
export type TCertificateCandidate = z.infer<typeof ZCertificateCandidate>;

export const ZCertificateEligibility = z.object({
  rules: ZCertificateRulesResponse,
  days_total: z.number().int(),
  qualified_count: z.number().int(),
  results: z.array(ZCertificateCandidate),
});
export type TCertificateEligibility = z.infer<typeof ZCertificateEligibility>;

export const ZCertificateIssueResult = z.object({
  issued: z.number().int(),
  already_issued: z.number().int(),
  not_qualified: z.number().int(),
});
export type TCertificateIssueResult = z.infer<typeof ZCertificateIssueResult>;

export const ZCertificateManualIssue = z.object({
  participant_id: zId(certificateMessages.participantNotInEvent),
  note: z
    .string({ error: certificateMessages.noteRequired })
    .trim()
    .min(1, certificateMessages.noteRequired)
    .max(500, certificateMessages.noteRequired),
});
export type TCertificateManualIssue = z.input<typeof ZCertificateManualIssue>;

export const ZCertificateSendResult = z.object({ queued: z.number().int(), no_email: z.number().int() });
export type TCertificateSendResult = z.infer<typeof ZCertificateSendResult>;

/** The English sentence of a candidate's shortfalls (the web shows its own translation). */
export function shortfallText(shortfalls: readonly TCertificateShortfall[]): string {
  return shortfalls
    .map((s) => {
      switch (s.rule) {
        case 'no_rules':
          return 'no certificate rules are set';
        case 'door_any_day':
          return 'not checked in at the door';
        case 'door_every_day':
          return `checked in on ${s.have} of ${s.need} days`;
        case 'min_sessions':
          return `attended ${s.have} of ${s.need} sessions`;
        case 'min_dsa_days':
          return `DSA-eligible on ${s.have} of ${s.need} days`;
      }
    })
    .join('; ');
}

/** The certificate's page: A4 landscape, in PDF points. */
export const CERTIFICATE_WIDTH = 842;
export const CERTIFICATE_HEIGHT = 595;

/** The fixed sentences of a certificate, in the holder's language. */
export const CERTIFICATE_TEXTS: Record<
  TLanguage,
  {
    certify: string;
    attended: string;
    days: string;
    sessions: string;
    sessionList: string;
    issued: string;
    verify: string;
  }
> = {
  en: {
    certify: 'This is to certify that',
    attended: 'attended',
    days: 'Days attended: {days} of {total}',
    sessions: 'Sessions attended: {count}',
    sessionList: 'Sessions: {list}',
    issued: 'Issued on {date}',
    verify: 'Verify: {url}',
  },
  fr: {
    certify: 'Nous certifions que',
    attended: 'a participé à',
    days: 'Jours de présence : {days} sur {total}',
    sessions: 'Sessions suivies : {count}',
    sessionList: 'Sessions : {list}',
    issued: 'Délivré le {date}',
    verify: 'Vérifier : {url}',
  },
  sw: {
    certify: 'Hii ni kuthibitisha kwamba',
    attended: 'alihudhuria',
    days: 'Siku alizohudhuria: {days} kati ya {total}',
    sessions: 'Vipindi alivyohudhuria: {count}',
    sessionList: 'Vipindi: {list}',
    issued: 'Imetolewa tarehe {date}',
    verify: 'Thibitisha: {url}',
  },
};

/** Long-date formatters by language and zone: building one costs far more than using it. */
const longDates = new Map<string, Intl.DateTimeFormat>();
function longDate(timeZone: string, language: TLanguage): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}`;
  let fmt = longDates.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: 'long', timeZone });
    if (longDates.size >= 200) longDates.clear();
    longDates.set(key, fmt);
  }
  return fmt;
}

/** The event's dates as a certificate prints them ("12 – 14 March 2026"), in its zone. */
export function certificateDates(
  start: Date | string,
  end: Date | string,
  timeZone: string,
  language: TLanguage,
): string {
  const fmt = longDate(timeZone, language);
  const a = fmt.format(new Date(start));
  const b = fmt.format(new Date(end));
  return a === b ? a : `${a} – ${b}`;
}

/** The issue date as printed. */
export function certificateDay(at: Date | string, timeZone: string, language: TLanguage): string {
  return longDate(timeZone, language).format(new Date(at));
}

/** What one certificate shows. `logo`, `image` and `signature` say whether that picture exists. */
export type CertificateContent = {
  name: string;
  organization: string;
  eventName: string;
  /** Dates and place, already formatted. */
  when: string;
  place: string;
  attended: TCertificateAttended;
  issuedOn: string;
  /** The absolute verify URL the QR code carries; printed without its scheme. */
  verifyUrl: string;
  language: TLanguage;
  logo: boolean;
  image: boolean;
  signature: boolean;
};

type TextBox = Extract<TagBox, { kind: 'text' }>;
/** A certificate's text box: a tag text box with the certificate's own roles. */
export type CertificateTextBox = Omit<TextBox, 'role'> & {
  role:
    | 'title'
    | 'certify'
    | 'name'
    | 'organization'
    | 'event'
    | 'when'
    | 'detail'
    | 'signatory'
    | 'issued'
    | 'url';
};
export type CertificateBox =
  | Exclude<TagBox, { kind: 'text' | 'image' }>
  | CertificateTextBox
  | {
      kind: 'image';
      role: 'image' | 'signature';
      x: number;
      y: number;
      w: number;
      h: number;
      fit: 'cover' | 'contain';
    };

function text(
  role: CertificateTextBox['role'],
  value: string,
  at: { x: number; y: number; w: number },
  style: {
    max: number;
    min: number;
    maxLines: number;
    font: TagFont;
    colour: string;
    align?: 'left' | 'center';
  },
): CertificateTextBox {
  const fit = fitText(value, at.w, { ...style, font: style.font });
  return {
    kind: 'text',
    role,
    ...at,
    lines: fit.lines,
    size: fit.size,
    lineHeight: Math.round(fit.size * 1.3),
    font: style.font,
    colour: style.colour,
    align: style.align ?? 'center',
  };
}

const bottom = (b: CertificateTextBox) => b.y + b.lineHeight * b.lines.length;

/**
 * The boxes of one certificate on an A4 landscape page (points from the top-left corner), drawn
 * in order: frame in the tag's primary colour, optional image band, logo, title, the holder, the
 * event, what was attended, then the signatory (left) and the issue date and QR code (right).
 */
export function certificateLayout(
  design: TCertificateDesign,
  colours: TagColours,
  content: CertificateContent,
): CertificateBox[] {
  const W = CERTIFICATE_WIDTH;
  const H = CERTIFICATE_HEIGHT;
  const t = CERTIFICATE_TEXTS[content.language];
  const boxes: CertificateBox[] = [
    { kind: 'rect', x: 0, y: 0, w: W, h: H, fill: colours.background },
    { kind: 'frame', x: 16, y: 16, w: W - 32, h: H - 32, stroke: colours.primary, width: 6, radius: 0 },
    { kind: 'frame', x: 28, y: 28, w: W - 56, h: H - 56, stroke: colours.accent, width: 1.5, radius: 0 },
  ];
  let y = 50;
  if (design.show_image && content.image) {
    boxes.push({ kind: 'image', role: 'image', x: 31, y: 31, w: W - 62, h: 80, fit: 'cover' });
    y = 120;
  }
  if (design.show_logo && content.logo) {
    boxes.push({ kind: 'logo', x: (W - 56) / 2, y, size: 56 });
    y += 62;
  }
  const left = 70;
  const width = W - 2 * left;
  const put = (b: CertificateTextBox, gap: number) => {
    boxes.push(b);
    y = bottom(b) + gap;
    return b;
  };
  put(
    text(
      'title',
      design.title,
      { x: left, y, w: width },
      { max: 34, min: 20, maxLines: 1, font: 'bold', colour: colours.primary },
    ),
    10,
  );
  put(
    text(
      'certify',
      t.certify,
      { x: left, y, w: width },
      { max: 14, min: 12, maxLines: 1, font: 'regular', colour: colours.text },
    ),
    4,
  );
  put(
    text(
      'name',
      content.name,
      { x: left, y, w: width },
      { max: 34, min: 18, maxLines: 2, font: 'bold', colour: colours.text },
    ),
    2,
  );
  if (content.organization.trim()) {
    put(
      text(
        'organization',
        content.organization,
        { x: left, y, w: width },
        { max: 15, min: 11, maxLines: 1, font: 'regular', colour: colours.text },
      ),
      8,
    );
  } else y += 6;
  put(
    text(
      'certify',
      t.attended,
      { x: left, y, w: width },
      { max: 14, min: 12, maxLines: 1, font: 'regular', colour: colours.text },
    ),
    2,
  );
  put(
    text(
      'event',
      content.eventName,
      { x: left, y, w: width },
      { max: 22, min: 14, maxLines: 2, font: 'bold', colour: colours.accent },
    ),
    2,
  );
  const whenPlace = content.place.trim() ? `${content.when} · ${content.place}` : content.when;
  put(
    text(
      'when',
      whenPlace,
      { x: left, y, w: width },
      { max: 13, min: 10, maxLines: 1, font: 'regular', colour: colours.text },
    ),
    8,
  );
  const a = content.attended;
  const details: string[] = [];
  if (design.show_days) details.push(format(t.days, { days: a.days, total: a.days_total }));
  if (design.show_session_count) details.push(format(t.sessions, { count: a.sessions }));
  if (details.length > 0) {
    put(
      text(
        'detail',
        details.join('   ·   '),
        { x: left, y, w: width },
        { max: 12, min: 9, maxLines: 1, font: 'regular', colour: colours.text },
      ),
      2,
    );
  }
  if (design.show_session_list && a.session_names.length > 0) {
    put(
      text(
        'detail',
        format(t.sessionList, { list: a.session_names.join(', ') }),
        { x: left + 40, y, w: width - 80 },
        { max: 10, min: 8, maxLines: 3, font: 'regular', colour: colours.text },
      ),
      2,
    );
  }

  // The foot: signatory on the left, issue date and QR code on the right.
  const qr = 92;
  const footTop = H - 58 - qr;
  const sigW = 220;
  if (content.signature) {
    boxes.push({ kind: 'image', role: 'signature', x: left, y: footTop + 8, w: sigW, h: 56, fit: 'contain' });
  }
  boxes.push({ kind: 'rect', x: left, y: footTop + 68, w: sigW, h: 1, fill: colours.text });
  let sy = footTop + 74;
  if (design.signatory_name.trim()) {
    const b = text(
      'signatory',
      design.signatory_name,
      { x: left, y: sy, w: sigW },
      { max: 12, min: 9, maxLines: 1, font: 'bold', colour: colours.text },
    );
    boxes.push(b);
    sy = bottom(b);
  }
  if (design.signatory_title.trim()) {
    boxes.push(
      text(
        'signatory',
        design.signatory_title,
        { x: left, y: sy, w: sigW },
        { max: 10, min: 8, maxLines: 1, font: 'regular', colour: colours.text },
      ),
    );
  }
  const qrX = W - left - qr;
  boxes.push({ kind: 'qr', x: qrX, y: footTop, size: qr });
  const shortUrl = content.verifyUrl.replace(/^https?:\/\//, '');
  const infoW = 260;
  const infoX = qrX - 12 - infoW;
  boxes.push(
    text(
      'issued',
      format(t.issued, { date: content.issuedOn }),
      { x: infoX, y: footTop + qr - 40, w: infoW },
      { max: 10, min: 8, maxLines: 1, font: 'regular', colour: colours.text, align: 'left' },
    ),
  );
  boxes.push(
    text(
      'url',
      format(t.verify, { url: shortUrl }),
      { x: infoX, y: footTop + qr - 24, w: infoW },
      { max: 9, min: 6, maxLines: 1, font: 'regular', colour: colours.text, align: 'left' },
    ),
  );
  return boxes;
}
