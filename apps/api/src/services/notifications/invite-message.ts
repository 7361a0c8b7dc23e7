import type { TemplateDelegate } from 'handlebars';
import { LANGUAGE_LOCALES, format, type TLanguage } from '@attend/shared';
import { loadHandlebars, loadHtmlToText } from '../../lib/load-on-use';
import { singleLine } from './login-message';

/** What the invitation to a new staff account says. */
export type InviteMessageFacts = {
  fullName: string;
  username: string;
  role: 'admin' | 'scanner';
  /** The single-use link with which the person chooses their password. */
  link: string;
  expiresAt: Date;
  /** The Staff Portal's sign-in page, for afterwards. */
  loginUrl: string;
  language: TLanguage;
};

const en = {
  subject: 'Attend: choose the password of your staff account',
  greeting: 'Hello {name},',
  createdAdmin: 'An admin account on Attend was made for you, with the username {username}.',
  createdScanner:
    'A check-in account on Attend was made for you, with the username {username}: it runs the check-in stations of the events you were given.',
  choose: 'Choose my password',
  expires: 'The link works once, until {expiresAt} (UTC). Ask an admin for a new one if it has expired.',
  after: 'Afterwards, sign in at {loginUrl} with your username and that password.',
  notYou: 'If you were not expecting this e-mail, you can ignore it: nothing happens until the link is used.',
} as const;

type InviteTextKey = keyof typeof en;

const fr: Record<InviteTextKey, string> = {
  subject: 'Attend : choisissez le mot de passe de votre compte du personnel',
  greeting: 'Bonjour {name},',
  createdAdmin: 'Un compte administrateur Attend a été créé pour vous, avec le nom d’utilisateur {username}.',
  createdScanner:
    'Un compte d’enregistrement Attend a été créé pour vous, avec le nom d’utilisateur {username} : il fait fonctionner les postes d’enregistrement des événements qui vous ont été attribués.',
  choose: 'Choisir mon mot de passe',
  expires:
    'Le lien ne fonctionne qu’une fois, jusqu’au {expiresAt} (UTC). Demandez-en un nouveau à un administrateur s’il a expiré.',
  after: 'Ensuite, connectez-vous sur {loginUrl} avec votre nom d’utilisateur et ce mot de passe.',
  notYou:
    'Si vous n’attendiez pas cet e-mail, ignorez-le : rien ne se passe tant que le lien n’est pas utilisé.',
};

const sw: Record<InviteTextKey, string> = {
  subject: 'Attend: chagua nenosiri la akaunti yako ya wafanyakazi',
  greeting: 'Habari {name},',
  createdAdmin:
    'Akaunti ya msimamizi kwenye Attend imeundwa kwa ajili yako, yenye jina la mtumiaji {username}.',
  createdScanner:
    'Akaunti ya usajili wa kuingia kwenye Attend imeundwa kwa ajili yako, yenye jina la mtumiaji {username}: inaendesha vituo vya kuingia vya matukio uliyopewa.',
  choose: 'Chagua nenosiri langu',
  expires:
    'Kiungo kinafanya kazi mara moja tu, hadi {expiresAt} (UTC). Omba kipya kwa msimamizi ikiwa muda wake umekwisha.',
  after: 'Baadaye, ingia kwenye {loginUrl} kwa jina lako la mtumiaji na nenosiri hilo.',
  notYou: 'Ikiwa hukutarajia barua pepe hii, ipuuze: hakuna kinachotokea hadi kiungo kitumike.',
};

/** Every language's texts (the test checks they have the same keys and placeholders). */
export const INVITE_TEXTS: Readonly<Record<TLanguage, Readonly<Record<InviteTextKey, string>>>> = {
  en,
  fr,
  sw,
};

const EMAIL_TEMPLATE = `<!doctype html>
<html lang="{{lang}}">
<head><meta charset="utf-8"><title>{{subject}}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
    <tr><td>
      <p>{{{t.greeting}}}</p>
      <p>{{{t.created}}}</p>
      <p><a href="{{link}}" style="display:inline-block;background:#1EB53A;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">{{{t.choose}}}</a></p>
      <p>{{link}}</p>
      <p>{{{t.expires}}}</p>
      <p>{{{t.after}}}</p>
      <p style="color:#666666;font-size:12px">{{{t.notYou}}}</p>
    </td></tr>
  </table>
</body>
</html>`;

type TemplateValues = {
  lang: TLanguage;
  subject: string;
  link: string;
  t: Record<'greeting' | 'created' | 'choose' | 'expires' | 'after' | 'notYou', string>;
};

let renderers:
  | Promise<{
      template: TemplateDelegate<TemplateValues>;
      toText: (html: string) => string;
      escape: (value: string) => string;
    }>
  | undefined;

function emailRenderers() {
  renderers ??= Promise.all([loadHandlebars(), loadHtmlToText()]).then(([Handlebars, { compile }]) => ({
    template: Handlebars.compile<TemplateValues>(EMAIL_TEMPLATE, { strict: true }),
    toText: compile({
      wordwrap: 78,
      selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true, ignoreHref: true } }],
    }),
    escape: (value: string) => Handlebars.escapeExpression(value),
  }));
  return renderers;
}

/** When the link expires, written the language's way, in UTC (a staff account has no time zone). */
function expiryText(value: Date, language: TLanguage): string {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(value);
}

/**
 * The invitation e-mail: subject, HTML and the plain text derived from it. The body shows the link
 * (as a button and written out) and when it expires; every value is escaped.
 */
export async function inviteEmail(
  facts: InviteMessageFacts,
): Promise<{ subject: string; html: string; text: string }> {
  const { template, toText, escape } = await emailRenderers();
  const texts = INVITE_TEXTS[facts.language];
  const fill = (text: string, values: Record<string, string> = {}) =>
    format(escape(text), Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escape(v)])));
  const name = singleLine(facts.fullName) || singleLine(facts.username);
  const subject = singleLine(texts.subject);
  const html = template({
    lang: facts.language,
    subject,
    link: facts.link,
    t: {
      greeting: fill(texts.greeting, { name }),
      created: fill(facts.role === 'admin' ? texts.createdAdmin : texts.createdScanner, {
        username: singleLine(facts.username),
      }),
      choose: fill(texts.choose),
      expires: fill(texts.expires, { expiresAt: expiryText(facts.expiresAt, facts.language) }),
      after: fill(texts.after, { loginUrl: facts.loginUrl }),
      notYou: fill(texts.notYou),
    },
  });
  return { subject, html, text: toText(html) };
}
