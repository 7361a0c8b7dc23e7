import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ZSyncResponse, type TCheckIn, type TSyncResult } from '@attend/shared';
import { checkIns, participants, sessionRegistrations, sessions } from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

/**
 * A participant who forgot their code is found by name at the station and checked in by id
 * (`participant` instead of `qr_code_data`), online and through the offline sync.
 */

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

function checkIn(body: Record<string, unknown>, token = staff, event = eventId) {
  return t.request({
    method: 'POST',
    url: `/api/events/${event}/check-in/`,
    headers: bearer(token),
    payload: body,
  });
}

function sync(items: unknown[], token = staff, event = eventId) {
  return t.request({
    method: 'POST',
    url: `/api/events/${event}/check-ins/sync/`,
    headers: bearer(token),
    payload: { station_id: 'name-search', check_ins: items },
  });
}

async function synced(items: unknown[], token = staff): Promise<TSyncResult[]> {
  const res = await sync(items, token);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return ZSyncResponse.parse(res.json()).results;
}

function nonce(): string {
  counter += 1;
  return `by-id-${counter}-${Math.random().toString(36).slice(2, 10)}`;
}

async function person(opts: { confirmed?: boolean } = {}) {
  counter += 1;
  const [p] = await t.database.db
    .insert(participants)
    .values({
      eventId,
      username: `byid${counter}`,
      fullName: `José Byid ${counter}`,
      email: `byid${counter}@example.org`,
      organization: 'Ministry of Health',
      uniqueCode: `BY${String(counter).padStart(6, '0')}`.replace(/0/g, 'Z').replace(/1/g, 'Y'),
      confirmedAttendance: opts.confirmed ?? true,
      confirmedAt: opts.confirmed === false ? null : new Date(),
    })
    .returning();
  if (!p) throw new Error('no participant');
  return p;
}

async function recordsOf(participantId: number) {
  return t.database.db.select().from(checkIns).where(eq(checkIns.participantId, participantId));
}

async function scannerToken(eventIds: number[]) {
  counter += 1;
  const username = `byid-scanner${counter}`;
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
  return (res.json() as { access: string }).access;
}

describe('POST /api/events/{eventId}/check-in/ with a participant id', () => {
  it('checks the participant in once; a second time says when and by whom', async () => {
    const p = await person();
    const res = await checkIn({ participant: p.id, session: null, notes: 'Forgot the badge' });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json() as TCheckIn;
    expect(record).toMatchObject({
      participant_id: p.id,
      participant_name: p.fullName,
      session: null,
      checked_in_by: 'staff',
      notes: 'Forgot the badge',
      forced: false,
    });

    const again = await checkIn({ participant: p.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'already_checked_in',
      check_in: { id: record.id, checked_in_by: 'staff' },
    });
    expect(again.json().detail).toContain(`${p.fullName} is already checked in`);
    expect(await recordsOf(p.id)).toHaveLength(1);
  });

  it('keeps the refusals: not confirmed (Check in anyway forces it), not registered for the session', async () => {
    const p = await person({ confirmed: false });
    const refused = await checkIn({ participant: p.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'not_confirmed',
      participant: { id: p.id, full_name: p.fullName, organization: 'Ministry of Health' },
    });
    expect(await recordsOf(p.id)).toHaveLength(0);
    const forced = await checkIn({ participant: p.id, force: true });
    expect(forced.statusCode).toBe(201);
    expect(forced.json().forced).toBe(true);

    const start = new Date(Date.now() + 3_600_000);
    const [session] = await t.database.db
      .insert(sessions)
      .values({
        eventId,
        name: 'By-id Workshop',
        startTime: start,
        endTime: new Date(start.getTime() + 3_600_000),
      })
      .returning();
    if (!session) throw new Error('no session');
    const q = await person();
    const notRegistered = await checkIn({ participant: q.id, session: session.id });
    expect(notRegistered.statusCode).toBe(409);
    expect(notRegistered.json().code).toBe('not_registered');
    await t.database.db.insert(sessionRegistrations).values({ sessionId: session.id, participantId: q.id });
    const registered = await checkIn({ participant: q.id, session: session.id });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ participant_id: q.id, session: session.id, forced: false });
  });

  it("refuses another event's participant, or an id of nobody, as an unknown code; records nothing", async () => {
    const other = await otherEvent(t.database.db);
    const unknownCode = await checkIn({ qr_code_data: 'ZZZZ9999' });
    expect(unknownCode.statusCode).toBe(404);
    for (const participant of [other.participantId, 2147483647]) {
      const res = await checkIn({ participant, force: true });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: messages.unknownCheckInCode, code: 'unknown_code' });
      expect(res.json()).toEqual(unknownCode.json());
    }
    expect(await recordsOf(other.participantId)).toHaveLength(0);
  });

  it('takes exactly one of qr_code_data and participant, with a clear 400', async () => {
    const p = await person();
    const both = await checkIn({ participant: p.id, qr_code_data: p.uniqueCode });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      code: 'validation_error',
      detail: messages.checkInCodeOrParticipant,
    });
    const neither = await checkIn({ session: null });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().detail).toBe('Scan a QR code or enter a unique code.');
    for (const participant of ['12', 0, -3, 1.5, 2147483648, null]) {
      const res = await checkIn({ participant });
      expect(res.statusCode, JSON.stringify(participant)).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
    expect(await recordsOf(p.id)).toHaveLength(0);
  });

  it('a scanner checks in by id at its own events only, and never receives a unique code', async () => {
    const other = await otherEvent(t.database.db);
    const token = await scannerToken([eventId]);
    const p = await person();
    const ok = await checkIn({ participant: p.id }, token);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).not.toHaveProperty('unique_code');
    expect(ok.body).not.toContain(p.uniqueCode);
    const again = await checkIn({ participant: p.id }, token);
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(p.uniqueCode);

    // The other event's own participant, at the other event: not this scanner's event.
    const elsewhere = await checkIn({ participant: other.participantId }, token, other.eventId);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().detail).toBe(messages.scannerEventsOnly);
    expect(await recordsOf(other.participantId)).toHaveLength(0);
    const syncElsewhere = await sync(
      [{ client_nonce: nonce(), participant: other.participantId, scanned_at: new Date().toISOString() }],
      token,
      other.eventId,
    );
    expect(syncElsewhere.statusCode).toBe(403);
    expect(await recordsOf(other.participantId)).toHaveLength(0);
  });
});

describe('POST /api/events/{eventId}/check-ins/sync/ with participant ids', () => {
  it('records a check-in made offline from a name search at the scan time; a replay changes nothing', async () => {
    const token = await scannerToken([eventId]);
    const p = await person();
    const scannedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const item = {
      client_nonce: nonce(),
      participant: p.id,
      session: null,
      scanned_at: scannedAt,
      notes: '',
    };
    const [first] = await synced([item], token);
    expect(first).toMatchObject({
      status: 'created',
      check_in: { participant_id: p.id, check_in_time: scannedAt },
    });
    expect(JSON.stringify(first)).not.toContain(p.uniqueCode);
    const [replayed] = await synced([item], token);
    expect(replayed).toMatchObject({ status: 'created', check_in: { id: first?.check_in?.id } });
    expect(await recordsOf(p.id)).toHaveLength(1);
  });

  it('answers duplicates, strangers and malformed items one by one without failing the batch', async () => {
    const other = await otherEvent(t.database.db);
    const inAlready = await person();
    const door = await checkIn({ qr_code_data: inAlready.uniqueCode });
    expect(door.statusCode).toBe(201);
    const notConfirmed = await person({ confirmed: false });
    const fresh = await person();
    const at = new Date(Date.now() - 60_000).toISOString();
    const results = await synced([
      { client_nonce: nonce(), participant: inAlready.id, scanned_at: at },
      { client_nonce: nonce(), participant: other.participantId, scanned_at: at },
      { client_nonce: nonce(), participant: notConfirmed.id, scanned_at: at },
      { client_nonce: nonce(), participant: notConfirmed.id, scanned_at: at, force: true },
      { client_nonce: nonce(), participant: fresh.id, qr_code_data: fresh.uniqueCode, scanned_at: at },
      { client_nonce: nonce(), participant: 'someone', scanned_at: at },
      { client_nonce: nonce(), participant: fresh.id, scanned_at: at },
    ]);
    expect(results.map((r) => [r.status, r.code ?? null])).toEqual([
      ['duplicate', null],
      ['rejected', 'unknown_code'],
      ['rejected', 'not_confirmed'],
      ['created', null],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['created', null],
    ]);
    expect(results[0]?.check_in?.id).toBe((door.json() as TCheckIn).id);
    expect(results[1]?.detail).toBe(messages.unknownCheckInCode);
    expect(results[4]?.detail).toBe(messages.checkInCodeOrParticipant);
    expect(results[3]?.check_in?.forced).toBe(true);
    expect(await recordsOf(other.participantId)).toHaveLength(0);
    expect(await recordsOf(fresh.id)).toHaveLength(1);
  });
});
