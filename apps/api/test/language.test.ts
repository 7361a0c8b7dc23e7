import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, format, messages } from '@attend/shared';
import { MESSAGE_CATALOGUES, translateMessage } from '@attend/shared/messages-i18n';
import { events, outgoingMessages, participants } from '../src/db/schema';
import { loginEmail, loginSms, smsSegments } from '../src/services/notifications/login-message';
import { LOGIN_TEXTS } from '../src/services/notifications/login-texts';
import { SmtpSink } from './fixtures/smtp-sink';
import { multipart, xlsxFile, type Cell } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

const sink = new SmtpSink();
let t: TestApp;
let staff: string;
let eventId: number;

beforeAll(async () => {
  const smtpUrl = await sink.start();
  t = await createTestApp({ smtpUrl }, { jobs: true, outboxOptions: { pollMs: 200 } });
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  // Dates in the event's zone (Kigali, UTC+2) show the conversion: 07:00 UTC is 09:00 there.
  await t.database.db
    .update(events)
    .set({
      timeZone: 'Africa/Kigali',
      startDate: new Date('2030-03-05T07:00:00Z'),
      endDate: new Date('2030-03-07T15:00:00Z'),
      location: 'Kigali Convention Centre',
    })
    .where(eq(events.id, eventId));
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

function upload(rows: Cell[][]) {
  return xlsxFile(rows).then((data) => {
    const body = multipart({ data, filename: 'people.xlsx' }, { event: String(eventId) });
    return t.request({
      method: 'POST',
      url: `/api/events/${eventId}/participants/bulk_upload/`,
      headers: { ...body.headers, ...bearer(staff) },
      payload: body.payload,
    });
  });
}

async function byEmail(email: string) {
  const [p] = await t.database.db.select().from(participants).where(eq(participants.email, email));
  return p;
}

async function seeded(index: 0 | 1) {
  const id = t.seed.participants[index]?.id;
  if (id === undefined) throw new Error('no seeded participant');
  const [p] = await t.database.db.select().from(participants).where(eq(participants.id, id));
  if (!p) throw new Error('seeded participant missing');
  return p;
}

/** A quoted-printable (or base64) MIME body as a mail reader shows it, UTF-8 included. */
function decodeMail(raw: string): string {
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(qp, 'latin1').toString('utf8');
}

describe('the language column of a participants file', () => {
  it('sets each new participant’s language from a code or a name, blank meaning English', async () => {
    const res = await upload([
      ['full_name', 'email', 'Language'],
      ['Claire Dubois', 'claire@example.org', 'fr'],
      ['Juma Mwangi', 'juma@example.org', 'Kiswahili'],
      ['Jean Habimana', 'jean.h@example.org', 'FRANÇAIS'],
      ['Grace Blank', 'grace.blank@example.org', ''],
      ['Eve English', 'eve@example.org', 'English'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 5, updated: 0, errors: 0 });
    expect((await byEmail('claire@example.org'))?.language).toBe('fr');
    expect((await byEmail('juma@example.org'))?.language).toBe('sw');
    expect((await byEmail('jean.h@example.org'))?.language).toBe('fr');
    expect((await byEmail('grace.blank@example.org'))?.language).toBe('en');
    expect((await byEmail('eve@example.org'))?.language).toBe('en');
  });

  it('refuses an unknown language with a clear row message and creates nobody for that row', async () => {
    const res = await upload([
      ['full_name', 'email', 'language'],
      ['Klingon Speaker', 'klingon@example.org', 'tlhIngan'],
      ['Swahili Speaker', 'swahili@example.org', 'swahili'],
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ created: 1, errors: 1 });
    expect(body.error_details).toEqual([
      {
        row: 2,
        email: 'klingon@example.org',
        message:
          'Unknown language "tlhIngan". Use en, fr or sw (or English, French, Français, Swahili, Kiswahili), or leave it blank for English.',
      },
    ]);
    expect(await byEmail('klingon@example.org')).toBeUndefined();
    expect((await byEmail('swahili@example.org'))?.language).toBe('sw');
  });

  it('changes an existing participant’s language, and a blank cell keeps it', async () => {
    await upload([
      ['full_name', 'email', 'language'],
      ['Claire Dubois', 'claire@example.org', ''],
      ['Juma Mwangi', 'juma@example.org', 'en'],
    ]);
    expect((await byEmail('claire@example.org'))?.language).toBe('fr');
    expect((await byEmail('juma@example.org'))?.language).toBe('en');
  });
});

describe('login details in the participant’s language', () => {
  it('sends an imported French participant the French e-mail, dates in the event’s zone', async () => {
    const claire = await byEmail('claire@example.org');
    if (!claire) throw new Error('no participant');
    const res = await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/participants/send_notifications/`,
      headers: bearer(staff),
      payload: { participant_ids: [claire.id], type: 'email' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.outbox?.idle();
    const mail = sink.received.find((m) => m.to === 'claire@example.org');
    expect(mail).toBeDefined();
    const raw = decodeMail(mail?.raw ?? '');
    expect(raw).toContain('Bonjour Claire Dubois,');
    expect(raw).toContain('Se connecter en un clic');
    expect(raw).toContain('5 mars 2030, 09:00 – 7 mars 2030, 17:00 CAT');
    expect(raw).toContain('<html lang="fr">');
    expect(raw).not.toContain('Dear ');
    const [copy] = await t.database.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.participantId, claire.id));
    expect(copy?.subject).toBe(`${t.seed.event.name}\u202f: vos identifiants de connexion`);
    expect(copy?.body.replace(/\s+/g, ' ')).toContain(
      `Vous êtes invité(e) à ${t.seed.event.name}, 5 mars 2030, 09:00 – 7 mars 2030, 17:00 CAT, à Kigali Convention Centre.`,
    );
  });

  it('keeps the English e-mail the specification words, in the event’s zone', async () => {
    const eve = await byEmail('eve@example.org');
    if (!eve) throw new Error('no participant');
    await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/participants/send_notifications/`,
      headers: bearer(staff),
      payload: { participant_ids: [eve.id], type: 'email' },
    });
    await t.app.outbox?.idle();
    const raw = decodeMail(sink.received.find((m) => m.to === 'eve@example.org')?.raw ?? '');
    expect(raw).toContain('Dear Eve English,');
    expect(raw).toContain('Mar 05, 2030, 9:00 AM – Mar 07, 2030, 5:00 PM CAT');
  });

  it('writes the SMS in each language, within two GSM-7 segments', async () => {
    const facts = {
      fullName: 'Zoë',
      eventName: 'Atelier régional de santé',
      startDate: new Date('2030-03-05T07:00:00Z'),
      endDate: new Date('2030-03-07T15:00:00Z'),
      timeZone: 'Africa/Kigali',
      location: '',
      eventCode: 'ABC123',
      uniqueCode: 'ABCD2345',
      link: `https://attend.example.org/auto-login?token=${'x'.repeat(22)}&event_id=12`,
      loginUrl: 'https://attend.example.org/login',
    };
    const fr = loginSms({ ...facts, language: 'fr' });
    expect(fr).toBe(
      `Atelier régional de santé: Code de l'événement ABC123, code unique ABCD2345. Connexion : ${facts.link} puis confirmez votre présence.`,
    );
    const sw = loginSms({ ...facts, language: 'sw' });
    expect(sw).toBe(
      `Atelier régional de santé: Msimbo wa tukio ABC123, msimbo wa kipekee ABCD2345. Ingia: ${facts.link} kisha uthibitishe kuhudhuria kwako.`,
    );
    for (const language of LANGUAGES) {
      const text = loginSms({ ...facts, eventName: facts.eventName.repeat(8), language });
      expect(smsSegments(text)).toMatchObject({ encoding: 'GSM-7' });
      expect(smsSegments(text).segments).toBeLessThanOrEqual(2);
    }
    // Names and sentences keep their letters (é is GSM-7).
    // Swahili dates follow the sw-KE locale; a blank location reads as the venue in the language.
    const swEmail = await loginEmail({ ...facts, language: 'sw' });
    expect(swEmail.text.replace(/\s+/g, ' ')).toContain(
      '5 Mac 2030, 09:00 – 7 Mac 2030, 17:00 CAT, mahali: ukumbi wa tukio.',
    );
    expect(swEmail.subject).toBe('Atelier régional de santé: taarifa zako za kuingia');
  });

  it('has every e-mail and SMS sentence in every language, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const english = LOGIN_TEXTS.en;
    for (const language of LANGUAGES) {
      const texts: Record<string, string> = LOGIN_TEXTS[language];
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(texts[key] ?? ''), `${language} ${key}`).toEqual(placeholders(text));
      }
    }
  });
});

describe('a participant’s own language', () => {
  const url = '/api/accounts/me/language/';

  it('is set by the participant and shown by the account endpoint', async () => {
    const token = await t.participantToken(0);
    const otherBefore = await seeded(1);
    expect(otherBefore.language).toBe('en');
    // Read once first: the account endpoint's cache (embedded database) must hear of the change.
    const first = await t.request({ method: 'GET', url: '/api/accounts/me/', headers: bearer(token) });
    expect(first.json().language).toBe('en');
    const res = await t.request({
      method: 'PATCH',
      url,
      headers: bearer(token),
      payload: { language: 'sw' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: t.seed.participants[0]?.id,
      language: 'sw',
      is_participant: true,
    });
    const me = await t.request({ method: 'GET', url: '/api/accounts/me/', headers: bearer(token) });
    expect(me.json().language).toBe('sw');
    // Nobody else's row moved.
    const otherAfter = await seeded(1);
    expect(otherAfter.language).toBe('en');
    expect(otherAfter.updatedAt).toEqual(otherBefore.updatedAt);
    expect((await seeded(0)).language).toBe('sw');
  });

  it('cannot be set for anyone else, by staff through this endpoint, or without signing in', async () => {
    const token = await t.participantToken(0);
    expect((await seeded(0)).language).toBe('sw');
    // There is no id to aim at: an extra field naming another participant is refused.
    const aimed = await t.request({
      method: 'PATCH',
      url,
      headers: bearer(token),
      payload: { language: 'fr', participant_id: t.seed.participants[1]?.id },
    });
    expect(aimed.statusCode).toBe(400);
    const asStaff = await t.request({
      method: 'PATCH',
      url,
      headers: bearer(staff),
      payload: { language: 'fr' },
    });
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().detail).toBe(messages.participantOnly);
    const anonymous = await t.request({ method: 'PATCH', url, payload: { language: 'fr' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await seeded(0)).language).toBe('sw');
  });

  it('refuses a language it does not know, with a clear message, and keeps the current one', async () => {
    const token = await t.participantToken(0);
    expect((await seeded(0)).language).toBe('sw');
    const res = await t.request({
      method: 'PATCH',
      url,
      headers: bearer(token),
      payload: { language: 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Choose English (en), French (fr) or Swahili (sw).');
    expect((await seeded(0)).language).toBe('sw');
  });

  it('can be set by staff on the participant', async () => {
    const target = t.seed.participants[1];
    if (!target) throw new Error('no second participant');
    const res = await t.request({
      method: 'PATCH',
      url: `/api/events/${eventId}/participants/${target.id}/`,
      headers: bearer(staff),
      payload: { language: 'fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('fr');
    const bad = await t.request({
      method: 'PATCH',
      url: `/api/events/${eventId}/participants/${target.id}/`,
      headers: bearer(staff),
      payload: { language: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
    const [after] = await t.database.db.select().from(participants).where(eq(participants.id, target.id));
    expect(after?.language).toBe('fr');
  });
});

describe('API messages in the language of the request', () => {
  it('answers in French or Swahili when asked, in English otherwise', async () => {
    const wrong = { event_code: 'NOPE99', unique_code: 'ZZZZ2345' };
    const ask = (language?: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/login/',
        payload: wrong,
        remoteAddress: `10.9.0.${language?.length ?? 0}`,
        headers: language ? { 'accept-language': language } : {},
      });
    expect((await ask('fr-FR,fr;q=0.9,en;q=0.8')).json().detail).toBe(
      MESSAGE_CATALOGUES.fr.invalidParticipantCredentials,
    );
    expect((await ask('sw')).json().detail).toBe(MESSAGE_CATALOGUES.sw.invalidParticipantCredentials);
    expect((await ask('de-DE')).json().detail).toBe(messages.invalidParticipantCredentials);
    expect((await ask()).json().detail).toBe(messages.invalidParticipantCredentials);
    expect(MESSAGE_CATALOGUES.fr.invalidParticipantCredentials).not.toBe(
      messages.invalidParticipantCredentials,
    );
  });

  it('carries placeholders over into the translation, and leaves other text alone', () => {
    const english = format(messages.notConfirmedForCheckIn, { name: 'Amina Uwase' });
    expect(translateMessage(english, 'fr')).toBe(
      format(MESSAGE_CATALOGUES.fr.notConfirmedForCheckIn, { name: 'Amina Uwase' }),
    );
    expect(translateMessage('Something no catalogue has.', 'sw')).toBe('Something no catalogue has.');
    expect(translateMessage(english, 'en')).toBe(english);
  });

  it('has every shared message in French and Swahili, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const language of LANGUAGES) {
      const catalogue: Record<string, string> = MESSAGE_CATALOGUES[language];
      expect(Object.keys(catalogue).sort(), language).toEqual(Object.keys(messages).sort());
      for (const [key, text] of Object.entries(messages)) {
        expect(catalogue[key]?.trim(), `${language} ${key}`).toBeTruthy();
        expect(placeholders(catalogue[key] ?? ''), `${language} ${key}`).toEqual(placeholders(text));
      }
    }
  });
});
