import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckIn, TCheckInLiveEvent } from '@attend/shared';
import {
  auditLog,
  checkIns,
  events,
  participants,
  sessionRegistrations,
  sessions,
  staffUsers,
} from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { otherEvent, readSheet } from './fixtures/spreadsheets';
import { bearer, createTestApp, SECRET, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let eventId: number;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
});
afterAll(async () => {
  await t.close();
});

const url = (path = '') => `/api/events/${eventId}${path}`;

function checkIn(body: Record<string, unknown>, token = staff, event = eventId) {
  return t.request({
    method: 'POST',
    url: `/api/events/${event}/check-in/`,
    headers: bearer(token),
    payload: body,
  });
}

/** A new participant of the seed event (confirmed unless said otherwise), with its credential. */
async function person(opts: { confirmed?: boolean; name?: string; event?: number } = {}) {
  counter += 1;
  const code = `CK${String(counter).padStart(6, '0')}`.replace(/0/g, 'Z').replace(/1/g, 'Y');
  const [p] = await t.database.db
    .insert(participants)
    .values({
      eventId: opts.event ?? eventId,
      username: `ck${counter}`,
      fullName: opts.name ?? `Check Person ${counter}`,
      email: `ck${counter}@example.org`,
      organization: 'Ministry of Health',
      uniqueCode: code,
      confirmedAttendance: opts.confirmed ?? true,
      confirmedAt: opts.confirmed === false ? null : new Date(),
    })
    .returning();
  if (!p) throw new Error('no participant');
  const sign = await t.app.qrKeys.signer(t.database.db, p.eventId);
  return { ...p, credential: sign({ eventId: p.eventId, participantId: p.id }) };
}

async function addSession(name: string, startOffsetHours = 1, event = eventId) {
  const start = new Date(Date.now() + startOffsetHours * 3_600_000);
  const [s] = await t.database.db
    .insert(sessions)
    .values({ eventId: event, name, startTime: start, endTime: new Date(start.getTime() + 3_600_000) })
    .returning();
  if (!s) throw new Error('no session');
  return s;
}

async function recordsOf(participantId: number) {
  return t.database.db.select().from(checkIns).where(eq(checkIns.participantId, participantId));
}

async function scannerToken(eventIds: number[]) {
  counter += 1;
  const username = `scanner${counter}`;
  await createStaffUser(t.database.db, {
    username,
    password: 'scanner-password-1',
    role: 'scanner',
    eventIds,
  });
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/token/',
    payload: { username, password: 'scanner-password-1' },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { access: string; user: { role: string; event_ids: number[] } }).access;
}

describe('POST /api/events/{eventId}/check-in/', () => {
  it('checks a participant in at the door with the signed QR credential, once', async () => {
    const p = await person();
    const res = await checkIn({ qr_code_data: p.credential, session: null, notes: 'Manual check-in' });
    expect(res.statusCode).toBe(201);
    const record = res.json() as TCheckIn;
    expect(record).toMatchObject({
      participant_id: p.id,
      participant_name: p.fullName,
      organization: 'Ministry of Health',
      unique_code: p.uniqueCode,
      session: null,
      session_name: 'Main Event',
      checked_in_by: 'staff',
      notes: 'Manual check-in',
      forced: false,
    });
    expect(Date.now() - Date.parse(record.check_in_time)).toBeLessThan(60_000);

    const again = await checkIn({ qr_code_data: p.credential, session: null });
    expect(again.statusCode).toBe(409);
    const body = again.json();
    expect(body.code).toBe('already_checked_in');
    expect(body.detail).toContain(`${p.fullName} is already checked in`);
    expect(body.detail).toContain('by staff');
    expect(body.check_in).toMatchObject({
      id: record.id,
      checked_in_by: 'staff',
      check_in_time: record.check_in_time,
    });
    expect(await recordsOf(p.id)).toHaveLength(1);
  });

  it('accepts the unique code typed by hand, in any case and with spaces', async () => {
    const p = await person();
    const typed = `${p.uniqueCode.slice(0, 4).toLowerCase()} ${p.uniqueCode.slice(4)}`;
    const res = await checkIn({ qr_code_data: typed, session: null, notes: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().participant_id).toBe(p.id);
  });

  it('refuses someone who has not confirmed, unless forced, which also confirms them', async () => {
    const p = await person({ confirmed: false });
    const res = await checkIn({ qr_code_data: p.uniqueCode, session: null });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'not_confirmed',
      detail: `${p.fullName} has not confirmed attendance.`,
      participant: { id: p.id, full_name: p.fullName },
    });
    expect(await recordsOf(p.id)).toHaveLength(0);

    const forced = await checkIn({ qr_code_data: p.uniqueCode, session: null, force: true });
    expect(forced.statusCode).toBe(201);
    expect(forced.json().forced).toBe(true);
    const [after] = await t.database.db.select().from(participants).where(eq(participants.id, p.id));
    expect(after?.confirmedAttendance).toBe(true);
    expect(after?.confirmedAt).not.toBeNull();
  });

  it('at a session: registered people go in, others only when forced (recorded as forced)', async () => {
    const s = await addSession('Workshop A');
    const registered = await person();
    const walkIn = await person();
    await t.database.db
      .insert(sessionRegistrations)
      .values({ sessionId: s.id, participantId: registered.id });

    const ok = await checkIn({ qr_code_data: registered.credential, session: s.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ session: s.id, session_name: 'Workshop A', forced: false });

    const refused = await checkIn({ qr_code_data: walkIn.credential, session: s.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'not_registered',
      detail: `${walkIn.fullName} is not registered for Workshop A.`,
    });
    const forced = await checkIn({ qr_code_data: walkIn.credential, session: s.id, force: true });
    expect(forced.statusCode).toBe(201);
    expect(forced.json().forced).toBe(true);

    // The door and the session are separate: the same person can still be checked in at the door.
    expect((await checkIn({ qr_code_data: registered.credential, session: null })).statusCode).toBe(201);
    expect(await recordsOf(registered.id)).toHaveLength(2);
  });

  it('gives each bad code its own clear 4xx and message, and records nothing', async () => {
    const p = await person();
    const other = await otherEvent(t.database.db);
    const otherSign = await t.app.qrKeys.signer(t.database.db, other.eventId);
    const otherCredential = otherSign({ eventId: other.eventId, participantId: other.participantId });
    const otherSession = await addSession('Elsewhere', 1, other.eventId);
    // A signature byte changed: the ids are intact, the signature is not.
    const last = p.credential.at(-2) === 'A' ? 'B' : 'A';
    const forged = `${p.credential.slice(0, -2)}${last}${p.credential.slice(-1)}`;
    // Claims another participant with this participant's signature.
    const swapped = (await t.app.qrKeys.signer(t.database.db, eventId))({
      eventId,
      participantId: p.id + 100_000,
    });

    const cases: [unknown, number, string, string][] = [
      [otherCredential, 400, 'other_event', 'This QR code belongs to another event.'],
      [forged, 400, 'forged_code', 'This QR code is not valid: its signature does not match.'],
      [
        p.credential.slice(0, 60),
        400,
        'invalid_code',
        'This QR code is damaged or incomplete. Scan it again.',
      ],
      ['ZZZZ9999', 404, 'unknown_code', 'No participant of this event has this code.'],
      [other.participantId && 'QRST2345', 404, 'unknown_code', 'No participant of this event has this code.'],
      ['<script>', 400, 'invalid_code', 'This is not a check-in code.'],
      [swapped, 404, 'unknown_code', 'No participant of this event has this code.'],
    ];
    for (const [data, status, code, detail] of cases) {
      const res = await checkIn({ qr_code_data: data, session: null });
      expect(res.statusCode, String(data)).toBe(status);
      expect(res.json(), String(data)).toMatchObject({ code, detail });
    }
    const wrongSession = await checkIn({ qr_code_data: p.credential, session: otherSession.id });
    expect(wrongSession.statusCode).toBe(404);
    expect(wrongSession.json()).toMatchObject({
      code: 'session_not_found',
      detail: 'This session does not belong to this event.',
    });
    expect(await recordsOf(p.id)).toHaveLength(0);
    expect(await recordsOf(other.participantId)).toHaveLength(0);
  });

  it('refuses check-in at an inactive event', async () => {
    const other = await otherEvent(t.database.db);
    await t.database.db.update(events).set({ isActive: false }).where(eq(events.id, other.eventId));
    const res = await checkIn({ qr_code_data: 'QRST2345', session: null }, staff, other.eventId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'event_inactive',
      detail: 'This event is not active: check-in is closed.',
    });
    expect(await recordsOf(other.participantId)).toHaveLength(0);
  });

  it('is idempotent per client_nonce, and a nonce cannot be replayed for someone else', async () => {
    const p = await person();
    const q = await person();
    const nonce = 'station-1-000001';
    const first = await checkIn({ qr_code_data: p.credential, session: null, client_nonce: nonce });
    expect(first.statusCode).toBe(201);
    const retry = await checkIn({ qr_code_data: p.credential, session: null, client_nonce: nonce });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
    const replay = await checkIn({ qr_code_data: q.credential, session: null, client_nonce: nonce });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('nonce_reused');
    expect(await recordsOf(q.id)).toHaveLength(0);
    const badNonce = await checkIn({ qr_code_data: q.credential, session: null, client_nonce: 'a b' });
    expect(badNonce.statusCode).toBe(400);
  });

  it('a forced door scan refused as nonce_reused changes nothing: the participant stays unconfirmed', async () => {
    const p = await person();
    const unconfirmed = await person({ confirmed: false });
    const nonce = 'station-1-forced-01';
    expect(
      (await checkIn({ qr_code_data: p.credential, session: null, client_nonce: nonce })).statusCode,
    ).toBe(201);
    const replay = await checkIn({
      qr_code_data: unconfirmed.credential,
      session: null,
      client_nonce: nonce,
      force: true,
    });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('nonce_reused');
    const [after] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.id, unconfirmed.id));
    expect(after).toMatchObject({ confirmedAttendance: false, confirmedAt: null });
    expect(after?.updatedAt.getTime()).toBe(unconfirmed.updatedAt.getTime());
    expect(await recordsOf(unconfirmed.id)).toHaveLength(0);
  });

  it('hostile qr_code_data never gives a 5xx', async () => {
    const p = await person();
    const hostile: unknown[] = [
      'x'.repeat(100_000),
      'AT1:' + 'A'.repeat(500),
      'AT1:',
      p.credential.slice(0, 20) + ' ' + p.credential.slice(20),
      '\u0000AT1:',
      '\uD800\uDFFF\uFFFE',
      Buffer.from([0xff, 0xfe, 0x00, 0x01]).toString('latin1'),
      12345678,
      null,
      { code: p.uniqueCode },
      ["'; drop table check_ins; --"],
    ];
    for (const data of hostile) {
      const res = await checkIn({ qr_code_data: data, session: null });
      expect(res.statusCode, JSON.stringify(data).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(data).slice(0, 40)).toBeLessThan(500);
      expect(typeof res.json().detail).toBe('string');
    }
    for (const session of [-1, 0, 2 ** 40, 'x', 1.5]) {
      const res = await checkIn({ qr_code_data: p.uniqueCode, session });
      expect(res.statusCode).toBe(400);
    }
    expect(await recordsOf(p.id)).toHaveLength(0);
  });
});

describe('the door under a rush', () => {
  it('50 simultaneous check-ins of one participant give exactly one 201 and 49 × 409', async () => {
    const p = await person();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        checkIn({
          qr_code_data: i % 2 ? p.credential : p.uniqueCode,
          session: null,
          client_nonce: `rush-${i}-nonce`,
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().code).toBe('already_checked_in');
    expect(await recordsOf(p.id)).toHaveLength(1);
  });

  it('control: without the unique constraint the same rush records the participant many times', async () => {
    // A separate database, so the constraint can be dropped without touching the other tests.
    const c = await createTestApp();
    try {
      await c.database.db.execute(
        sql`alter table check_ins drop constraint check_ins_participant_session_uq`,
      );
      const token = await c.staffToken();
      const p = c.seed.participants.find((x) => x.confirmed);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          c.request({
            method: 'POST',
            url: `/api/events/${c.seed.event.id}/check-in/`,
            headers: bearer(token),
            payload: { qr_code_data: p?.uniqueCode, session: null },
          }),
        ),
      );
      const created = results.filter((r) => r.statusCode === 201).length;
      const rows = await c.database.db
        .select()
        .from(checkIns)
        .where(eq(checkIns.participantId, p?.id ?? 0));
      expect(rows.length).toBe(created);
      expect(created).toBeGreaterThan(1);
    } finally {
      await c.close();
    }
  });
});

describe('undo, lists and counts', () => {
  it('staff undo a mistaken check-in; it stays in the audit log and can be made again', async () => {
    const p = await person();
    const made = (await checkIn({ qr_code_data: p.uniqueCode, session: null })).json() as TCheckIn;
    const del = await t.request({
      method: 'DELETE',
      url: url(`/check-ins/${made.id}/`),
      headers: bearer(staff),
    });
    expect(del.statusCode).toBe(204);
    expect(await recordsOf(p.id)).toHaveLength(0);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'check_in.undone'), eq(auditLog.targetId, made.id)));
    expect((entry?.details as { check_in: TCheckIn }).check_in.participant_id).toBe(p.id);
    const again = await t.request({
      method: 'DELETE',
      url: url(`/check-ins/${made.id}/`),
      headers: bearer(staff),
    });
    expect(again.statusCode).toBe(404);
    expect((await checkIn({ qr_code_data: p.uniqueCode, session: null })).statusCode).toBe(201);

    const other = await otherEvent(t.database.db);
    const foreign = await checkIn({ qr_code_data: 'QRST2345', session: null }, staff, other.eventId);
    const cross = await t.request({
      method: 'DELETE',
      url: url(`/check-ins/${foreign.json().id}/`),
      headers: bearer(staff),
    });
    expect(cross.statusCode).toBe(404);
  });

  it('lists attendance newest first, a page at a time, searchable by name or code', async () => {
    const c = await createTestApp();
    try {
      const token = await c.staffToken();
      const ev = c.seed.event.id;
      const made: TCheckIn[] = [];
      for (let i = 0; i < 5; i++) {
        const [p] = await c.database.db
          .insert(participants)
          .values({
            eventId: ev,
            username: `list${i}`,
            fullName: i === 3 ? 'Zawadi Mwangi' : `Listed ${i}`,
            email: `list${i}@example.org`,
            uniqueCode: `LST${i}ABCD`.replace('0', 'Z').replace('1', 'Y'),
            confirmedAttendance: true,
          })
          .returning();
        const res = await c.request({
          method: 'POST',
          url: `/api/events/${ev}/check-in/`,
          headers: bearer(token),
          payload: { qr_code_data: p?.uniqueCode, session: null },
        });
        made.push(res.json() as TCheckIn);
      }
      const get = (path: string) =>
        c.request({ method: 'GET', url: `/api/events/${ev}${path}`, headers: bearer(token) });
      const page1 = (await get('/attendance/?page_size=2')).json();
      expect(page1.count).toBe(5);
      expect(page1.results.map((r: TCheckIn) => r.id)).toEqual([made[4]?.id, made[3]?.id]);
      expect(page1.next).toContain('page=2');
      const page3 = (await get('/attendance/?page_size=2&page=3')).json();
      expect(page3.results.map((r: TCheckIn) => r.id)).toEqual([made[0]?.id]);
      expect(page3.next).toBeNull();
      expect((await get('/attendance/?page_size=2&page=9')).statusCode).toBe(404);
      const byName = (await get('/attendance/?search=zawadi')).json();
      expect(byName.results.map((r: TCheckIn) => r.participant_name)).toEqual(['Zawadi Mwangi']);
      const byCode = (await get(`/attendance/?search=${made[1]?.unique_code?.toLowerCase()}`)).json();
      expect(byCode.results.map((r: TCheckIn) => r.id)).toEqual([made[1]?.id]);
      const spec = (await get('/check-ins/')).json() as TCheckIn[];
      expect(spec).toHaveLength(5);
      const s = await c.database.db
        .insert(sessions)
        .values({
          eventId: ev,
          name: 'Side',
          startTime: new Date(),
          endTime: new Date(Date.now() + 3_600_000),
        })
        .returning();
      const sessionList = (await get(`/sessions/${s[0]?.id}/attendance/`)).json();
      expect(sessionList).toMatchObject({ count: 0, results: [] });
      expect((await get('/sessions/999999/attendance/')).statusCode).toBe(404);

      const stats = (await get('/check-ins/stats/')).json();
      expect(stats.main_event).toEqual({ checked_in: 5, confirmed: 6, total: 7 });
      expect(stats.sessions).toEqual([
        expect.objectContaining({ id: s[0]?.id, name: 'Side', checked_in: 0, registered: 0 }),
      ]);
      expect(stats.timeline.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(5);
      expect(Date.parse(stats.timeline[0].bucket) % (15 * 60_000)).toBe(0);

      const overview = (
        await c.request({ method: 'GET', url: '/api/check-ins/stats/', headers: bearer(token) })
      ).json();
      expect(overview).toMatchObject({ total: 5, today: 5, events: [{ event_id: ev, total: 5, today: 5 }] });
    } finally {
      await c.close();
    }
  });
});

describe('two databases in one process', () => {
  it("verifies each database's credentials with that database's key (event ids repeat across them)", async () => {
    const other = await createTestApp();
    try {
      expect(other.seed.event.id).toBe(t.seed.event.id);
      for (const app of [t, other]) {
        const [p] = app.seed.participants;
        if (!p) throw new Error('no participant');
        await app.database.db
          .update(participants)
          .set({ confirmedAttendance: true, confirmedAt: new Date() })
          .where(eq(participants.id, p.id));
        const sign = await app.app.qrKeys.signer(app.database.db, app.seed.event.id);
        const res = await app.request({
          method: 'POST',
          url: `/api/events/${app.seed.event.id}/check-in/`,
          headers: bearer(await app.staffToken()),
          payload: { qr_code_data: sign({ eventId: app.seed.event.id, participantId: p.id }), session: null },
        });
        expect([200, 201, 409], res.body).toContain(res.statusCode);
        expect(res.json().code).not.toBe('forged_code');
      }
    } finally {
      await other.close();
    }
  });
});

describe('live updates', () => {
  it('every open stream sees a check-in made elsewhere, and its undo, within 2 s', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const streams = [new AbortController(), new AbortController()];
    try {
      const received: TCheckInLiveEvent[][] = [[], []];
      const opened = streams.map(async (controller, i) => {
        const res = await fetch(`${address}/api/events/${eventId}/check-ins/live/`, {
          headers: bearer(staff),
          signal: controller.signal,
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/event-stream');
        const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        const pump = async () => {
          for (;;) {
            const chunk = await reader?.read();
            if (!chunk || chunk.done) return;
            buffer += chunk.value;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = block.split('\n').find((l) => l.startsWith('data: '));
              if (block.includes('event: check_in') && data) received[i]?.push(JSON.parse(data.slice(6)));
            }
          }
        };
        void pump().catch(() => undefined);
      });
      await Promise.all(opened);
      const p = await person({ name: 'Live Person' });
      const started = Date.now();
      const made = (await checkIn({ qr_code_data: p.credential, session: null })).json() as TCheckIn;
      for (const list of received) {
        await expect.poll(() => list.length, { timeout: 2000 }).toBe(1);
        expect(list[0]).toEqual({ action: 'created', check_in: made });
      }
      expect(Date.now() - started).toBeLessThan(2000);
      await t.request({ method: 'DELETE', url: url(`/check-ins/${made.id}/`), headers: bearer(staff) });
      for (const list of received) {
        await expect.poll(() => list.length, { timeout: 2000 }).toBe(2);
        expect(list[1]).toMatchObject({ action: 'deleted', check_in: { id: made.id } });
      }
      const participant = await t.participantToken(0);
      const refused = await fetch(`${address}/api/events/${eventId}/check-ins/live/`, {
        headers: bearer(participant),
      });
      expect(refused.status).toBe(403);
    } finally {
      for (const s of streams) s.abort();
    }
  });
  it('ends a stream when the token that opened it expires', async () => {
    const port = (t.app.server.address() as AddressInfo | null)?.port;
    const address = port ? `http://127.0.0.1:${port}` : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [me] = await t.database.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.username, 'staff'));
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT({ username: 'staff', role: 'admin', token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('attend')
      .setAudience('staff')
      .setSubject(String(me?.id))
      .setIssuedAt(now)
      .setExpirationTime(now + 2)
      .sign(new TextEncoder().encode(SECRET));
    const started = Date.now();
    const res = await fetch(`${address}/api/events/${eventId}/check-ins/live/`, {
      headers: bearer(shortLived),
    });
    expect(res.status).toBe(200);
    // Reading to the end returns once the server closes the stream.
    const body = await res.text();
    expect(body).toContain(': connected');
    const lasted = Date.now() - started;
    expect(lasted).toBeGreaterThan(500);
    expect(lasted).toBeLessThan(5000);
  });
});

describe('the DSA report', () => {
  it('counts registered and attended sessions of the day per confirmed participant', async () => {
    const c = await createTestApp();
    try {
      const token = await c.staffToken();
      const ev = c.seed.event.id;
      const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const at = (h: number) => new Date(`${day}T${String(h).padStart(2, '0')}:00:00.000Z`);
      const daySessions = await c.database.db
        .insert(sessions)
        .values(
          [8, 10, 12, 14, 16].map((h) => ({
            eventId: ev,
            name: `S${h}`,
            startTime: at(h),
            endTime: at(h + 1),
          })),
        )
        .returning();
      const [keen, halfway] = await c.database.db
        .insert(participants)
        .values([
          {
            eventId: ev,
            username: 'keen',
            fullName: '=HYPERLINK("x")',
            email: 'k@example.org',
            uniqueCode: 'KEENAAAA',
            confirmedAttendance: true,
          },
          {
            eventId: ev,
            username: 'half',
            fullName: 'Half Way',
            email: 'h@example.org',
            uniqueCode: 'HALFAAAA',
            confirmedAttendance: true,
          },
        ])
        .returning();
      if (!keen || !halfway) throw new Error('no participants');
      for (const s of daySessions) {
        await c.database.db.insert(sessionRegistrations).values([
          { sessionId: s.id, participantId: keen.id },
          { sessionId: s.id, participantId: halfway.id },
        ]);
      }
      const scan = (code: string, session: number) =>
        c.request({
          method: 'POST',
          url: `/api/events/${ev}/check-in/`,
          headers: bearer(token),
          payload: { qr_code_data: code, session },
        });
      for (const s of daySessions.slice(0, 4)) expect((await scan('KEENAAAA', s.id)).statusCode).toBe(201);
      for (const s of daySessions.slice(0, 2)) expect((await scan('HALFAAAA', s.id)).statusCode).toBe(201);

      const report = await c.request({
        method: 'GET',
        url: `/api/events/${ev}/attendance/dsa-report/?day=${day}`,
        headers: bearer(token),
      });
      expect(report.statusCode).toBe(200);
      const body = report.json();
      expect(body).toMatchObject({ day, sessions_required: 4, eligible_count: 1 });
      const byId = new Map(body.rows.map((r: { participant_id: number }) => [r.participant_id, r]));
      expect(byId.get(keen.id)).toMatchObject({ registered: 5, attended: 4, eligible: true });
      expect(byId.get(halfway.id)).toMatchObject({ registered: 5, attended: 2, eligible: false });
      // Every confirmed participant is listed, with nothing that day too.
      const confirmedSeed = c.seed.participants.find((p) => p.confirmed);
      expect(byId.get(confirmedSeed?.id)).toMatchObject({ registered: 0, attended: 0, eligible: false });
      expect(
        body.rows.some(
          (r: { participant_id: number }) =>
            r.participant_id === c.seed.participants.find((p) => !p.confirmed)?.id,
        ),
      ).toBe(false);

      const file = await c.request({
        method: 'GET',
        url: `/api/events/${ev}/attendance/dsa-report/export/?day=${day}`,
        headers: bearer(token),
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      const sheet = readSheet(file.rawPayload);
      expect(sheet[0]).toEqual([
        'Full Name',
        'Organization',
        'Sessions Registered',
        'Sessions Attended',
        'Eligible (4 sessions)',
      ]);
      expect(sheet.some((r) => r[0] === '=HYPERLINK("x")' && r[4] === 'Yes')).toBe(true);

      for (const bad of ['2026-13-01', 'yesterday', '']) {
        const res = await c.request({
          method: 'GET',
          url: `/api/events/${ev}/attendance/dsa-report/?day=${bad}`,
          headers: bearer(token),
        });
        expect(res.statusCode).toBe(400);
      }

      const login = await c.request({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { event_code: c.seed.event.eventCode, unique_code: 'KEENAAAA' },
      });
      const mine = await c.request({
        method: 'GET',
        url: `/api/participants/me/dsa/?day=${day}`,
        headers: bearer(login.json().access),
      });
      expect(mine.json()).toEqual({ day, attended: 4, required: 4, eligible: true });
    } finally {
      await c.close();
    }
  });
});

describe('an event in Africa/Nairobi', () => {
  let nairobi: number;
  beforeAll(async () => {
    const [event] = await t.database.db
      .insert(events)
      .values({
        name: 'Nairobi Summit',
        startDate: new Date('2030-11-26T05:00:00Z'),
        endDate: new Date('2030-11-29T15:00:00Z'),
        eventCode: 'NBOCK2',
        timeZone: 'Africa/Nairobi',
      })
      .returning();
    nairobi = event?.id ?? 0;
  });

  it("says when the first check-in was in the event's time, zone named", async () => {
    const p = await person({ event: nairobi, name: 'Wanjiku Kamau' });
    const first = await checkIn({ qr_code_data: p.credential, session: null }, staff, nairobi);
    expect(first.statusCode).toBe(201);
    await t.database.db
      .update(checkIns)
      .set({ checkInTime: new Date('2030-11-27T07:05:00Z') })
      .where(eq(checkIns.id, first.json().id));
    const again = await checkIn({ qr_code_data: p.credential, session: null }, staff, nairobi);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'Wanjiku Kamau is already checked in (Nov 27, 2030, 10:05 AM EAT, by staff).',
    );
  });

  it("counts the DSA day from midnight to midnight in the event's zone", async () => {
    const p = await person({ event: nairobi, name: 'Otieno Achieng' });
    // 22:00 UTC on the 26th is 1 AM on the 27th in Nairobi; 22:00 UTC on the 27th is the 28th there.
    const [early, late] = await t.database.db
      .insert(sessions)
      .values([
        {
          eventId: nairobi,
          name: 'Night owls',
          startTime: new Date('2030-11-26T22:00:00Z'),
          endTime: new Date('2030-11-26T23:00:00Z'),
        },
        {
          eventId: nairobi,
          name: 'Late show',
          startTime: new Date('2030-11-27T22:00:00Z'),
          endTime: new Date('2030-11-27T23:00:00Z'),
        },
      ])
      .returning();
    if (!early || !late) throw new Error('no sessions');
    await t.database.db.insert(sessionRegistrations).values([
      { sessionId: early.id, participantId: p.id },
      { sessionId: late.id, participantId: p.id },
    ]);
    await t.database.db
      .insert(checkIns)
      .values({ eventId: nairobi, participantId: p.id, sessionId: early.id });
    const report = await t.request({
      method: 'GET',
      url: `/api/events/${nairobi}/attendance/dsa-report/?day=2030-11-27`,
      headers: bearer(staff),
    });
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ day: '2030-11-27', time_zone: 'Africa/Nairobi' });
    const row = report.json().rows.find((r: { participant_id: number }) => r.participant_id === p.id);
    expect(row).toMatchObject({ registered: 1, attended: 1 });
    const file = await t.request({
      method: 'GET',
      url: `/api/events/${nairobi}/attendance/dsa-report/export/?day=2030-11-27`,
      headers: bearer(staff),
    });
    expect(XLSX.read(file.rawPayload, { type: 'buffer' }).SheetNames).toEqual(['DSA 2030-11-27 (EAT)']);
  });
});

describe('the scanner role', () => {
  it('runs the stations of its events and nothing else', async () => {
    const other = await otherEvent(t.database.db);
    const token = await scannerToken([eventId]);
    const me = await t.request({ method: 'GET', url: '/api/accounts/me/', headers: bearer(token) });
    expect(me.json()).toMatchObject({ role: 'scanner', event_ids: [eventId], is_staff: true });
    const list = await t.request({ method: 'GET', url: '/api/check-in/events/', headers: bearer(token) });
    expect(list.json().map((e: { id: number }) => e.id)).toEqual([eventId]);

    const p = await person();
    const ok = await checkIn({ qr_code_data: p.credential, session: null }, token);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().checked_in_by).toMatch(/^scanner/);
    const elsewhere = await checkIn({ qr_code_data: 'QRST2345', session: null }, token, other.eventId);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().detail).toBe('You can only check people in at the events you have been given.');
    const undo = await t.request({
      method: 'DELETE',
      url: url(`/check-ins/${ok.json().id}/`),
      headers: bearer(token),
    });
    expect(undo.statusCode).toBe(403);
    const otherStats = await t.request({
      method: 'GET',
      url: `/api/events/${other.eventId}/check-ins/stats/`,
      headers: bearer(token),
    });
    expect(otherStats.statusCode).toBe(403);
  });

  it('never receives a unique code: not in check-in answers, refusals, lists, sync results or the live stream', async () => {
    const token = await scannerToken([eventId]);
    const port = (t.app.server.address() as AddressInfo | null)?.port;
    const address = port ? `http://127.0.0.1:${port}` : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    let stream = '';
    try {
      const live = await fetch(`${address}/api/events/${eventId}/check-ins/live/`, {
        headers: bearer(token),
        signal: controller.signal,
      });
      expect(live.status).toBe(200);
      const reader = live.body?.pipeThrough(new TextDecoderStream()).getReader();
      void (async () => {
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) return;
          stream += chunk.value;
        }
      })().catch(() => undefined);
      await expect.poll(() => stream).toContain(': connected');

      const typed = await person({ name: 'Secret Keeper' });
      const unconfirmed = await person({ confirmed: false });
      const registered = await person();
      const synced = await person();
      const undone = await person();
      const s = await addSession('Quiet Session');
      await t.database.db
        .insert(sessionRegistrations)
        .values({ sessionId: s.id, participantId: registered.id });
      const codes = [typed, unconfirmed, registered, synced, undone].map((p) => p.uniqueCode);

      const bodies: string[] = [];
      const answer = async (res: Promise<{ statusCode: number; body: string }>, status: number) => {
        const r = await res;
        expect(r.statusCode, r.body.slice(0, 200)).toBe(status);
        bodies.push(r.body);
        return JSON.parse(r.body) as TCheckIn;
      };
      const nonce = 'quiet-station-0001';
      const made = await answer(
        checkIn({ qr_code_data: typed.uniqueCode, session: null, client_nonce: nonce }, token),
        201,
      );
      await answer(
        checkIn({ qr_code_data: typed.uniqueCode, session: null, client_nonce: nonce }, token),
        200,
      );
      await answer(checkIn({ qr_code_data: typed.credential, session: null }, token), 409);
      await answer(checkIn({ qr_code_data: unconfirmed.uniqueCode, session: null, force: true }, token), 201);
      await answer(checkIn({ qr_code_data: registered.credential, session: s.id }, token), 201);
      await answer(checkIn({ qr_code_data: typed.uniqueCode, session: s.id, force: true }, token), 201);
      // Made (and later undone) by an admin: the scanner's stream hears of both.
      const toUndo = (
        await checkIn({ qr_code_data: undone.credential, session: null }, staff)
      ).json() as TCheckIn;
      const sync = await t.request({
        method: 'POST',
        url: url('/check-ins/sync/'),
        headers: bearer(token),
        payload: {
          station_id: 'quiet-station',
          check_ins: [synced.uniqueCode, typed.uniqueCode].map((code, i) => ({
            client_nonce: `quiet-sync-000${i}`,
            qr_code_data: code,
            session: null,
            scanned_at: new Date(Date.now() - 60_000).toISOString(),
          })),
        },
      });
      expect(sync.json().results.map((r: { status: string }) => r.status)).toEqual(['created', 'duplicate']);
      bodies.push(sync.body);
      for (const path of [
        '/attendance/',
        `/attendance/?search=${typed.uniqueCode}`,
        `/sessions/${s.id}/attendance/`,
        '/check-ins/',
        '/check-ins/?session=main',
      ]) {
        const res = await t.request({ method: 'GET', url: url(path), headers: bearer(token) });
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).toContain(typed.fullName);
        bodies.push(res.body);
      }
      expect(
        (await t.request({ method: 'DELETE', url: url(`/check-ins/${toUndo.id}/`), headers: bearer(staff) }))
          .statusCode,
      ).toBe(204);

      // The stream carried every record made (and the one undone), each without a code.
      await expect.poll(() => stream.split('event: check_in').length - 1).toBe(7);
      expect(stream).toContain(`"id":${made.id}`);
      expect(stream).toContain('"action":"deleted"');
      bodies.push(stream);
      for (const body of bodies) {
        expect(body).not.toContain('unique_code');
        for (const code of codes) expect(body).not.toContain(code);
      }
      // An admin still sees the code in the check-in answer where the staff screens use it.
      expect(toUndo.unique_code).toBe(undone.uniqueCode);
    } finally {
      controller.abort();
    }
  });

  it('is refused by every staff route and every shared route, and participants by every check-in route', async () => {
    const token = await scannerToken([eventId]);
    const participant = await t.participantToken(0);
    const concrete = (u: string) =>
      u.replace(':eventId', String(eventId)).replace(/:[A-Za-z]+/g, String(t.seed.participants[0]?.id ?? 1));
    let checked = 0;
    for (const route of t.app.routeRegistry.filter((r) => r.method !== 'HEAD')) {
      if (route.auth === 'staff' || route.auth === 'any' || route.auth === 'participant') {
        const res = await t.request({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: bearer(token),
          payload: {},
        });
        expect(res.statusCode, `${route.method} ${route.url} with a scanner token`).toBe(403);
        checked += 1;
      }
      if (route.auth === 'check-in' && !route.url.endsWith('/live/')) {
        const res = await t.request({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: bearer(participant),
          payload: {},
        });
        expect(res.statusCode, `${route.method} ${route.url} with a participant token`).toBe(403);
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('admins grant and withdraw the role and its events; withdrawal takes effect at once', async () => {
    counter += 1;
    const username = `door${counter}`;
    const user = await createStaffUser(t.database.db, { username, password: 'door-password-1' });
    const patch = (body: Record<string, unknown>, token = staff) =>
      t.request({
        method: 'PATCH',
        url: `/api/accounts/staff/${user.id}/`,
        headers: bearer(token),
        payload: body,
      });
    const granted = await patch({ role: 'scanner', event_ids: [eventId] });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: user.id, role: 'scanner', event_ids: [eventId] });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username, password: 'door-password-1' },
    });
    const scanner = login.json().access as string;
    const p = await person();
    expect((await checkIn({ qr_code_data: p.uniqueCode, session: null }, scanner)).statusCode).toBe(201);
    expect((await patch({ role: 'scanner', event_ids: [] }, scanner)).statusCode).toBe(403);

    expect((await patch({ role: 'scanner', event_ids: [] })).statusCode).toBe(200);
    const q = await person();
    expect((await checkIn({ qr_code_data: q.uniqueCode, session: null }, scanner)).statusCode).toBe(403);

    const admin = await patch({ role: 'admin' });
    expect(admin.json()).toMatchObject({ role: 'admin', event_ids: [] });
    // The role changed: the refresh token of the scanner's sign-in no longer works.
    const refreshed = await t.request({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: login.json().refresh },
    });
    expect(refreshed.statusCode).toBe(401);

    expect((await patch({ role: 'boss' })).statusCode).toBe(400);
    expect((await patch({ role: 'scanner', event_ids: [999999] })).statusCode).toBe(400);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/api/accounts/staff/999999/',
          headers: bearer(staff),
          payload: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(404);
    const list = await t.request({ method: 'GET', url: '/api/accounts/staff/', headers: bearer(staff) });
    expect(list.json().find((a: { id: number }) => a.id === user.id)).toMatchObject({ role: 'admin' });
  });

  it('create-staff makes a scanner only with known events', async () => {
    await expect(
      createStaffUser(t.database.db, {
        username: 'nobody-events',
        password: 'long-enough-1',
        role: 'scanner',
      }),
    ).rejects.toThrow('A scanner needs at least one event');
    await expect(
      createStaffUser(t.database.db, {
        username: 'bad-events',
        password: 'long-enough-1',
        role: 'scanner',
        eventIds: [999999],
      }),
    ).rejects.toThrow('Unknown event ids: 999999.');
  });
});
