import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOutgoingMessage, TSmsPreview } from '@attend/shared';
import { runDataSteps } from '../src/db/data-steps';
import { resultRows } from '../src/db/client';
import { events, outgoingMessages, participants } from '../src/db/schema';
import { smsSegments } from '../src/services/notifications/login-message';
import { multipart, xlsxFile, type Cell } from './fixtures/spreadsheets';
import { SmtpSink } from './fixtures/smtp-sink';
import { bearer, createTestApp, type TestApp } from './helper';

// Phone numbers read with the event's country (libphonenumber-js), login details sent per channel,
// SMS text encoded as it will arrive, and the one-time data step that normalised stored numbers.

type Seen = { url: string; headers: IncomingMessage['headers']; body: string };

/** A fake Twilio on loopback: records each request's body as UTF-8 and answers 201. */
async function fakeTwilio() {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${seen.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const sink = new SmtpSink();
let twilio: Awaited<ReturnType<typeof fakeTwilio>>;
let t: TestApp;
let staff: string;

beforeAll(async () => {
  const smtpUrl = await sink.start();
  twilio = await fakeTwilio();
  t = await createTestApp(
    {
      smtpUrl,
      smsProvider: 'twilio',
      twilio: { accountSid: 'AC1', authToken: 'token', from: '+15005550006', apiUrl: twilio.url },
    },
    { jobs: true, outboxOptions: { pollMs: 200 } },
  );
  staff = await t.staffToken();
});
afterAll(async () => {
  await t.close();
  await twilio.close();
  await sink.close();
});

let n = 0;
async function newEvent(body: Record<string, unknown> = {}) {
  n += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/events/',
    headers: bearer(staff),
    payload: {
      name: `Phones ${n}`,
      start_date: '2031-03-02T08:00',
      end_date: '2031-03-03T17:00',
      location: 'Here',
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; default_country: string; event_code: string };
}

function addParticipant(eventId: number, phone: string, language?: string) {
  n += 1;
  return t.request({
    method: 'POST',
    url: `/api/events/${eventId}/participants/`,
    headers: { ...bearer(staff), ...(language ? { 'accept-language': language } : {}) },
    payload: { full_name: `Person ${n}`, email: `person${n}@example.org`, phone },
  });
}

describe("the event's default country", () => {
  it('comes from the time zone, can be changed or cleared, and an unknown one is refused', async () => {
    expect((await newEvent({ time_zone: 'Africa/Nairobi' })).default_country).toBe('KE');
    expect((await newEvent({ time_zone: 'Africa/Kigali' })).default_country).toBe('RW');
    expect((await newEvent({ time_zone: 'Europe/Paris' })).default_country).toBe('FR');
    expect((await newEvent({ time_zone: 'UTC' })).default_country).toBe('');
    const chosen = await newEvent({ time_zone: 'Africa/Nairobi', default_country: 'ug' });
    expect(chosen.default_country).toBe('UG');
    const patch = (payload: Record<string, unknown>) =>
      t.request({ method: 'PATCH', url: `/api/events/${chosen.id}/`, headers: bearer(staff), payload });
    expect((await patch({ default_country: '' })).json().default_country).toBe('');
    const bad = await patch({ default_country: 'XX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.default_country).toEqual([
      'Choose a country from the list, such as KE (Kenya), or none.',
    ]);
    // A new zone leaves the country as staff set it.
    expect((await patch({ time_zone: 'Europe/Paris' })).json().default_country).toBe('');
  });
});

describe('phone numbers at add, edit and import', () => {
  const cases: [zone: string, typed: string, stored: string][] = [
    ['Africa/Nairobi', '0712 345 678', '+254712345678'],
    ['Africa/Nairobi', '+254 712-345-678', '+254712345678'],
    ['Africa/Kigali', '0788 123 456', '+250788123456'],
    ['Africa/Kigali', '00250 788 123 456', '+250788123456'],
    ['Europe/Paris', '06 12 34 56 78', '+33612345678'],
    ['America/New_York', '(201) 555-0123', '+12015550123'],
    // International numbers of another country are kept as theirs.
    ['Europe/Paris', '+254 712 345 678', '+254712345678'],
  ];

  it('stores local and international numbers in E.164, read with the event country', async () => {
    for (const [zone, typed, stored] of cases) {
      const event = await newEvent({ time_zone: zone });
      const res = await addParticipant(event.id, typed);
      expect(res.statusCode, `${zone} ${typed}: ${res.body}`).toBe(201);
      expect(res.json()).toMatchObject({ phone: stored, phone_invalid: false });
    }
  });

  it('refuses a number that cannot be a phone, with a clear message in the three languages', async () => {
    const ke = await newEvent({ time_zone: 'Africa/Nairobi' });
    const before = await t.database.db.select().from(participants).where(eq(participants.eventId, ke.id));
    for (const typed of ['12345', '0000 000 000', 'call me', '+999 1234 5678']) {
      const res = await addParticipant(ke.id, typed);
      expect(res.statusCode, typed).toBe(400);
      expect(res.json().errors.phone).toEqual([
        `The phone number ${typed} is not a valid phone number: type it as dialled in the event’s country (KE) or with its country code, such as +254712345678.`,
      ]);
    }
    const fr = await addParticipant(ke.id, '12345', 'fr');
    expect(fr.json().detail).toBe(
      'Le numéro 12345 n’est pas un numéro de téléphone valide : saisissez-le tel qu’on le compose dans le pays de l’événement (KE) ou avec son indicatif pays, par exemple +254712345678.',
    );
    const sw = await addParticipant(ke.id, '12345', 'sw');
    expect(sw.json().detail).toBe(
      'Namba 12345 si namba halali ya simu: iandike kama inavyopigwa katika nchi ya tukio (KE) au pamoja na msimbo wa nchi, kwa mfano +254712345678.',
    );
    // Without a country, a local number cannot be read.
    const none = await newEvent({ time_zone: 'UTC' });
    const local = await addParticipant(none.id, '0712 345 678');
    expect(local.statusCode).toBe(400);
    expect(local.json().detail).toBe(
      'The phone number 0712 345 678 is not a valid phone number: type it with its country code, such as +254712345678.',
    );
    expect((await addParticipant(none.id, '+254712345678')).json().phone).toBe('+254712345678');
    const after = await t.database.db.select().from(participants).where(eq(participants.eventId, ke.id));
    expect(after).toHaveLength(before.length);
  });

  it('normalises at edit, refuses an impossible number, and keeps an unchanged one as it is', async () => {
    const rw = await newEvent({ time_zone: 'Africa/Kigali' });
    const created = (await addParticipant(rw.id, '')).json() as { id: number };
    const url = `/api/events/${rw.id}/participants/${created.id}/`;
    const patch = (phone: string) =>
      t.request({ method: 'PATCH', url, headers: bearer(staff), payload: { phone } });
    expect((await patch('0788 123 456')).json().phone).toBe('+250788123456');
    expect((await patch('+1 201 555 0123')).json().phone).toBe('+12015550123');
    const bad = await patch('07');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phone[0]).toContain('The phone number 07 is not a valid phone number');
    // A number kept from before (not readable) is flagged, and a form posting it back unchanged saves.
    await t.database.db.update(participants).set({ phone: '12-34' }).where(eq(participants.id, created.id));
    const flagged = await t.request({ method: 'GET', url, headers: bearer(staff) });
    expect(flagged.json()).toMatchObject({ phone: '12-34', phone_invalid: true });
    const same = await patch('12-34');
    expect(same.statusCode, same.body).toBe(200);
    expect((await patch('')).json()).toMatchObject({ phone: '', phone_invalid: false });
  });

  it('imports local numbers in E.164 and lists an impossible one while importing the row without it', async () => {
    const ke = await newEvent({ time_zone: 'Africa/Nairobi' });
    const header: Cell[] = ['full_name', 'email', 'phone'];
    const file = await xlsxFile([
      header,
      ['Local Number', 'local@example.org', '0712 345 678'],
      ['Intl Number', 'intl@example.org', '+33 6 12 34 56 78'],
      ['Bad Number', 'bad@example.org', '12345'],
      ['No Number', 'none@example.org', ''],
    ]);
    const body = multipart({ data: file, filename: 'p.xlsx' }, { event: String(ke.id) });
    const res = await t.request({
      method: 'POST',
      url: `/api/events/${ke.id}/participants/bulk_upload/`,
      headers: { ...body.headers, ...bearer(staff) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ created: 4, updated: 0, errors: 0 });
    expect(result.error_details).toEqual([
      {
        row: 4,
        email: 'bad@example.org',
        message: 'The phone number 12345 is not a valid phone number; the row was imported without it.',
      },
    ]);
    const rows = await t.database.db.select().from(participants).where(eq(participants.eventId, ke.id));
    const phoneOf = (email: string) => rows.find((r) => r.email === email)?.phone;
    expect(phoneOf('local@example.org')).toBe('+254712345678');
    expect(phoneOf('intl@example.org')).toBe('+33612345678');
    expect(phoneOf('bad@example.org')).toBe('');
    expect(phoneOf('none@example.org')).toBe('');
  });
});

describe("'both' with a phone number that cannot be used", () => {
  it('still e-mails, shows the SMS failed on the Messages page and in the counts, and Retry leaves it', async () => {
    const ke = await newEvent({ time_zone: 'Africa/Nairobi' });
    const good = (await addParticipant(ke.id, '0712 345 678')).json() as { id: number; email: string };
    const typedBad = (await addParticipant(ke.id, '')).json() as { id: number; email: string };
    // A number kept as typed from before numbers were read.
    await t.database.db
      .update(participants)
      .set({ phone: '0712 34' })
      .where(eq(participants.id, typedBad.id));
    const statsBefore = (
      await t.request({
        method: 'GET',
        url: '/api/accounts/admin/failed-emails/stats/',
        headers: bearer(staff),
      })
    ).json();
    const res = await t.request({
      method: 'POST',
      url: `/api/events/${ke.id}/participants/send_notifications/`,
      headers: bearer(staff),
      payload: { participant_ids: [good.id, typedBad.id], type: 'both' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success_count: 2,
      error_count: 1,
      errors: [
        {
          participant_id: typedBad.id,
          error: 'SMS not sent: the phone number 0712 34 is not a valid phone number.',
          channels: ['sms'],
        },
      ],
      message: 'Notifications sent. Success: 2, Errors: 1',
      email: { queued: 2, errors: 0 },
      sms: { queued: 1, errors: 1 },
    });
    await t.app.outbox?.idle();
    // Both e-mails arrived; one SMS, to the good number.
    expect(sink.received.filter((m) => m.to === typedBad.email)).toHaveLength(1);
    expect(sink.received.filter((m) => m.to === good.email)).toHaveLength(1);
    const smsTo = twilio.seen.map((s) => new URLSearchParams(s.body).get('To'));
    expect(smsTo).toContain('+254712345678');
    expect(smsTo).not.toContain('0712 34');

    const listing = await t.request({
      method: 'GET',
      url: `/api/events/${ke.id}/messages/?status=failed_permanently`,
      headers: bearer(staff),
    });
    const failed = listing.json().results as TOutgoingMessage[];
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      participant_id: typedBad.id,
      channel: 'sms',
      recipient: '0712 34',
      status: 'failed_permanently',
      attempts: 0,
      last_error: 'SMS not sent: the phone number 0712 34 is not a valid phone number.',
    });
    const stats = (
      await t.request({
        method: 'GET',
        url: '/api/accounts/admin/failed-emails/stats/',
        headers: bearer(staff),
      })
    ).json();
    expect(stats.sms.failed_permanently).toBe(statsBefore.sms.failed_permanently + 1);
    expect(stats.sms.total_failed).toBe(statsBefore.sms.total_failed + 1);

    // Retry of that message does nothing while the number is unusable…
    const retryOne = () =>
      t.request({
        method: 'POST',
        url: `/api/events/${ke.id}/messages/${failed[0]?.id}/retry/`,
        headers: bearer(staff),
      });
    expect((await retryOne()).json().results.total_retried).toBe(0);
    const force = await t.request({
      method: 'POST',
      url: '/api/accounts/admin/failed-emails/force-retry/',
      headers: bearer(staff),
    });
    expect(force.json().results.sms.total_retried).toBe(0);
    // …and sends it once staff corrected the number.
    await t.request({
      method: 'PATCH',
      url: `/api/events/${ke.id}/participants/${typedBad.id}/`,
      headers: bearer(staff),
      payload: { phone: '0722 000 111' },
    });
    expect((await retryOne()).json().results).toMatchObject({ total_retried: 1, total_successful: 1 });
    expect(twilio.seen.map((s) => new URLSearchParams(s.body).get('To'))).toContain('+254722000111');
  });
});

describe('SMS encoding, as the provider receives it', () => {
  async function smsFor(eventName: string, language: 'en' | 'fr' | 'sw') {
    const event = await newEvent({ time_zone: 'Africa/Nairobi', name: eventName });
    const p = (await addParticipant(event.id, '0712 345 678')).json() as { id: number };
    await t.database.db.update(participants).set({ language }).where(eq(participants.id, p.id));
    const seenBefore = twilio.seen.length;
    await t.request({
      method: 'POST',
      url: `/api/events/${event.id}/participants/send_notifications/`,
      headers: bearer(staff),
      payload: { participant_ids: [p.id], type: 'sms' },
    });
    await t.app.outbox?.idle();
    const request = twilio.seen[seenBefore];
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    const text = new URLSearchParams(request?.body).get('Body') ?? '';
    const preview = (
      await t.request({
        method: 'GET',
        url: `/api/events/${event.id}/participants/sms_preview/`,
        headers: bearer(staff),
      })
    ).json() as TSmsPreview;
    return { text, event, preview: preview.messages.find((m) => m.language === language) };
  }

  it('sends a GSM-7 text as it is', async () => {
    const { text, preview } = await smsFor('Regional Health Workshop 2026', 'en');
    expect(text.startsWith('Regional Health Workshop 2026: Event code ')).toBe(true);
    expect(smsSegments(text)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(preview).toMatchObject({ encoding: 'GSM-7', segments: 2, characters: text.length });
  });

  it('makes typographic characters plain and keeps the French letters, in GSM-7, never "?"', async () => {
    const { text, preview } = await smsFor('Atelier Régional de Santé – Nairobi 2026 « J’y vais… »', 'fr');
    expect(text).toContain('Atelier Régional de Santé - Nairobi 2026 "J\'y vais...":');
    expect(text).toContain("Code de l'événement");
    // The only "?" is the link's own.
    expect(text.split('?')).toHaveLength(2);
    expect(smsSegments(text).encoding).toBe('GSM-7');
    expect(preview?.encoding).toBe('GSM-7');
  });

  it('sends a Swahili text in GSM-7', async () => {
    const { text } = await smsFor('Mkutano wa Afya “Pamoja”', 'sw');
    expect(text).toContain('Mkutano wa Afya "Pamoja": Msimbo wa tukio');
    expect(smsSegments(text).encoding).toBe('GSM-7');
  });

  it('sends an Arabic name in UCS-2 with its real letters, a longer one cut to three segments', async () => {
    const name = 'المؤتمر الإقليمي للصحة العامة في شرق أفريقيا';
    const { text, preview } = await smsFor(name, 'en');
    expect(text.startsWith(`${name}: Event code `)).toBe(true);
    expect(smsSegments(text)).toMatchObject({ encoding: 'UCS-2', segments: 3 });
    expect(text.split('?')).toHaveLength(2);
    const long = await smsFor(`${name} ${name}`, 'en');
    expect(long.text).toMatch(/^المؤتمر الإقليمي .*\.\.\.: Event code /);
    expect(smsSegments(long.text)).toMatchObject({ encoding: 'UCS-2', segments: 3 });
    expect(preview).toMatchObject({ encoding: 'UCS-2' });
  });
});

describe('the one-time data step that read stored numbers (migration 0018)', () => {
  it('normalises with the event country, keeps and flags what it cannot read, and runs once', async () => {
    const db = t.database.db;
    const [event] = await db
      .insert(events)
      .values({
        name: 'Before phones',
        startDate: new Date('2031-01-01T08:00:00Z'),
        endDate: new Date('2031-01-02T08:00:00Z'),
        timeZone: 'Africa/Nairobi',
        eventCode: 'OLDPHN',
      })
      .returning();
    const eventId = event?.id ?? 0;
    const typed = ['0712 345 678', '+250 788 123 456', '254722000111', 'ask at desk', '', '+254712345679'];
    await db.insert(participants).values(
      typed.map((phone, i) => ({
        eventId,
        username: `old${i}`,
        fullName: `Old ${i}`,
        email: `old${i}@example.org`,
        phone,
        uniqueCode: `OLDP${'ABCDEF'[i]}234`,
      })),
    );
    await db.execute(sql`delete from data_steps where name = '0018_phones'`);
    expect(await runDataSteps(db)).toEqual(['0018_phones']);
    const [after] = await db.select().from(events).where(eq(events.id, eventId));
    expect(after?.defaultCountry).toBe('KE');
    const rows = await db
      .select({ phone: participants.phone, invalid: participants.phoneInvalid })
      .from(participants)
      .where(eq(participants.eventId, eventId))
      .orderBy(participants.username);
    expect(rows).toEqual([
      { phone: '+254712345678', invalid: false },
      { phone: '+250788123456', invalid: false },
      { phone: '+254722000111', invalid: false },
      { phone: 'ask at desk', invalid: true },
      { phone: '', invalid: false },
      { phone: '+254712345679', invalid: false },
    ]);
    const [step] = resultRows<{ details: Record<string, number> }>(
      await db.execute(sql`select details from data_steps where name = '0018_phones'`),
    );
    expect(step?.details).toMatchObject({ phones_normalised: 3, phones_unreadable: 1 });
    // Recorded: a second start does not run it again.
    await db.update(participants).set({ phone: '0712 000 000' }).where(eq(participants.username, 'old4'));
    expect(await runDataSteps(db)).toEqual([]);
    const [untouched] = await db
      .select({ phone: participants.phone })
      .from(participants)
      .where(eq(participants.username, 'old4'));
    expect(untouched?.phone).toBe('0712 000 000');
    expect(await db.select().from(outgoingMessages).where(eq(outgoingMessages.eventId, eventId))).toEqual([]);
  });
});
