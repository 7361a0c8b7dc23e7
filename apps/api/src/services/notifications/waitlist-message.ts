import { format, LANGUAGE_LOCALES, timeZoneAbbreviation, type TLanguage } from '@attend/shared';
import { dateIn, singleLine } from './login-message';

/** What the "you have a place" message says (a participant promoted from a session's line). */
export type PromotionFacts = {
  fullName: string;
  eventName: string;
  sessionName: string;
  start: Date;
  end: Date;
  location: string;
  timeZone: string;
  /** Where the participant signs in to see their sessions. */
  loginUrl: string;
  language: TLanguage;
};

// SMS lines stay in the GSM-7 alphabet (see login-texts.ts).
const TEXTS: Record<
  TLanguage,
  { subject: string; greeting: string; body: string; where: string; see: string; sms: string }
> = {
  en: {
    subject: '{eventName}: you have a place in {session}',
    greeting: 'Dear {fullName},',
    body: 'A place became free in "{session}" ({when}) and you were next on its waiting list: you are now registered for it.',
    where: 'Location: {location}',
    see: 'Your sessions: {loginUrl}',
    sms: '{eventName}: a place became free in "{session}" ({when}). You are now registered. {loginUrl}',
  },
  fr: {
    subject: '{eventName}\u202f: vous avez une place dans {session}',
    greeting: 'Bonjour {fullName},',
    body: 'Une place s’est libérée dans «\u202f{session}\u202f» ({when}) et vous étiez le/la suivant(e) sur la liste d’attente\u202f: vous y êtes maintenant inscrit(e).',
    where: 'Lieu\u202f: {location}',
    see: 'Vos sessions\u202f: {loginUrl}',
    sms: '{eventName} : une place s est liberee dans "{session}" ({when}). Vous y etes inscrit(e). {loginUrl}',
  },
  sw: {
    subject: '{eventName}: umepata nafasi kwenye {session}',
    greeting: 'Mpendwa {fullName},',
    body: 'Nafasi imepatikana kwenye "{session}" ({when}) na wewe ulikuwa wa kwanza kwenye orodha ya kusubiri: sasa umesajiliwa.',
    where: 'Mahali: {location}',
    see: 'Vipindi vyako: {loginUrl}',
    sms: '{eventName}: nafasi imepatikana kwenye "{session}" ({when}). Sasa umesajiliwa. {loginUrl}',
  },
};

function when(f: PromotionFacts): string {
  const zone = timeZoneAbbreviation(f.timeZone, f.start, LANGUAGE_LOCALES[f.language]);
  return `${dateIn(f.start, f.timeZone, f.language)} – ${dateIn(f.end, f.timeZone, f.language)} ${zone}`;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The e-mail, in the participant's language: subject, plain text and the same as simple HTML. */
export function promotionEmail(f: PromotionFacts): { subject: string; html: string; text: string } {
  const t = TEXTS[f.language];
  const values = {
    eventName: singleLine(f.eventName),
    session: singleLine(f.sessionName),
    fullName: singleLine(f.fullName),
    when: when(f),
    location: singleLine(f.location),
    loginUrl: f.loginUrl,
  };
  const lines = [
    format(t.greeting, values),
    format(t.body, values),
    ...(values.location ? [format(t.where, values)] : []),
    format(t.see, values),
  ];
  return {
    subject: format(t.subject, values),
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="${f.language}"><head><meta charset="utf-8"></head><body>${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}</body></html>`,
  };
}

/** The SMS, in the participant's language. */
export function promotionSms(f: PromotionFacts): string {
  return format(TEXTS[f.language].sms, {
    eventName: singleLine(f.eventName),
    session: singleLine(f.sessionName),
    when: when(f),
    loginUrl: f.loginUrl,
  });
}
