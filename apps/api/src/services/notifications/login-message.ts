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
function dateIn(value: Date, timeZone: string, language: TLanguage): string {
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
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€';

/** How an SMS text is encoded and how many segments it takes. */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; units: number; segments: number } {
  let units = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) units += 1;
    else if (GSM_EXTENDED.includes(ch)) units += 2;
    else {
      // UCS-2 counts UTF-16 code units.
      const length = text.length;
      return { encoding: 'UCS-2', units: length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
    }
  }
  return { encoding: 'GSM-7', units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
}

/** Characters a name may carry that GSM-7 lacks, replaced by their nearest GSM-7 letters. */
function toGsm(value: string): string {
  const plain = value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return [...plain].map((ch) => (GSM_BASIC.includes(ch) || GSM_EXTENDED.includes(ch) ? ch : '?')).join('');
}

/**
 * The SMS: the codes and the link first, the event's name after, cut so that the whole text stays
 * within two GSM-7 segments. Names are transliterated to GSM-7 (accents dropped) so one character
 * outside it never switches the whole message to UCS-2.
 */
export function loginSms(facts: LoginMessageFacts): string {
  const core = format(LOGIN_TEXTS[facts.language].sms, {
    eventCode: facts.eventCode,
    uniqueCode: facts.uniqueCode,
    link: facts.link,
  });
  const budget = 2 * 153 - core.length - 2;
  let name = toGsm(singleLine(facts.eventName));
  if (name.length > budget) name = `${name.slice(0, Math.max(0, budget - 3))}...`;
  return name && budget > 3 ? `${name}: ${core}` : core;
}
