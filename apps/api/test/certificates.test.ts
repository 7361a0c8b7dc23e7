import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type TCertificateCandidate, type TCertificateEligibility } from '@attend/shared';
import { certificates, checkIns, events, outgoingMessages, participants, sessions } from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let eventId: number;
let work: string;
let counter = 0;
const people: Record<string, number> = {};

// The event: three calendar days in Nairobi (UTC+3), 10 to 12 March 2026.
const local = (day: number, hhmm: string) =>
  new Date(`2026-03-${String(day).padStart(2, '0')}T${hhmm}:00+03:00`);

async function person(
  key: string,
  fullName: string,
  confirmed = true,
  extra: { email?: string; language?: 'en' | 'fr' | 'sw' } = {},
) {
  counter += 1;
  const [p] = await t.database.db
    .insert(participants)
    .values({
      eventId,
      username: `cert${counter}`,
      fullName,
      email: extra.email ?? `cert${counter}@example.org`,
      organization: `Org ${key}`,
      uniqueCode: `CT${'ABCDEFGH'[counter % 8]}${'JKMNPQRS'[Math.floor(counter / 8) % 8]}2345`,
      confirmedAttendance: confirmed,
      confirmedAt: confirmed ? new Date() : null,
      language: extra.language ?? 'en',
    })
    .returning();
  if (!p) throw new Error('no participant');
  people[key] = p.id;
  return p.id;
}

async function session(name: string, start: Date) {
  const [row] = await t.database.db
    .insert(sessions)
    .values({
      eventId,
      name,
      location: 'Hall',
      startTime: start,
      endTime: new Date(start.getTime() + 3_600_000),
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('no session');
  return row.id;
}

async function checkIn(participantId: number, sessionId: number | null, at: Date) {
  await t.database.db.insert(checkIns).values({ eventId, participantId, sessionId, checkInTime: at });
}

function get(url: string, token = staff) {
  return t.request({ method: 'GET', url, headers: bearer(token) });
}
function post(url: string, payload?: object, token = staff) {
  return t.request({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
function patch(payload: object, token = staff) {
  return t.request({ method: 'PATCH', url: `/api/events/${eventId}/`, headers: bearer(token), payload });
}

async function eligibility(): Promise<Map<number, TCertificateCandidate>> {
  const res = await get(`/api/events/${eventId}/certificates/eligibility/`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as TCertificateEligibility;
  expect(body.days_total).toBe(3);
  return new Map(body.results.map((r) => [r.participant_id, r]));
}
const of = (m: Map<number, TCertificateCandidate>, key: string) => {
  const row = m.get(people[key] ?? -1);
  if (!row) throw new Error(`no row for ${key}`);
  return row;
};

function poppler(tool: string, args: string[]): string {
  const r = spawnSync(tool, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr}`);
  return r.stdout;
}
function saved(pdf: Buffer): string {
  counter += 1;
  const file = path.join(work, `certificate-${counter}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

beforeAll(async () => {
  if (spawnSync('pdfinfo', ['-v']).status !== 0) {
    throw new Error('pdfinfo is missing: run node scripts/ensure-poppler.mjs (npm test does).');
  }
  work = mkdtempSync(path.join(tmpdir(), 'attend-certificates-'));
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  await t.database.db
    .update(events)
    .set({
      startDate: local(10, '08:00'),
      endDate: local(12, '17:00'),
      timeZone: 'Africa/Nairobi',
      dsaSessionsPerDay: 2,
    })
    .where(eq(events.id, eventId));
  const d1a = await session('Opening plenary', local(10, '09:00'));
  const d1b = await session('Data quality', local(10, '11:00'));
  const d1late = await session('Evening clinic', local(10, '23:30'));
  const d2 = await session('Field visit', local(11, '09:00'));
  const d3 = await session('Closing', local(12, '09:00'));
  // Every day: the door on day 1, then sessions on days 2 and 3.
  await person('every', 'Wanjiku Every');
  await checkIn(people.every ?? 0, null, local(10, '08:30'));
  await checkIn(people.every ?? 0, d2, local(11, '09:05'));
  await checkIn(people.every ?? 0, d3, local(12, '09:05'));
  // One day with two sessions on it: a DSA day at 2 sessions a day.
  await person('oneday', 'Oumar One-Day');
  await checkIn(people.oneday ?? 0, null, local(10, '08:40'));
  await checkIn(people.oneday ?? 0, d1a, local(10, '09:01'));
  await checkIn(people.oneday ?? 0, d1b, local(10, '11:01'));
  // Edge days: at the door ten minutes after local midnight (still 9 March in UTC) and at a session
  // at 23:30 local: both day 1 in Nairobi.
  await person('edge', 'Émilie Edge');
  await checkIn(people.edge ?? 0, null, local(10, '00:10'));
  await checkIn(people.edge ?? 0, d1late, local(10, '23:31'));
  // At the door the evening before the first day: checked in, but on none of the event's days.
  await person('early', 'Eli Early');
  await checkIn(people.early ?? 0, null, local(9, '23:50'));
  // Never came.
  await person('absent', 'Abdi Absent');
  // Came to everything but never confirmed: no DSA days (the DSA report counts confirmed people only).
  await person('unconfirmed', 'Una Unconfirmed', false);
  await checkIn(people.unconfirmed ?? 0, null, local(10, '08:30'));
  await checkIn(people.unconfirmed ?? 0, d1a, local(10, '09:00'));
  await checkIn(people.unconfirmed ?? 0, d1b, local(10, '11:00'));
  // Names in other scripts, with the door check-in, for the PDF.
  await person('arabic', 'فاطمة الزهراء', true, { language: 'fr' });
  await checkIn(people.arabic ?? 0, null, local(10, '08:30'));
  await person('han', '王小明', true, { language: 'sw' });
  await checkIn(people.han ?? 0, null, local(11, '08:30'));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('certificate rules', () => {
  it('with no rules set, nobody qualifies and the reason says so', async () => {
    const rows = await eligibility();
    expect([...rows.values()].every((r) => !r.qualifies)).toBe(true);
    expect(of(rows, 'every').reason).toBe('no certificate rules are set');
  });

  it('counts door and session days in the event’s zone, edge days included', async () => {
    const rows = await eligibility();
    expect(of(rows, 'every').days_present).toBe(3);
    expect(of(rows, 'oneday').days_present).toBe(1);
    expect(of(rows, 'edge').days_present).toBe(1);
    expect(of(rows, 'early').days_present).toBe(0);
    expect(of(rows, 'absent').days_present).toBe(0);
    expect(of(rows, 'oneday').dsa_days).toBe(1);
    expect(of(rows, 'every').dsa_days).toBe(0);
    expect(of(rows, 'unconfirmed').dsa_days).toBe(0);
    expect(of(rows, 'unconfirmed').sessions_attended).toBe(2);
  });

  it('door on every day: only who was there each day, the others with how many days', async () => {
    const res = await patch({
      certificate_rules: { door: 'every_day', min_sessions: null, min_dsa_days: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().certificate_rules).toEqual({
      door: 'every_day',
      min_sessions: null,
      min_dsa_days: null,
    });
    const rows = await eligibility();
    expect(of(rows, 'every').qualifies).toBe(true);
    expect(of(rows, 'oneday').qualifies).toBe(false);
    expect(of(rows, 'oneday').reason).toBe('checked in on 1 of 3 days');
    expect(of(rows, 'early').reason).toBe('checked in on 0 of 3 days');
  });

  it('door on any day: the door record wherever it falls', async () => {
    await patch({ certificate_rules: { door: 'any_day' } });
    const rows = await eligibility();
    for (const key of ['every', 'oneday', 'edge', 'early', 'unconfirmed', 'arabic', 'han']) {
      expect(of(rows, key).qualifies, key).toBe(true);
    }
    expect(of(rows, 'absent').reason).toBe('not checked in at the door');
  });

  it('sessions and DSA days, together: every rule set must hold', async () => {
    await patch({ certificate_rules: { min_sessions: 2 } });
    let rows = await eligibility();
    expect(of(rows, 'every').qualifies).toBe(true);
    expect(of(rows, 'oneday').qualifies).toBe(true);
    expect(of(rows, 'edge').reason).toBe('attended 1 of 2 sessions');
    await patch({ certificate_rules: { min_sessions: 2, min_dsa_days: 1 } });
    rows = await eligibility();
    expect(of(rows, 'oneday').qualifies).toBe(true);
    expect(of(rows, 'every').reason).toBe('DSA-eligible on 0 of 1 days');
    expect(of(rows, 'unconfirmed').qualifies).toBe(false);
  });

  it('refuses rules it cannot read, with a sentence, and changes nothing', async () => {
    for (const [rules, detail] of [
      [{ door: 'sometimes' }, messages.certificateDoorRule],
      [{ min_sessions: 0 }, messages.certificateMinSessions],
      [{ min_sessions: 2.5 }, messages.certificateMinSessions],
      [{ min_dsa_days: 'two' }, messages.certificateMinDsaDays],
      [{ everyone: true }, 'Unknown certificate rule: everyone'],
    ] as const) {
      const res = await patch({ certificate_rules: rules });
      expect(res.statusCode, JSON.stringify(rules)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(detail);
    }
    const event = await get(`/api/events/${eventId}/`);
    expect(event.json().certificate_rules).toEqual({ door: null, min_sessions: 2, min_dsa_days: 1 });
  });
});

describe('issuing, verifying, withdrawing', () => {
  let amina: string;
  let aminaCertificate = '';

  beforeAll(async () => {
    amina = await t.participantToken(0);
    await patch({ certificate_rules: { door: 'any_day', min_sessions: null, min_dsa_days: null } });
  });

  it('the participant has none until issued (the PDF 404, the certificate null)', async () => {
    const res = await get('/api/participants/me/certificate.pdf', amina);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(messages.certificateNotYetIssued);
    const mine = await get('/api/participants/me/certificate/', amina);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toBeNull();
  });

  it('issues to everyone who qualifies, once', async () => {
    const first = await post(`/api/events/${eventId}/certificates/issue/`);
    expect(first.statusCode).toBe(200);
    // every, oneday, edge, early, unconfirmed, arabic, han; the seed's two and Abdi were not at the door.
    expect(first.json()).toEqual({ issued: 7, already_issued: 0, not_qualified: 3 });
    const again = await post(`/api/events/${eventId}/certificates/issue/`);
    expect(again.json()).toEqual({ issued: 0, already_issued: 7, not_qualified: 3 });
    const list = await get(`/api/events/${eventId}/certificates/`);
    expect(list.json().count).toBe(7);
    for (const c of list.json().results) {
      expect(c.id).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/);
      expect(c.verify_url).toBe(`http://attend.test/verify/${c.id}`);
    }
  });

  it('issues by hand with a note to someone the rules leave out, and not twice', async () => {
    const aminaId = t.seed.participants[0]?.id ?? 0;
    const noNote = await post(`/api/events/${eventId}/certificates/manual/`, {
      participant_id: aminaId,
      note: ' ',
    });
    expect(noNote.statusCode).toBe(400);
    expect(JSON.stringify(noNote.json())).toContain(messages.certificateNoteRequired);
    const res = await post(`/api/events/${eventId}/certificates/manual/`, {
      participant_id: aminaId,
      note: 'Speaker: came in by the side door',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      manual: true,
      note: 'Speaker: came in by the side door',
      withdrawn: false,
    });
    aminaCertificate = res.json().id;
    const twice = await post(`/api/events/${eventId}/certificates/manual/`, {
      participant_id: aminaId,
      note: 'x',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(messages.certificateAlreadyIssued);
    const outsider = await otherEvent(t.database.db);
    const foreign = await post(`/api/events/${eventId}/certificates/manual/`, {
      participant_id: outsider.participantId,
      note: 'not ours',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('verifies publicly with the public fields only', async () => {
    const res = await t.request({ method: 'GET', url: `/api/verify/${aminaCertificate}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: aminaCertificate,
      valid: true,
      withdrawn: false,
      full_name: 'Amina Uwase',
      event_name: 'Regional Health Workshop',
      start_date: local(10, '08:00').toISOString(),
      end_date: local(12, '17:00').toISOString(),
      attended: { days: 0, days_total: 3, sessions: 0, session_names: [] },
    });
    const lower = await t.request({ method: 'GET', url: `/api/verify/${aminaCertificate.toLowerCase()}/` });
    expect(lower.json().valid).toBe(true);
    for (const unknown of ['ABCDEFGHJKMN', 'nope', '%27%20or%201%3D1']) {
      const miss = await t.request({ method: 'GET', url: `/api/verify/${unknown}/` });
      expect(miss.statusCode, unknown).toBe(404);
      expect(miss.json().detail).toBe(messages.certificateNotFound);
    }
  });

  it('a stored row changed behind the product’s back reads as not valid', async () => {
    const edgeId = people.edge ?? 0;
    const [row] = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.participantId, edgeId));
    if (!row) throw new Error('no certificate');
    // Checked once first: the outcome kept for the signed content (and, on the embedded database, the
    // answer kept for the id) must not answer for a changed row.
    expect((await t.request({ method: 'GET', url: `/api/verify/${row.id}/` })).json().valid).toBe(true);
    if (t.database.kind === 'pglite') expect(t.app.verifyCache?.get(row.id)?.valid).toBe(true);
    else expect(t.app.verifyCache).toBeNull();
    await t.database.db
      .update(certificates)
      .set({ fullName: 'Someone Else' })
      .where(eq(certificates.id, row.id));
    const res = await t.request({ method: 'GET', url: `/api/verify/${row.id}/` });
    expect(res.json()).toMatchObject({ valid: false, withdrawn: false, full_name: 'Someone Else' });
    await t.database.db
      .update(certificates)
      .set({ fullName: row.fullName, attended: { ...row.attended, sessions: 40 } })
      .where(eq(certificates.id, row.id));
    expect((await t.request({ method: 'GET', url: `/api/verify/${row.id}/` })).json().valid).toBe(false);
    await t.database.db
      .update(certificates)
      .set({ attended: row.attended })
      .where(eq(certificates.id, row.id));
    expect((await t.request({ method: 'GET', url: `/api/verify/${row.id}/` })).json().valid).toBe(true);
    // The event's public key, changed by hand: no longer valid; back again, valid.
    const [event] = await t.database.db.select().from(events).where(eq(events.id, row.eventId));
    await t.database.db.update(events).set({ qrPublicKey: null }).where(eq(events.id, row.eventId));
    expect((await t.request({ method: 'GET', url: `/api/verify/${row.id}/` })).json().valid).toBe(false);
    await t.database.db
      .update(events)
      .set({ qrPublicKey: event?.qrPublicKey ?? null })
      .where(eq(events.id, row.eventId));
    expect((await t.request({ method: 'GET', url: `/api/verify/${row.id}/` })).json().valid).toBe(true);
  });

  it('many at once: each request answered for its own certificate, repeated and unknown ids too', async () => {
    const rows = await t.database.db.select().from(certificates).where(eq(certificates.eventId, eventId));
    expect(rows.length).toBeGreaterThan(1);
    // Sent together, most wait while the first lookup is on its way and then go in one query.
    const asked = [...rows, ...rows, ...rows].map((row, i) => ({
      row,
      url: `/api/verify/${i % 2 ? row.id.toLowerCase() : row.id}/`,
    }));
    const unknown = ['ABCDEFGHJKMN', 'ZZZZZZZZZZZZ'];
    const [answers, misses] = await Promise.all([
      Promise.all(asked.map(({ url }) => t.request({ method: 'GET', url }))),
      Promise.all(unknown.map((id) => t.request({ method: 'GET', url: `/api/verify/${id}/` }))),
    ]);
    answers.forEach((res, i) => {
      const { row } = asked[i] ?? {};
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: row?.id, full_name: row?.fullName, valid: true });
    });
    for (const miss of misses) expect(miss.statusCode).toBe(404);
  });

  it('the participant downloads their own: their name in it, nobody else’s', async () => {
    const mine = await get('/api/participants/me/certificate/', amina);
    expect(mine.json()).toMatchObject({
      id: aminaCertificate,
      verify_url: `http://attend.test/verify/${aminaCertificate}`,
    });
    const res = await get('/api/participants/me/certificate.pdf', amina);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = poppler('pdftotext', [saved(res.rawPayload), '-']).replace(/\s+/g, ' ');
    expect(text).toContain('Amina Uwase');
    expect(text).toContain('Certificate of Attendance');
    expect(text).toContain('Regional Health Workshop');
    expect(text).not.toContain('Wanjiku');
    expect(poppler('pdfinfo', [saved(res.rawPayload)])).toMatch(/Pages:\s+1\b/);
  });

  it('its QR code, read by an independent decoder, is the verify page of that certificate', async () => {
    const res = await get('/api/participants/me/certificate.pdf', amina);
    const prefix = path.join(work, 'qr-page');
    poppler('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', saved(res.rawPayload), prefix]);
    const file = readdirSync(work).find((f) => f.startsWith('qr-page') && f.endsWith('.png'));
    if (!file) throw new Error('no page image');
    const image = PNG.sync.read(readFileSync(path.join(work, file)));
    const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(code?.data).toBe(`http://attend.test/verify/${aminaCertificate}`);
    const id = code?.data.split('/').pop() ?? '';
    const verified = await t.request({ method: 'GET', url: `/api/verify/${id}/` });
    expect(verified.json()).toMatchObject({ valid: true, full_name: 'Amina Uwase' });
  });

  it('staff download all in one PDF: a page each, every script drawn with its Noto font', async () => {
    const res = await get(`/api/events/${eventId}/certificates.pdf`);
    expect(res.statusCode).toBe(200);
    const file = saved(res.rawPayload);
    expect(poppler('pdfinfo', [file])).toMatch(/Pages:\s+8\b/);
    const text = poppler('pdftotext', [file, '-'])
      .replace(/[\u202a-\u202c]/g, '')
      .replace(/\s+/g, ' ');
    for (const name of ['Wanjiku Every', 'Émilie Edge', 'فاطمة الزهراء', '王小明', 'Amina Uwase']) {
      expect(text).toContain(name);
    }
    // In the holder's language: the French and Swahili sentences.
    expect(text).toContain('Nous certifions que');
    expect(text).toContain('Hii ni kuthibitisha kwamba');
    const fonts = poppler('pdffonts', [file]);
    expect(fonts).toContain('NotoSansArabic-Bold');
    expect(fonts).toContain('NotoSansHans-Bold');
  });

  it('a withdrawn certificate verifies as withdrawn and is no longer downloadable', async () => {
    const res = await post(`/api/events/${eventId}/certificates/${aminaCertificate}/withdraw/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawn).toBe(true);
    const verified = await t.request({ method: 'GET', url: `/api/verify/${aminaCertificate}/` });
    expect(verified.json()).toMatchObject({ valid: false, withdrawn: true });
    const twice = await post(`/api/events/${eventId}/certificates/${aminaCertificate}/withdraw/`);
    expect(twice.statusCode).toBe(409);
    expect((await get('/api/participants/me/certificate.pdf', amina)).statusCode).toBe(404);
    // A withdrawn one counts as issued: the bulk issue leaves it alone; by hand, a new one.
    const again = await post(`/api/events/${eventId}/certificates/issue/`);
    expect(again.json().issued).toBe(0);
  });

  it('sends the holders an e-mail through the outbox', async () => {
    const res = await post(`/api/events/${eventId}/certificates/send/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: 7, no_email: 0 });
    const queued = await t.database.db
      .select({ kind: outgoingMessages.kind })
      .from(outgoingMessages)
      .where(eq(outgoingMessages.eventId, eventId));
    expect(queued.filter((m) => m.kind.startsWith('certificate:'))).toHaveLength(7);
  });
});

describe('access', () => {
  it('a participant cannot reach the staff calls nor another participant’s certificate', async () => {
    const jean = await t.participantToken(1);
    for (const url of [
      `/api/events/${eventId}/certificates/`,
      `/api/events/${eventId}/certificates/eligibility/`,
      `/api/events/${eventId}/certificates.pdf`,
    ]) {
      expect((await get(url, jean)).statusCode, url).toBe(403);
    }
    expect((await post(`/api/events/${eventId}/certificates/issue/`, undefined, jean)).statusCode).toBe(403);
    // Jean has no certificate: the own-certificate call never answers with someone else's.
    expect((await get('/api/participants/me/certificate.pdf', jean)).statusCode).toBe(404);
    const [someone] = await t.database.db.select().from(certificates).limit(1);
    expect(
      (await get(`/api/events/${eventId}/certificates/${someone?.id ?? ''}/certificate.pdf`, jean))
        .statusCode,
    ).toBe(403);
  });

  it('a scanner, even of this event, cannot manage certificates', async () => {
    await createStaffUser(t.database.db, {
      username: 'door-scanner',
      password: 'scanner-password-123',
      role: 'scanner',
      eventIds: [eventId],
    });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: 'door-scanner', password: 'scanner-password-123' },
    });
    const scanner = (login.json() as { access: string }).access;
    expect((await get(`/api/events/${eventId}/certificates/`, scanner)).statusCode).toBe(403);
    expect((await post(`/api/events/${eventId}/certificates/issue/`, undefined, scanner)).statusCode).toBe(
      403,
    );
  });

  it('a certificate of one event is not found under another', async () => {
    const outsider = await otherEvent(t.database.db);
    const [someone] = await t.database.db.select().from(certificates).limit(1);
    const res = await post(`/api/events/${outsider.eventId}/certificates/${someone?.id ?? ''}/withdraw/`);
    expect(res.statusCode).toBe(404);
  });
});

describe('design', () => {
  it('keeps what is sent, refuses hostile values with a sentence', async () => {
    const ok = await patch({
      certificate_design: {
        title: 'Certificat de présence',
        signatory_name: 'Dr. Jane Doe',
        show_session_list: true,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().certificate_design).toMatchObject({
      title: 'Certificat de présence',
      signatory_name: 'Dr. Jane Doe',
      show_session_list: true,
      show_days: true,
      signature_url: null,
    });
    for (const [design, detail] of [
      [{ title: '' }, messages.certificateTitleLength],
      [{ title: 'x'.repeat(121) }, messages.certificateTitleLength],
      [{ signatory_name: 'Line\nbreak' }, messages.certificateSignatoryLength],
      [{ show_days: 'yes' }, 'show_days must be true or false'],
      [{ signature_hash: 'a'.repeat(32) }, 'Unknown certificate design field: signature_hash'],
    ] as const) {
      const res = await patch({ certificate_design: design });
      expect(res.statusCode, JSON.stringify(design)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(detail);
    }
    const event = await get(`/api/events/${eventId}/`);
    expect(event.json().certificate_design.title).toBe('Certificat de présence');
  });

  it('the signature image is checked like the logo', async () => {
    const upload = (content: Buffer, filename: string) => {
      const boundary = '----certificate-test';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.request({
        method: 'POST',
        url: `/api/events/${eventId}/certificate-signature/`,
        headers: { ...bearer(staff), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'sig.png');
    expect(svg.statusCode).toBe(400);
    expect(svg.json().detail).toBe(messages.signatureSvgRefused);
    const png = new PNG({ width: 40, height: 20 });
    png.data.fill(0);
    const good = await upload(PNG.sync.write(png), 'sig.png');
    expect(good.statusCode).toBe(200);
    const url = good.json().certificate_design.signature_url as string;
    expect(url).toMatch(/^\/api\/events\/\d+\/certificate-signature\/[0-9a-f]{32}\/$/);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    // The design still draws with it.
    const pdf = await get(`/api/events/${eventId}/certificates.pdf`);
    expect(pdf.statusCode).toBe(200);
  });
});
