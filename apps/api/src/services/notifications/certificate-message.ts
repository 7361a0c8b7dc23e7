import { format, type TLanguage } from '@attend/shared';
import { singleLine } from './login-message';

/** What the "your certificate is ready" e-mail says. */
export type CertificateMessageFacts = {
  fullName: string;
  eventName: string;
  /** The participant's event page, where they download it once signed in. */
  downloadUrl: string;
  /** The certificate's public page. */
  verifyUrl: string;
  language: TLanguage;
};

const TEXTS: Record<
  TLanguage,
  { subject: string; greeting: string; body: string; download: string; verify: string }
> = {
  en: {
    subject: '{eventName}: your certificate of attendance',
    greeting: 'Dear {fullName},',
    body: 'Your certificate of attendance for {eventName} is ready.',
    download: 'Sign in and download it from your event page: {downloadUrl}',
    verify: 'Anyone can check it at: {verifyUrl}',
  },
  fr: {
    subject: '{eventName}\u202f: votre certificat de participation',
    greeting: 'Bonjour {fullName},',
    body: 'Votre certificat de participation à {eventName} est prêt.',
    download: 'Connectez-vous et téléchargez-le depuis la page de votre événement\u202f: {downloadUrl}',
    verify: 'Chacun peut le vérifier ici\u202f: {verifyUrl}',
  },
  sw: {
    subject: '{eventName}: cheti chako cha mahudhurio',
    greeting: 'Mpendwa {fullName},',
    body: 'Cheti chako cha mahudhurio cha {eventName} kiko tayari.',
    download: 'Ingia kisha ukipakue kutoka ukurasa wa tukio lako: {downloadUrl}',
    verify: 'Mtu yeyote anaweza kukithibitisha hapa: {verifyUrl}',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The e-mail, in the participant's language: subject, plain text and the same as simple HTML. */
export function certificateEmail(f: CertificateMessageFacts): {
  subject: string;
  html: string;
  text: string;
} {
  const t = TEXTS[f.language];
  const values = {
    eventName: singleLine(f.eventName),
    fullName: singleLine(f.fullName),
    downloadUrl: f.downloadUrl,
    verifyUrl: f.verifyUrl,
  };
  const lines = [t.greeting, t.body, t.download, t.verify].map((l) => format(l, values));
  return {
    subject: format(t.subject, values),
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="${f.language}"><head><meta charset="utf-8"></head><body>${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}</body></html>`,
  };
}
