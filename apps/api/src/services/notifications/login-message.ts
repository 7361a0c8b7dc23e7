import type { TemplateDelegate } from 'handlebars';
import { loadHandlebars, loadHtmlToText } from '../../lib/load-on-use';
import {
  LANGUAGE_LOCALES,
  format,
  formatDateTime,
  timeZoneAbbreviation,
  type TLanguage,
} from '@attend/shared';
import { LOGIN_TEXTS, type LoginTextKey } from './login-texts';

/** What a login-details message says about the event and the participant. */
export type LoginMessageFacts = {
  fullName: string;
  eventName: string;
  startDate: Date;
  endDate: Date;
  /** The event's IANA time zone: its dates are given in it. */
  timeZone: string;
  location: string;
  eventCode: string;
  uniqueCode: string;
  /** The one-click sign-in link. */
  link: string;
  /** Where to sign in with the codes (the app's /login page). */
  loginUrl: string;
  /** The participant's language: the whole message is written in it. */
  language: TLanguage;
};

// One template for the e-mail in every language: the sentences (login-texts.ts) arrive already
// filled and HTML-escaped, everything else is escaped by Handlebars; the plain-text part is derived
// from that HTML, so the two always say the same.
const EMAIL_TEMPLATE = `<!doctype html>
<html lang="{{lang}}">
<head><meta charset="utf-8"><title>{{{t.title}}}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
    <tr><td>
      <h1 style="font-size:20px;margin:0 0 16px">{{eventName}}</h1>
      <p>{{{t.greeting}}}</p>
      <p>{{{t.invited}}}</p>
      <p>{{{t.yourDetails}}}</p>
      <table role="presentation" style="margin:0 0 16px">
        <tr><td style="padding:4px 12px 4px 0">{{{t.eventCode}}}</td><td><strong style="font-family:monospace;font-size:18px">{{eventCode}}</strong></td></tr>
        <tr><td style="padding:4px 12px 4px 0">{{{t.uniqueCode}}}</td><td><strong style="font-family:monospace;font-size:18px">{{uniqueCode}}</strong></td></tr>
      </table>
      <p><a href="{{link}}" style="display:inline-block;background:#1EB53A;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">{{{t.oneClick}}}</a></p>
      <p>{{{t.orSignIn}}}</p>
      <p><strong>{{{t.nextTitle}}}</strong> {{{t.nextText}}}</p>
      <p style="color:#666666;font-size:12px">{{{t.keepSecret}}}</p>
    </td></tr>
  </table>
</body>
</html>`;

type TemplateValues = {
  lang: TLanguage;
  eventName: string;
  eventCode: string;
  uniqueCode: string;
  link: string;
  /** The sentences, filled and escaped. */
  t: Record<LoginTextKey, string>;
};

/** Removes line breaks and control characters, so a name can never add a header or a line. */
export function singleLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time in the event's zone, written the language's way. */
export function dateIn(value: Date, timeZone: string, language: TLanguage): string {
  // English keeps the specification's 'Jan 05, 2025, 9:05 AM'.
  if (language === 'en') return formatDateTime(value, timeZone);
  const key = `${language}|${timeZone}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    });
    dateFormats.set(key, f);
  }
  return f.format(value);
}

/** 'Jan 05, 2025, 9:00 AM – Jan 07, 2025, 5:00 PM EAT', in the event's zone and named after it. */
function datesOf(facts: LoginMessageFacts): string {
  const start = dateIn(facts.startDate, facts.timeZone, facts.language);
  const end = dateIn(facts.endDate, facts.timeZone, facts.language);
  return `${start} – ${end} ${timeZoneAbbreviation(facts.timeZone, facts.startDate, LANGUAGE_LOCALES[facts.language])}`;
}

type EmailRenderers = {
  template: TemplateDelegate<TemplateValues>;
  toText: (html: string) => string;
  escape: (value: string) => string;
};
let renderers: Promise<EmailRenderers> | undefined;

/**
 * Handlebars and html-to-text, loaded and compiled by the first e-mail (see load-on-use).
 * html-to-text's options are compiled once, which costs more than converting.
 */
function emailRenderers(): Promise<EmailRenderers> {
  renderers ??= Promise.all([loadHandlebars(), loadHtmlToText()]).then(([Handlebars, { compile }]) => ({
    template: Handlebars.compile<TemplateValues>(EMAIL_TEMPLATE, { strict: true }),
    toText: compile({
      wordwrap: 78,
      selectors: [
        { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
        { selector: 'h1', options: { uppercase: false } },
        { selector: 'table', format: 'dataTable' },
      ],
    }),
    escape: (value: string) => Handlebars.escapeExpression(value),
  }));
  return renderers;
}

/** The e-mail: subject (one line), HTML and the plain text derived from the same HTML. */
export async function loginEmail(
  facts: LoginMessageFacts,
): Promise<{ subject: string; html: string; text: string }> {
  const { template, toText, escape } = await emailRenderers();
  const texts = LOGIN_TEXTS[facts.language];
  const eventName = singleLine(facts.eventName);
  const location = singleLine(facts.location) || texts.theVenue;
  const fill = (key: LoginTextKey, values: Record<string, string> = {}) =>
    format(escape(texts[key]), Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escape(v)])));
  const t = Object.fromEntries(
    (Object.keys(texts) as LoginTextKey[]).map((key) => [key, fill(key)]),
  ) as Record<LoginTextKey, string>;
  t.title = fill('title', { eventName });
  t.greeting = fill('greeting', { fullName: singleLine(facts.fullName) });
  t.invited = format(escape(texts.invited), {
    eventName: `<strong>${escape(eventName)}</strong>`,
    dates: escape(datesOf(facts)),
    location: escape(location),
  });
  t.orSignIn = fill('orSignIn', { loginUrl: facts.loginUrl });
  const html = template({
    lang: facts.language,
    eventName,
    eventCode: facts.eventCode,
    uniqueCode: facts.uniqueCode,
    link: facts.link,
    t,
  });
  const text = toText(html);
  const subject = singleLine(format(texts.subject, { eventName })).slice(0, 200);
  return { subject, html, text };
}

// The GSM 03.38 default alphabet and its extension table (each extension character costs two).
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/**
 * Typographic characters a word processor or a phone keyboard puts in names and texts, and their
 * plain equivalents: they would force the whole SMS into UCS-2 (70 characters a segment instead of
 * 160) for no visible gain. Letters are never touched: "é" stays "é", an Arabic name stays Arabic.
 */
const PLAIN: Readonly<Record<string, string>> = {
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2013': '-', // en dash
  '\u2014': '-', // em dash
  '\u2015': '-', // horizontal bar
  '\u2212': '-', // minus sign
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u02bc': "'", // modifier apostrophe
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"', // « (the spaces French puts inside are dropped first)
  '\u00bb': '"',
  '\u2039': "'",
  '\u203a': "'",
  '\u2026': '...',
  '\u2022': '-', // bullet
  '\u00b7': '-', // middle dot
  '\u00a0': ' ', // no-break space (French puts one before : ; ? !)
  '\u202f': ' ', // narrow no-break space
  '\u2007': ' ',
  '\u2009': ' ', // thin space
  '\u200a': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u3000': ' ',
  '\u200b': '', // zero-width space
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
};

/** The text with its typographic characters made plain (see PLAIN); letters as they are. */
export function plainSmsText(text: string): string {
  let out = '';
  for (const ch of text.replace(/«\s*/g, '«').replace(/\s*»/g, '»')) out += PLAIN[ch] ?? ch;
  return out;
}

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/**
 * How an SMS text is encoded and how many segments it takes: GSM-7 (basic table 1 septet, extension
 * table 2) when every character is in it, 160 in one segment, 153 a segment beyond; otherwise UCS-2,
 * counted in UTF-16 units, 70 in one segment, 67 a segment beyond.
 */
export function smsSegments(text: string): { encoding: SmsEncoding; units: number; segments: number } {
  let units = 0;
  for (const ch of text) {
    if (GSM_BASIC.has(ch)) units += 1;
    else if (GSM_EXTENDED.has(ch)) units += 2;
    else {
      const length = text.length;
      return { encoding: 'UCS-2', units: length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
    }
  }
  return { encoding: 'GSM-7', units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
}

/**
 * The segments a login SMS may take with the event's name in it; the name is cut to fit. UCS-2 parts
 * hold 67 characters instead of 153: the codes and the link alone take about two of them, so a name
 * that needs UCS-2 (Arabic, say) may take a third rather than be left out.
 */
export const SMS_MAX_SEGMENTS: Readonly<Record<SmsEncoding, number>> = { 'GSM-7': 2, 'UCS-2': 3 };

/**
 * The SMS: the event's name, then the codes and the link. Typographic characters are made plain;
 * the text is sent as it then is, in GSM-7 when every character fits it, else in UCS-2 with the real
 * letters (never a "?"). The name is cut (with "...") so the whole stays within SMS_MAX_SEGMENTS in
 * the encoding the text really takes (see SMS_MAX_SEGMENTS): cutting off the one letter that needed UCS-2 may bring it
 * back to GSM-7. When even a short name does not fit, the codes and link go alone.
 */
export function loginSms(facts: LoginMessageFacts): string {
  const core = plainSmsText(
    format(LOGIN_TEXTS[facts.language].sms, {
      eventCode: facts.eventCode,
      uniqueCode: facts.uniqueCode,
      link: facts.link,
    }),
  );
  const name = [...plainSmsText(singleLine(facts.eventName)).replace(/\s+/g, ' ').trim()];
  const fits = (text: string) => {
    const cost = smsSegments(text);
    return cost.segments <= SMS_MAX_SEGMENTS[cost.encoding];
  };
  if (!name.length) return core;
  const whole = `${name.join('')}: ${core}`;
  if (fits(whole)) return whole;
  // Longest cut first: at most a few hundred characters, each check linear.
  for (let keep = name.length - 1; keep >= 4; keep--) {
    const text = `${name.slice(0, keep).join('').trimEnd()}...: ${core}`;
    if (fits(text)) return text;
  }
  return core;
}
