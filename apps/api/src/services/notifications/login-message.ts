import Handlebars from 'handlebars';
import { compile } from 'html-to-text';
import { formatDateTime } from '@attend/shared';

/** What a login-details message says about the event and the participant. */
export type LoginMessageFacts = {
  fullName: string;
  eventName: string;
  startDate: Date;
  endDate: Date;
  location: string;
  eventCode: string;
  uniqueCode: string;
  /** The one-click sign-in link. */
  link: string;
  /** Where to sign in with the codes (the app's /login page). */
  loginUrl: string;
};

// One template for the e-mail: the HTML is rendered from it with every value escaped by Handlebars,
// and the plain-text part is derived from that HTML, so the two always say the same.
const emailTemplate = Handlebars.compile<TemplateValues>(
  `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{eventName}}: your login details</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
    <tr><td>
      <h1 style="font-size:20px;margin:0 0 16px">{{eventName}}</h1>
      <p>Dear {{fullName}},</p>
      <p>You are invited to <strong>{{eventName}}</strong>, {{dates}}, at {{location}}.</p>
      <p>Your login details:</p>
      <table role="presentation" style="margin:0 0 16px">
        <tr><td style="padding:4px 12px 4px 0">Event code</td><td><strong style="font-family:monospace;font-size:18px">{{eventCode}}</strong></td></tr>
        <tr><td style="padding:4px 12px 4px 0">Unique code</td><td><strong style="font-family:monospace;font-size:18px">{{uniqueCode}}</strong></td></tr>
      </table>
      <p><a href="{{link}}" style="display:inline-block;background:#1EB53A;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">Sign in with one click</a></p>
      <p>Or sign in at {{loginUrl}} with your event code and unique code.</p>
      <p><strong>What to do next:</strong> sign in and confirm your attendance. Confirming gives you your QR code for check-in and lets you register for sessions.</p>
      <p style="color:#666666;font-size:12px">Keep these codes to yourself: they sign you in.</p>
    </td></tr>
  </table>
</body>
</html>`,
  { strict: true },
);

type TemplateValues = Omit<LoginMessageFacts, 'startDate' | 'endDate'> & { dates: string };

/** Removes line breaks and control characters, so a name can never add a header or a line. */
export function singleLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function datesOf(facts: LoginMessageFacts): string {
  const start = formatDateTime(facts.startDate);
  const end = formatDateTime(facts.endDate);
  return `${start} – ${end} UTC`;
}

/** HTML to plain text, its options compiled once (compiling them costs more than converting). */
const htmlToText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable' },
  ],
});

/** The e-mail: subject (one line), HTML and the plain text derived from the same HTML. */
export function loginEmail(facts: LoginMessageFacts): { subject: string; html: string; text: string } {
  const values: TemplateValues = {
    fullName: singleLine(facts.fullName),
    eventName: singleLine(facts.eventName),
    location: singleLine(facts.location) || 'the venue',
    eventCode: facts.eventCode,
    uniqueCode: facts.uniqueCode,
    link: facts.link,
    loginUrl: facts.loginUrl,
    dates: datesOf(facts),
  };
  const html = emailTemplate(values);
  const text = htmlToText(html);
  const subject = singleLine(`${values.eventName}: your login details`).slice(0, 200);
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
  const core = `Event code ${facts.eventCode}, unique code ${facts.uniqueCode}. Sign in: ${facts.link} then confirm your attendance.`;
  const budget = 2 * 153 - core.length - 2;
  let name = toGsm(singleLine(facts.eventName));
  if (name.length > budget) name = `${name.slice(0, Math.max(0, budget - 3))}...`;
  return name && budget > 3 ? `${name}: ${core}` : core;
}
