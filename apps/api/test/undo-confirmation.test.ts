import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@attend/shared';
import { auditLog, participants, sessionRegistrations, sessions, sessionWaitlist } from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let eventId: number;
let other: { eventId: number; participantId: number };
let counter = 0;

const hour = 3600_000;
const startBase = Math.ceil(Date.now() / hour) * hour + 30 * hour;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  other = await otherEvent(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const undoUrl = (id: number, event = eventId) => `/api/events/${event}/participants/${id}/undo_confirmation/`;
const historyUrl = (id: number, event = eventId) => `/api/events/${event}/participants/${id}/history/`;
const undo = (id: number, payload: unknown, token = staff, event = eventId) =>
  t.request({
    method: 'POST',
    url: undoUrl(id, event),
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A unique code of its own for each test participant (8 characters of the codes' alphabet). */
function codeFor(n: number): string {
  let code = '';
  for (let v = n; code.length < 6; v = Math.floor(v / ALPHABET.length)) code += ALPHABET[v % ALPHABET.length];
  return `UN${code}`;
}

/** A confirmed (or pending) participant of the event with an access token signed directly. */
async function person(confirmed = true) {
  counter += 1;
  const [row] = await t.database.db
    .insert(participants)
    .values({
      eventId,
      username: `undo${counter}`,
      fullName: `Undo Person ${counter}`,
      email: `undo${counter}@example.org`,
      uniqueCode: codeFor(counter),
      confirmedAttendance: confirmed,
      confirmedAt: confirmed ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('no participant');
  const token = await t.app.tokens.signAccess({ kind: 'participant', participantId: row.id, eventId });
  return { id: row.id, name: row.fullName, code: row.uniqueCode, token };
}

async function session(max: number, offsetHours: number) {
  const [row] = await t.database.db
    .insert(sessions)
    .values({
      eventId,
      name: `Workshop ${offsetHours}`,
      location: 'Room A',
      startTime: new Date(startBase + offsetHours * hour),
      endTime: new Date(startBase + (offsetHours + 1) * hour),
      maxParticipants: max,
    })
    .returning();
  if (!row) throw new Error('no session');
  return row.id;
}

async function scannerToken(eventIds: number[]) {
  counter += 1;
  const username = `undo-scanner${counter}`;
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
  return (res.json() as { access: string }).access;
}

async function participantRow(id: number) {
  const [row] = await t.database.db.select().from(participants).where(eq(participants.id, id));
  return row;
}

const checkIn = (code: string, sessionId: number | null, force = false) =>
  t.request({
    method: 'POST',
    url: `/api/events/${eventId}/check-in/`,
    headers: bearer(staff),
    payload: { qr_code_data: code, session: sessionId, force },
  });

describe('POST …/participants/{id}/undo_confirmation/', () => {
  it('needs a reason, and changes nothing without one', async () => {
    const p = await person();
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await undo(p.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(messages.undoReasonRequired);
    }
    const long = await undo(p.id, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toContain(messages.undoReasonTooLong);
    expect((await participantRow(p.id))?.confirmedAttendance).toBe(true);
  });

  it('sets the participant back to pending, ends the QR image and keeps the reason in the audit log', async () => {
    const p = await person();
    const before = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/participants/${p.id}/`,
      headers: bearer(staff),
    });
    const qrUrl = (before.json().qr_code_url as string).replace('http://attend.test', '');
    expect((await t.request({ method: 'GET', url: qrUrl })).statusCode).toBe(200);

    const res = await undo(p.id, { reason: '  Confirmed the wrong Undo Person  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'unconfirmed',
      message: `Confirmation undone. ${p.name} is pending again.`,
      participant: { id: p.id, confirmed_attendance: false, confirmed_at: null, qr_code_url: null },
      removed_registrations: [],
      removed_waitlist: [],
    });
    const row = await participantRow(p.id);
    expect(row?.confirmedAttendance).toBe(false);
    expect(row?.confirmedAt).toBeNull();
    expect((await t.request({ method: 'GET', url: qrUrl })).statusCode).toBe(404);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'participant.unconfirm'), eq(auditLog.targetId, p.id)));
    expect(entry).toMatchObject({ eventId, actorType: 'staff', targetType: 'participant' });
    expect(entry?.details).toMatchObject({ reason: 'Confirmed the wrong Undo Person' });

    // Nothing left to undo: a clear 409, and a pending participant of the seed likewise.
    const again = await undo(p.id, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      `${p.name} has not confirmed attendance: there is no confirmation to undo.`,
    );
    // Confirming again works as before.
    const reconfirm = await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/participants/${p.id}/confirm_attendance/`,
      headers: bearer(staff),
    });
    expect(reconfirm.json()).toMatchObject({ status: 'confirmed' });
  });

  it('gives up session places and waiting-list places; the freed seat goes to the first in line', async () => {
    const full = await session(1, 0);
    const open = await session(0, 2);
    const p = await person();
    const waiting = await person();
    const reg = (s: number, who: { id: number; token: string }) =>
      t.request({
        method: 'POST',
        url: `/api/sessions/${s}/register/${who.id}/`,
        headers: bearer(who.token),
      });
    expect((await reg(full, p)).statusCode).toBeLessThan(300);
    expect((await reg(open, p)).statusCode).toBeLessThan(300);
    const joined = await t.request({
      method: 'POST',
      url: `/api/sessions/${full}/waitlist/${waiting.id}/`,
      headers: bearer(waiting.token),
    });
    expect(joined.statusCode).toBeLessThan(300);
    // p waits for a third, full session too.
    const third = await session(1, 4);
    const holder = await person();
    expect((await reg(third, holder)).statusCode).toBeLessThan(300);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/sessions/${third}/waitlist/${p.id}/`,
          headers: bearer(p.token),
        })
      ).statusCode,
    ).toBeLessThan(300);

    const res = await undo(p.id, { reason: 'Not coming after all' });
    expect(res.statusCode).toBe(200);
    expect(res.json().removed_registrations.map((r: { session: number }) => r.session)).toEqual([full, open]);
    expect(res.json().removed_waitlist).toEqual([{ session: third, session_name: 'Workshop 4' }]);

    const regs = await t.database.db
      .select()
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.sessionId, full));
    expect(regs.map((r) => r.participantId)).toEqual([waiting.id]);
    const mine = await t.database.db
      .select()
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.participantId, p.id));
    expect(mine).toEqual([]);
    const line = await t.database.db
      .select()
      .from(sessionWaitlist)
      .where(eq(sessionWaitlist.participantId, p.id));
    expect(line).toEqual([]);
    // A pending participant cannot register again until confirmed.
    const refused = await reg(open, p);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(messages.confirmAttendanceFirst);
  });

  it('is refused once the participant was checked in at the door, until that check-in is undone', async () => {
    const p = await person();
    const door = await checkIn(p.code, null);
    expect(door.statusCode).toBe(201);
    const res = await undo(p.id, { reason: 'mistake' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `${p.name} has already been checked in, so their confirmation can no longer be undone. Undo the check-in first if it was a mistake.`,
    );
    expect((await participantRow(p.id))?.confirmedAttendance).toBe(true);

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/events/${eventId}/check-ins/${door.json().id}/`,
      headers: bearer(staff),
    });
    expect(removed.statusCode).toBe(204);
    expect((await undo(p.id, { reason: 'mistake' })).statusCode).toBe(200);
  });

  it('is refused once the participant was checked in at a session', async () => {
    const s = await session(0, 6);
    const p = await person();
    expect((await checkIn(p.code, s, true)).statusCode).toBe(201);
    const res = await undo(p.id, { reason: 'mistake' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('has already been checked in');
  });

  it('answers only admins, and only for a participant of the event in the URL', async () => {
    const p = await person();
    const ownScanner = await scannerToken([eventId]);
    const otherScanner = await scannerToken([other.eventId]);
    for (const token of [ownScanner, otherScanner, p.token]) {
      const res = await undo(p.id, { reason: 'not yours' }, token);
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await t.request({ method: 'POST', url: undoUrl(p.id), payload: { reason: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    // Another event's participant through this event's URL: not found, unchanged.
    const crossed = await undo(other.participantId, { reason: 'wrong event' });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().detail).toBe(messages.participantNotFound);
    const [outsider] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.id, other.participantId));
    expect(outsider?.confirmedAttendance).toBe(true);
    expect((await participantRow(p.id))?.confirmedAttendance).toBe(true);
  });
});

describe('GET …/participants/{id}/history/', () => {
  it("lists the participant's sessions, waiting-list places and check-ins with who and when", async () => {
    const a = await session(0, 10);
    const b = await session(1, 12);
    const p = await person();
    const holder = await person();
    const reg = (s: number, who: { id: number; token: string }) =>
      t.request({
        method: 'POST',
        url: `/api/sessions/${s}/register/${who.id}/`,
        headers: bearer(who.token),
      });
    await reg(a, p);
    await reg(b, holder);
    await t.request({
      method: 'POST',
      url: `/api/sessions/${b}/waitlist/${p.id}/`,
      headers: bearer(p.token),
    });
    expect((await checkIn(p.code, null)).statusCode).toBe(201);
    expect((await checkIn(p.code, a)).statusCode).toBe(201);

    const res = await t.request({ method: 'GET', url: historyUrl(p.id), headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sessions).toEqual([
      expect.objectContaining({ id: a, name: 'Workshop 10', location: 'Room A', parent_session_name: null }),
    ]);
    expect(body.waitlist).toEqual([
      expect.objectContaining({ session: b, session_name: 'Workshop 12', position: 1 }),
    ]);
    expect(body.check_ins).toHaveLength(2);
    expect(body.check_ins.map((c: { session: number | null }) => c.session).sort()).toEqual([a, null].sort());
    for (const c of body.check_ins) {
      expect(c).toMatchObject({ participant_id: p.id, checked_in_by: 'staff' });
      expect(Date.parse(c.check_in_time)).not.toBeNaN();
    }
    const door = body.check_ins.find((c: { session: number | null }) => c.session === null);
    expect(door.session_name).toBe('Main Event');
  });

  it('is for admins only and scoped to the event', async () => {
    const p = await person();
    for (const token of [await scannerToken([eventId]), await scannerToken([other.eventId]), p.token]) {
      const res = await t.request({ method: 'GET', url: historyUrl(p.id), headers: bearer(token) });
      expect(res.statusCode).toBe(403);
    }
    const crossed = await t.request({
      method: 'GET',
      url: historyUrl(other.participantId),
      headers: bearer(staff),
    });
    expect(crossed.statusCode).toBe(404);
    const noEvent = await t.request({ method: 'GET', url: historyUrl(p.id, 999999), headers: bearer(staff) });
    expect(noEvent.statusCode).toBe(404);
    expect(noEvent.json().detail).toBe(messages.eventNotFound);
  });
});
