import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importQrSigningKey, signQrCredential, verifyQrCredential } from '@attend/shared';
import { auditLog, events, participants } from '../src/db/schema';
import { BULK_CONFIRM_CHUNK } from '../src/services/attendance/confirm-attendance';
import { GUESSING } from '../src/services/auth/rate-limit';
import { openQrPrivateKey, qrSealKey } from '../src/services/qr/key-seal';
import { renderQrPng } from '../src/services/qr/qr-png';
import { qrImagePath, qrUrlKey } from '../src/services/qr/qr-url';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, SECRET, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let eventId: number;
let base: string;
let other: { eventId: number; participantId: number };

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  base = `/api/events/${eventId}/participants/`;
  other = await otherEvent(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

async function addParticipant(email: string): Promise<number> {
  const res = await post(base, { full_name: email.split('@')[0], email }, bearer(staff));
  return res.json().id;
}

async function row(id: number) {
  const [p] = await t.database.db.select().from(participants).where(eq(participants.id, id));
  return p;
}

/** The image URL as the app serves it (strip the public origin for inject). */
const local = (url: string) => url.replace('http://attend.test', '');

describe('staff confirm one participant', () => {
  it('confirms, then reports already_confirmed with the spec messages', async () => {
    const id = await addParticipant('confirm.one@example.org');
    const first = await post(`${base}${id}/confirm_attendance/`, {}, bearer(staff));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'confirmed',
      message: 'Attendance confirmed successfully',
      participant: { id, confirmed_attendance: true },
    });
    expect(first.json().participant.qr_code_url).toMatch(/^http:\/\/attend\.test\/api\/qr\//);
    const confirmedAt = (await row(id))?.confirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);
    const second = await post(`${base}${id}/confirm_attendance/`, {}, bearer(staff));
    expect(second.json()).toMatchObject({
      status: 'already_confirmed',
      message: 'Participant attendance already confirmed',
    });
    // The first confirmation time stays.
    expect((await row(id))?.confirmedAt?.getTime()).toBe(confirmedAt?.getTime());
  });

  it('cannot reach a participant of another event, and is staff only', async () => {
    const res = await post(`${base}${other.participantId}/confirm_attendance/`, {}, bearer(staff));
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Participant not found.');
    const pending = t.seed.participants[1]?.id ?? 0;
    const asParticipant = await post(
      `${base}${pending}/confirm_attendance/`,
      {},
      bearer(await t.participantToken(1)),
    );
    expect(asParticipant.statusCode).toBe(403);
    expect((await row(pending))?.confirmedAttendance).toBe(false);
  });
});

describe('staff bulk confirm', () => {
  it('confirms the selection and reports already confirmed and unknown ids', async () => {
    const a = await addParticipant('bulk.a@example.org');
    const b = await addParticipant('bulk.b@example.org');
    const already = t.seed.participants[0]?.id ?? 0;
    const res = await post(
      `${base}bulk_confirm_attendance/`,
      { participant_ids: [a, b, b, already, other.participantId, 999999] },
      bearer(staff),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      confirmed_count: 2,
      already_confirmed_count: 1,
      error_count: 2,
      errors: [
        { participant_id: other.participantId, error: 'Participant not found.' },
        { participant_id: 999999, error: 'Participant not found.' },
      ],
      message: 'Bulk confirmation completed: 2 newly confirmed, 1 already confirmed, 2 errors',
    });
    expect((await row(a))?.confirmedAttendance).toBe(true);
    expect((await row(b))?.confirmedAttendance).toBe(true);
  });

  it('confirms a large selection in one go (and then refreshes the search indexes)', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => ({
      eventId,
      username: `many${i}`,
      fullName: `Many ${i}`,
      email: `many${i}@example.org`,
      uniqueCode: `M${String(i).padStart(7, '0')}`,
    }));
    const inserted = await t.database.db.insert(participants).values(rows).returning({ id: participants.id });
    const res = await post(
      `${base}bulk_confirm_attendance/`,
      { participant_ids: inserted.map((r) => r.id) },
      bearer(staff),
    );
    expect(res.json()).toMatchObject({ confirmed_count: 600, already_confirmed_count: 0, error_count: 0 });
    const search = await t.request({
      method: 'GET',
      url: `${base}?search=many%2059&confirmed=true`,
      headers: bearer(staff),
    });
    expect(search.json().count).toBe(11);
  });

  it('confirms a selection larger than one chunk: counts across chunks, one audit entry', async () => {
    const size = BULK_CONFIRM_CHUNK * 2 + 100;
    const rows = Array.from({ length: size }, (_, i) => ({
      eventId,
      username: `chunk${i}`,
      fullName: `Chunk ${i}`,
      email: `chunk${i}@example.org`,
      uniqueCode: `C${String(i).padStart(7, '0')}`,
      // Already confirmed ones in every chunk.
      confirmedAttendance: i % 100 === 7,
    }));
    const inserted = await t.database.db.insert(participants).values(rows).returning({ id: participants.id });
    const ids = inserted.map((r) => r.id);
    await t.database.db
      .update(participants)
      .set({ confirmedAttendance: false, confirmedAt: null })
      .where(eq(participants.id, other.participantId));
    // Foreign and unknown ids in the second and last chunks, and a duplicate.
    const selection = [...ids.slice(0, 700), other.participantId, ...ids.slice(700), 999998, ids[3] ?? 0];
    const before = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'participant.bulk_confirm'));
    const res = await post(`${base}bulk_confirm_attendance/`, { participant_ids: selection }, bearer(staff));
    expect(res.statusCode).toBe(200);
    const already = rows.filter((r) => r.confirmedAttendance).length;
    expect(res.json()).toEqual({
      confirmed_count: size - already,
      already_confirmed_count: already,
      error_count: 2,
      errors: [
        { participant_id: other.participantId, error: 'Participant not found.' },
        { participant_id: 999998, error: 'Participant not found.' },
      ],
      message: `Bulk confirmation completed: ${size - already} newly confirmed, ${already} already confirmed, 2 errors`,
    });
    const [pending] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(participants)
      .where(and(inArray(participants.id, ids), eq(participants.confirmedAttendance, false)));
    expect(pending?.n).toBe(0);
    expect((await row(other.participantId))?.confirmedAttendance).toBe(false);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'participant.bulk_confirm'));
    expect(entries.length).toBe(before.length + 1);
    expect(entries.at(-1)?.details).toEqual({
      confirmed: size - already,
      already_confirmed: already,
      errors: 2,
    });
    // Again: all already confirmed, nothing changes.
    const again = await post(`${base}bulk_confirm_attendance/`, { participant_ids: ids }, bearer(staff));
    expect(again.json()).toMatchObject({ confirmed_count: 0, already_confirmed_count: size, error_count: 0 });
  });

  it('never touches participants of another event', async () => {
    await t.database.db
      .update(participants)
      .set({ confirmedAttendance: false, confirmedAt: null })
      .where(eq(participants.id, other.participantId));
    await post(`${base}bulk_confirm_attendance/`, { participant_ids: [other.participantId] }, bearer(staff));
    expect((await row(other.participantId))?.confirmedAttendance).toBe(false);
  });

  it('needs a selection', async () => {
    for (const payload of [{ participant_ids: [] }, {}, { participant_ids: 'all' }]) {
      const res = await post(`${base}bulk_confirm_attendance/`, payload, bearer(staff));
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Please select participants to confirm');
    }
    const res = await post(`${base}bulk_confirm_attendance/`, { participant_ids: [1, 'x'] }, bearer(staff));
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for a missing event', async () => {
    const res = await post(
      '/api/events/999999/participants/bulk_confirm_attendance/',
      { participant_ids: [1] },
      bearer(staff),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Event not found');
  });
});

describe('a participant confirms their own attendance', () => {
  let selfId: number;
  let selfToken: string;
  beforeAll(async () => {
    selfId = await addParticipant('self.confirm@example.org');
    const code = (await row(selfId))?.uniqueCode;
    const login = await post('/api/auth/login/', { event_code: 'TEST42', unique_code: code });
    selfToken = login.json().access;
    expect(login.json().participant.qr_code_url).toBeNull();
  });

  it('has no QR code before confirming', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/participants/me/qr-code/',
      headers: bearer(selfToken),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('QR code not found. Please try confirming your attendance again.');
  });

  it('cannot confirm someone else', async () => {
    const victim = await addParticipant('victim@example.org');
    for (const id of [victim, other.participantId]) {
      const res = await post(
        '/api/simple-confirm/',
        { participant_id: id, confirm: true },
        bearer(selfToken),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('You can only confirm your own attendance.');
    }
    expect((await row(victim))?.confirmedAttendance).toBe(false);
    expect((await row(selfId))?.confirmedAttendance).toBe(false);
  });

  it('confirms with simple-confirm and gets the QR URL (document 1 §3 shape)', async () => {
    const res = await post(
      '/api/simple-confirm/',
      { participant_id: selfId, confirm: true },
      bearer(selfToken),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      status: 'confirmed',
      message: 'Attendance confirmed successfully! Your QR code is ready.',
      participant: { id: selfId, confirmed_attendance: true, event: { id: eventId, event_code: 'TEST42' } },
    });
    expect(body.data.qr_code_url).toMatch(/^http:\/\/attend\.test\/api\/qr\/\d+\.png\?/);
    expect(body.qr_code_url).toBe(body.data.qr_code_url);
    expect(body.participant.qr_code_url).toBe(body.data.qr_code_url);
    const again = await post(
      '/api/simple-confirm/',
      { participant_id: String(selfId), confirm: true },
      bearer(selfToken),
    );
    expect(again.json()).toMatchObject({ success: true, status: 'already_confirmed' });
  });

  it('then reads the QR URL from me/qr-code and from the account endpoint', async () => {
    const qr = await t.request({
      method: 'GET',
      url: '/api/participants/me/qr-code/',
      headers: bearer(selfToken),
    });
    expect(qr.statusCode).toBe(200);
    expect(qr.json()).toEqual({
      success: true,
      qr_code_url: expect.stringMatching(/\/api\/qr\/\d+\.png\?exp=/),
    });
    const me = await t.request({ method: 'GET', url: '/api/accounts/me/', headers: bearer(selfToken) });
    expect(me.json().qr_code_url).toBe(qr.json().qr_code_url);
  });

  it('cannot withdraw, and the routes are for participants only', async () => {
    const res = await post(
      '/api/simple-confirm/',
      { participant_id: selfId, confirm: false },
      bearer(selfToken),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Attendance confirmation cannot be withdrawn.');
    const asStaff = await post('/api/simple-confirm/', { participant_id: selfId }, bearer(staff));
    expect(asStaff.statusCode).toBe(403);
    const qrAsStaff = await t.request({
      method: 'GET',
      url: '/api/participants/me/qr-code/',
      headers: bearer(staff),
    });
    expect(qrAsStaff.statusCode).toBe(403);
    expect((await post('/api/simple-confirm/', { participant_id: selfId })).statusCode).toBe(401);
    const missing = await post('/api/simple-confirm/', {}, bearer(selfToken));
    expect(missing.json().detail).toBe('User information is missing. Please try logging in again.');
  });
});

describe('confirm-attendance-direct (public fallback with both codes)', () => {
  it('confirms with the event code and unique code, typed loosely', async () => {
    const id = await addParticipant('direct@example.org');
    const code = (await row(id))?.uniqueCode ?? '';
    const res = await post(
      '/api/participants/confirm-attendance-direct/',
      { event_code: ' test42 ', unique_code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}` },
      {},
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      status: 'confirmed',
      participant: { id, confirmed_attendance: true },
    });
    expect(res.json().qr_code_url).toMatch(/\/api\/qr\//);
  });

  it('refuses wrong codes with the login message and needs both codes', async () => {
    const res = await post('/api/participants/confirm-attendance-direct/', {
      event_code: 'TEST42',
      unique_code: 'WRONG222',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Invalid event code or unique code');
    const missing = await post('/api/participants/confirm-attendance-direct/', { event_code: 'TEST42' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Missing required credentials. Please log in again.');
  });

  it('shares the guessing budget of sign-in: past five failures a network must solve a challenge', async () => {
    const from = { remoteAddress: '10.9.9.9' };
    for (let i = 0; i < GUESSING.codeNetwork.free; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/participants/confirm-attendance-direct/',
        payload: { event_code: 'TEST42', unique_code: `NOPE${i}` },
        ...from,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.request({
      method: 'POST',
      url: '/api/participants/confirm-attendance-direct/',
      payload: { event_code: 'TEST42', unique_code: t.seed.participants[1]?.uniqueCode },
      ...from,
    });
    expect(blocked.statusCode).toBe(428);
    expect(blocked.json()).toMatchObject({ code: 'challenge_required', detail: 'Checking your browser…' });
    // Not evaluated: nobody was confirmed.
    expect((await row(t.seed.participants[1]?.id ?? 0))?.confirmedAttendance).toBe(false);
  });
});

describe('QR image URLs', () => {
  it('sign-in gives the confirmed participant a QR URL and the pending one none', async () => {
    const login0 = await post('/api/auth/login/', { event_code: 'TEST42', unique_code: 'ABCD2345' });
    expect(login0.json().participant.qr_code_url).toMatch(
      /^http:\/\/attend\.test\/api\/qr\/\d+\.png\?exp=\d+&sig=/,
    );
    const login1 = await post('/api/auth/login/', { event_code: 'TEST42', unique_code: 'EFGH6789' });
    expect(login1.json().participant.qr_code_url).toBeNull();
  });

  it('renders the PNG of a credential signed with the lazily created event key', async () => {
    const [before] = await t.database.db.select().from(events).where(eq(events.id, other.eventId));
    expect(before?.qrPrivateKey).toBeNull();
    const p = await t.request({
      method: 'GET',
      url: `/api/events/${other.eventId}/participants/${other.participantId}/`,
      headers: bearer(staff),
    });
    await post(
      `/api/events/${other.eventId}/participants/${other.participantId}/confirm_attendance/`,
      {},
      bearer(staff),
    );
    const url = (
      await t.request({
        method: 'GET',
        url: `/api/events/${other.eventId}/participants/${other.participantId}/`,
        headers: bearer(staff),
      })
    ).json().qr_code_url;
    expect(p.statusCode).toBe(200);
    const res = await t.request({ method: 'GET', url: local(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    const [after] = await t.database.db.select().from(events).where(eq(events.id, other.eventId));
    expect(after?.qrPublicKey).toMatch(/^[\w-]{43}$/);
    const credential = await signQrCredential(
      await importQrSigningKey(openQrPrivateKey(qrSealKey(SECRET), other.eventId, after?.qrPrivateKey ?? '')),
      {
        eventId: other.eventId,
        participantId: other.participantId,
      },
    );
    expect(await verifyQrCredential(after?.qrPublicKey ?? '', credential)).toEqual({
      eventId: other.eventId,
      participantId: other.participantId,
    });
    expect(res.rawPayload.equals(renderQrPng(credential))).toBe(true);
    // The web app appends a cache-busting parameter (document 1 §7): still the same image.
    const busted = await t.request({ method: 'GET', url: `${local(url)}&t=${Date.now()}` });
    expect(busted.statusCode).toBe(200);
    // The key stays: a second request draws the same image.
    const again = await t.request({ method: 'GET', url: local(url) });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('creates one key pair even when requests race for it', async () => {
    const [event] = await t.database.db
      .insert(events)
      .values({
        name: 'Race',
        startDate: new Date(),
        endDate: new Date(Date.now() + 3600_000),
        eventCode: 'RACE22',
      })
      .returning();
    const id = event?.id ?? 0;
    await Promise.all(Array.from({ length: 5 }, () => t.app.qrKeys.signer(t.database.db, id)));
    const [row1] = await t.database.db.select().from(events).where(eq(events.id, id));
    const signers = await Promise.all(
      Array.from({ length: 3 }, () => t.app.qrKeys.signer(t.database.db, id)),
    );
    const [row2] = await t.database.db.select().from(events).where(eq(events.id, id));
    expect(row2?.qrPrivateKey).toBe(row1?.qrPrivateKey);
    const sign = signers[0] ?? (await t.app.qrKeys.signer(t.database.db, id));
    const text = sign({ eventId: id, participantId: 1 });
    expect(await verifyQrCredential(row2?.qrPublicKey ?? '', text)).toEqual({
      eventId: id,
      participantId: 1,
    });
    // The server's node:crypto signer and the shared WebCrypto signer produce the same credential.
    const web = await importQrSigningKey(openQrPrivateKey(qrSealKey(SECRET), id, row2?.qrPrivateKey ?? ''));
    expect(await signQrCredential(web, { eventId: id, participantId: 1 })).toBe(text);
  });

  it('refuses tampered, borrowed, expired and unconfirmed URLs with 404', async () => {
    const confirmedId = t.seed.participants[0]?.id ?? 0;
    const pendingId = t.seed.participants[1]?.id ?? 0;
    const key = qrUrlKey(SECRET);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const good = qrImagePath(key, confirmedId, exp);
    expect((await t.request({ method: 'GET', url: good })).statusCode).toBe(200);
    const sig = new URL(good, 'http://x').searchParams.get('sig') ?? '';
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    const cases = [
      good.replace(`sig=${sig}`, `sig=${flipped}`),
      good.replace(`exp=${exp}`, `exp=${exp + 1}`),
      // Another participant's id with this participant's signature.
      good.replace(`/qr/${confirmedId}.png`, `/qr/${pendingId}.png`),
      qrImagePath(key, confirmedId, Math.floor(Date.now() / 1000) - 1),
      // Correctly signed, but the participant has not confirmed: there is no QR code.
      qrImagePath(key, pendingId, exp),
      qrImagePath(qrUrlKey('another-secret-that-is-long-enough-000000'), confirmedId, exp),
      `/api/qr/${confirmedId}.png`,
    ];
    for (const url of cases) {
      const res = await t.request({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('keeps the same URL for a day so the browser cache works, and expires within 8 days', async () => {
    const url1 = (await post('/api/auth/login/', { event_code: 'TEST42', unique_code: 'ABCD2345' })).json()
      .participant.qr_code_url;
    const url2 = (await post('/api/auth/login/', { event_code: 'TEST42', unique_code: 'ABCD2345' })).json()
      .participant.qr_code_url;
    expect(url2).toBe(url1);
    const exp = Number(new URL(url1).searchParams.get('exp'));
    const now = Date.now() / 1000;
    expect(exp - now).toBeGreaterThan(7 * 86400 - 1);
    expect(exp - now).toBeLessThanOrEqual(8 * 86400);
  });
});
