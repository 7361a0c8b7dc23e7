import type { TLanguage } from '@attend/shared';

/**
 * The login-details e-mail and SMS in English. `{name}` placeholders are filled by login-message.ts
 * (values escaped for the HTML). The SMS lines stay in the GSM-7 alphabet (no ç, ê, ô…) so a
 * message never switches to UCS-2 and its shorter segments.
 */
export const en = {
  subject: '{eventName}: your login details',
  title: '{eventName}: your login details',
  greeting: 'Dear {fullName},',
  invited: 'You are invited to {eventName}, {dates}, at {location}.',
  theVenue: 'the venue',
  yourDetails: 'Your login details:',
  eventCode: 'Event code',
  uniqueCode: 'Unique code',
  oneClick: 'Sign in with one click',
  orSignIn: 'Or sign in at {loginUrl} with your event code and unique code.',
  nextTitle: 'What to do next:',
  nextText:
    'sign in and confirm your attendance. Confirming gives you your QR code for check-in and lets you register for sessions.',
  keepSecret: 'Keep these codes to yourself: they sign you in.',
  sms: 'Event code {eventCode}, unique code {uniqueCode}. Sign in: {link} then confirm your attendance.',
} as const;

export type LoginTextKey = keyof typeof en;

/** French. */
export const fr: Record<LoginTextKey, string> = {
  subject: '{eventName} : vos identifiants de connexion',
  title: '{eventName} : vos identifiants de connexion',
  greeting: 'Bonjour {fullName},',
  invited: 'Vous êtes invité(e) à {eventName}, {dates}, à {location}.',
  theVenue: 'l’adresse de l’événement',
  yourDetails: 'Vos identifiants de connexion :',
  eventCode: 'Code de l’événement',
  uniqueCode: 'Code unique',
  oneClick: 'Se connecter en un clic',
  orSignIn: 'Ou connectez-vous sur {loginUrl} avec le code de l’événement et votre code unique.',
  nextTitle: 'Et ensuite :',
  nextText:
    'connectez-vous et confirmez votre présence. La confirmation vous donne votre code QR pour l’enregistrement et vous permet de vous inscrire aux sessions.',
  keepSecret: 'Gardez ces codes pour vous : ils servent à vous connecter.',
  sms: "Code de l'événement {eventCode}, code unique {uniqueCode}. Connexion : {link} puis confirmez votre présence.",
};

/** Swahili. */
export const sw: Record<LoginTextKey, string> = {
  subject: '{eventName}: taarifa zako za kuingia',
  title: '{eventName}: taarifa zako za kuingia',
  greeting: 'Mpendwa {fullName},',
  invited: 'Umealikwa kwenye {eventName}, {dates}, mahali: {location}.',
  theVenue: 'ukumbi wa tukio',
  yourDetails: 'Taarifa zako za kuingia:',
  eventCode: 'Msimbo wa tukio',
  uniqueCode: 'Msimbo wa kipekee',
  oneClick: 'Ingia kwa kubofya mara moja',
  orSignIn: 'Au ingia kwenye {loginUrl} kwa msimbo wa tukio na msimbo wako wa kipekee.',
  nextTitle: 'Hatua inayofuata:',
  nextText:
    'ingia na uthibitishe kuhudhuria kwako. Ukithibitisha utapata msimbo wako wa QR wa kuingia ukumbini na utaweza kujisajili kwenye vipindi.',
  keepSecret: 'Usimpe mtu mwingine misimbo hii: ndiyo inayokuingiza.',
  sms: 'Msimbo wa tukio {eventCode}, msimbo wa kipekee {uniqueCode}. Ingia: {link} kisha uthibitishe kuhudhuria kwako.',
};

/** Every language's texts, for the renderer and for the test that they all have the same keys. */
export const LOGIN_TEXTS: Readonly<Record<TLanguage, Readonly<Record<LoginTextKey, string>>>> = {
  en,
  fr,
  sw,
};
