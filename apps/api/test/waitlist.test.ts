import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findConflict, messages, type ConflictSession } from '@attend/shared';
import { resultRows } from '../src/db/client';
import {
  events,
  outgoingMessages,
  participants,
  sessionRegistrations,
  sessions,
  sessionWaitlist,
} from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { prepareMessage } from '../src/services/notifications/deliver-message';
import { registerForSession, unregisterFromSession } from '../src/services/sessions/register-participant';
import { bearer, createTestApp, SECRET, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let eventId: number;
let counter = 0;

const hour = 3600_000;
const base = Math.ceil(Date.now() / hour) * hour + 72 * hour;
const at = (hours: number) => new Date(base + hours * hour);

async function addSession(values: Partial<typeof sessions.$inferInsert> & { start: number; end: number }) {
  const { start, end, ...rest } = values;
  const [row] = await t.database.db
    .insert(sessions)
    .values({ eventId, name: 'Session', startTime: at(start), endTime: at(end), ...rest })
    .returning();
  if (!row) throw new Error('no session');
  return row;
}

type Person = { id: number; token: string };

/** n participants of the event with access tokens signed directly (sign-in is rate-limited). */
async function crowd(n: number, opts: { confirmed?: boolean; event?: number; phone?: boolean } = {}) {
  const prefix = `W${(counter++).toString(36).toUpperCase()}X`;
  const event = opts.event ?? eventId;
  const rows = await t.database.db
    .insert(participants)
    .values(
      Array.from({ length: n }, (_, i) => ({
        eventId: event,
        username: `${prefix}${i}`,
        fullName: `Person ${prefix}${i}`,
        email: `${prefix.toLowerCase()}${i}@example.org`,
        phone: opts.phone ? `+2547${String(10000000 + i).slice(-8)}` : '',
        uniqueCode: `${prefix}${String(i).padStart(5, '0')}`.slice(0, 8).toUpperCase(),
        confirmedAttendance: opts.confirmed ?? true,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: participants.id });
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      token: await t.app.tokens.signAccess({ kind: 'participant', participantId: r.id, eventId: event }),
    })),
  );
}
async function one(opts: Parameters<typeof crowd>[1] = {}): Promise<Person> {
  const [p] = await crowd(1, opts);
  if (!p) throw new Error('no participant');
  return p;
}

const registerUrl = (s: number, p: number) => `/api/sessions/${s}/register/${p}/`;
const waitUrl = (s: number, p: number) => `/api/sessions/${s}/waitlist/${p}/`;
const staffLineUrl = (s: number, event = eventId) => `/api/events/${event}/sessions/${s}/waitlist/`;

const register = (s: number, p: Person) =>
  t.request({ method: 'POST', url: registerUrl(s, p.id), headers: bearer(p.token) });
const unregister = (s: number, p: Person, token = p.token) =>
  t.request({ method: 'DELETE', url: registerUrl(s, p.id), headers: bearer(token) });
const join = (s: number, p: Person, token = p.token) =>
  t.request({ method: 'POST', url: waitUrl(s, p.id), headers: bearer(token) });
const leave = (s: number, p: Person, token = p.token) =>
  t.request({ method: 'DELETE', url: waitUrl(s, p.id), headers: bearer(token) });

async function registeredIn(sessionId: number): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: sessionRegistrations.participantId })
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.sessionId, sessionId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
async function line(sessionId: number): Promise<number[]> {
  const rows = resultRows<{ participant_id: number }>(
    await t.database.db.execute(
      sql`select participant_id from session_waitlist where session_id = ${sessionId} order by created_at, id`,
    ),
  );
  return rows.map((r) => r.participant_id);
}
async function fill(sessionId: number, n: number): Promise<Person[]> {
  const people = await crowd(n);
  for (const p of people) expect((await register(sessionId, p)).statusCode).toBe(201);
  return people;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  // A session must lie within its event (staff edits are checked): the seeded event is widened to
  // hold the times these tests give their sessions.
  await t.database.db
    .update(events)
    .set({ startDate: at(-72), endDate: at(400) })
    .where(eq(events.id, eventId));
});
afterAll(async () => {
  await t.close();
});

describe('joining and leaving a waiting list', () => {
  it('lets a confirmed participant join the line of a full session and shows their place', async () => {
    const s = await addSession({ start: 1, end: 2, maxParticipants: 1, name: 'Popular' });
    await fill(s.id, 1);
    const [a, b] = await crowd(2);
    if (!a || !b) throw new Error('crowd');
    const first = await join(s.id, a);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      is_waitlisted: true,
      waitlist_position: 1,
      waitlist_count: 1,
      message: messages.waitlistJoined,
    });
    const second = await join(s.id, b);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ waitlist_position: 2, waitlist_count: 2 });
    const again = await join(s.id, b);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ waitlist_position: 2, message: messages.waitlistAlreadyJoined });

    const mine = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/`,
      headers: bearer(b.token),
    });
    const listed = (mine.json() as { id: number }[]).find((x) => x.id === s.id);
    expect(listed).toMatchObject({
      is_registered: false,
      is_waitlisted: true,
      waitlist_position: 2,
      waitlist_count: 2,
    });
    const forStaff = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/${s.id}/`,
      headers: bearer(staff),
    });
    expect(forStaff.json()).toMatchObject({ waitlist_count: 2 });
    expect(forStaff.json()).not.toHaveProperty('is_waitlisted');

    const left = await leave(s.id, a);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({
      is_waitlisted: false,
      waitlist_position: null,
      waitlist_count: 1,
      message: messages.waitlistLeft,
    });
    expect((await leave(s.id, a)).json().message).toBe(messages.notOnWaitlist);
    expect(await line(s.id)).toEqual([b.id]);
  });

  it('refuses with a clear message and changes nothing', async () => {
    const open = await addSession({ start: 3, end: 4, maxParticipants: 5, name: 'Roomy' });
    const full = await addSession({ start: 5, end: 7, maxParticipants: 1, name: 'Packed' });
    const booked = await addSession({ start: 6, end: 8, name: 'Afternoon talk' });
    await fill(full.id, 1);
    const p = await one();
    const notFull = await join(open.id, p);
    expect(notFull.statusCode).toBe(400);
    expect(notFull.json().detail).toBe(messages.waitlistSessionNotFull);

    expect((await register(booked.id, p)).statusCode).toBe(201);
    const clash = await join(full.id, p);
    expect(clash.statusCode).toBe(409);
    const [event] = await t.database.db.select().from(events).where(eq(events.id, eventId));
    expect(event).toBeDefined();
    expect(clash.json().detail).toMatch(
      /^Cannot register for "Packed" as it conflicts with "Afternoon talk" \(.+ - .+\) which you are already registered for\.$/,
    );

    const unconfirmed = await one({ confirmed: false });
    const refused = await join(full.id, unconfirmed);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(messages.confirmAttendanceFirst);

    const registered = await one();
    const small = await addSession({ start: 9, end: 10, maxParticipants: 1, name: 'Tiny' });
    expect((await register(small.id, registered)).statusCode).toBe(201);
    const dup = await join(small.id, registered);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(messages.alreadyRegistered);

    expect((await join(999999, p)).statusCode).toBe(404);
    expect(await line(full.id)).toEqual([]);
    expect(await line(small.id)).toEqual([]);
    expect(await line(open.id)).toEqual([]);
  });

  it('lets nobody join or leave for someone else, and keeps other events out', async () => {
    const s = await addSession({ start: 11, end: 12, maxParticipants: 1, name: 'Guarded' });
    await fill(s.id, 1);
    const [a, b] = await crowd(2);
    if (!a || !b) throw new Error('crowd');
    const forOther = await join(s.id, b, a.token);
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().detail).toBe(messages.registerSelfOnly);
    // Staff do not join for participants either (joining is the participant's own act).
    expect((await join(s.id, b, staff)).statusCode).toBe(403);
    expect((await join(s.id, b)).statusCode).toBe(201);
    expect((await leave(s.id, b, a.token)).statusCode).toBe(403);
    expect(await line(s.id)).toEqual([b.id]);

    // A participant of another event sees no such session.
    const [otherEvent] = await t.database.db
      .insert(events)
      .values({
        name: 'Elsewhere',
        eventCode: 'ELSEW1',
        startDate: at(0),
        endDate: at(48),
        location: 'There',
      })
      .returning();
    const stranger = await one({ event: otherEvent?.id });
    expect((await join(s.id, stranger)).statusCode).toBe(404);
    expect((await leave(s.id, b, stranger.token)).statusCode).toBe(403);
    expect(await line(s.id)).toEqual([b.id]);

    // The staff list: not for participants, nor for another event's scanner.
    expect(
      (await t.request({ method: 'GET', url: staffLineUrl(s.id), headers: bearer(b.token) })).statusCode,
    ).toBe(403);
    await createStaffUser(t.database.db, {
      username: 'waitscanner',
      password: 'scanner-password-1',
      role: 'scanner',
      eventIds: [otherEvent?.id ?? 0],
    });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: 'waitscanner', password: 'scanner-password-1' },
    });
    const scanner = (login.json() as { access: string }).access;
    expect(
      (await t.request({ method: 'GET', url: staffLineUrl(s.id), headers: bearer(scanner) })).statusCode,
    ).toBe(403);
    const removeByScanner = await t.request({
      method: 'DELETE',
      url: `${staffLineUrl(s.id)}${b.id}/`,
      headers: bearer(scanner),
    });
    expect(removeByScanner.statusCode).toBe(403);
    // The session asked for under another event's id is not found.
    const wrongEvent = await t.request({
      method: 'GET',
      url: staffLineUrl(s.id, otherEvent?.id),
      headers: bearer(staff),
    });
    expect(wrongEvent.statusCode).toBe(404);
    expect(await line(s.id)).toEqual([b.id]);
  });
});

describe('promotion when a seat frees', () => {
  it('registers the first eligible person in the same request, skipping a clash and the unconfirmed', async () => {
    const s = await addSession({ start: 20, end: 22, maxParticipants: 2, name: 'Masterclass' });
    const other = await addSession({ start: 21, end: 23, name: 'Overlapping panel' });
    const later = await addSession({ start: 21, end: 22, maxParticipants: 1, name: 'Same hour' });
    const apart = await addSession({ start: 30, end: 31, maxParticipants: 1, name: 'Next day' });
    const [holder, holder2] = await fill(s.id, 2);
    await fill(later.id, 1);
    await fill(apart.id, 1);
    const [clashing, unconfirmed, winner, fourth] = await crowd(4, { phone: true });
    if (!holder || !holder2 || !clashing || !unconfirmed || !winner || !fourth) throw new Error('crowd');
    for (const p of [clashing, unconfirmed, winner, fourth])
      expect((await join(s.id, p)).statusCode).toBe(201);
    // The winner also waits for a clashing session and for one apart from it.
    expect((await join(later.id, winner)).statusCode).toBe(201);
    expect((await join(apart.id, winner)).statusCode).toBe(201);
    // Meanwhile the first in line registers for a clashing session; the second stops being confirmed.
    expect((await register(other.id, clashing)).statusCode).toBe(201);
    await t.database.db
      .update(participants)
      .set({ confirmedAttendance: false })
      .where(eq(participants.id, unconfirmed.id));

    const freed = await unregister(s.id, holder);
    expect(freed.statusCode).toBe(200);
    // The promoted registration exists when the freeing request returns.
    expect(freed.json()).toMatchObject({ registered_count: 2, is_full: true });
    expect(await registeredIn(s.id)).toEqual([holder2.id, winner.id].sort((a, b) => a - b));
    expect(await line(s.id)).toEqual([clashing.id, unconfirmed.id, fourth.id]);
    expect(await line(later.id)).toEqual([]);
    expect(await line(apart.id)).toEqual([winner.id]);

    const mine = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/`,
      headers: bearer(winner.token),
    });
    expect((mine.json() as { id: number }[]).find((x) => x.id === s.id)).toMatchObject({
      is_registered: true,
      is_waitlisted: false,
      waitlist_position: null,
    });
    const queued = await t.database.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.participantId, winner.id));
    expect(queued.map((m) => [m.channel, m.kind, m.status]).sort()).toEqual([
      ['email', `waitlist_promoted:${s.id}`, 'pending'],
      ['sms', `waitlist_promoted:${s.id}`, 'pending'],
    ]);
    // Staff unregistering someone frees a seat the same way.
    const byStaff = await unregister(s.id, holder2, staff);
    expect(byStaff.statusCode).toBe(200);
    expect(await registeredIn(s.id)).toEqual([winner.id, fourth.id].sort((a, b) => a - b));
    expect(await line(s.id)).toEqual([clashing.id, unconfirmed.id]);
  });

  it('gives places to the line when staff raise the capacity or delete a participant', async () => {
    const s = await addSession({ start: 40, end: 41, maxParticipants: 1, name: 'Growing' });
    const [holder] = await fill(s.id, 1);
    const waiting = await crowd(4);
    for (const p of waiting) expect((await join(s.id, p)).statusCode).toBe(201);
    const raised = await t.request({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/${s.id}/`,
      headers: bearer(staff),
      payload: {
        name: s.name,
        start_time: s.startTime.toISOString(),
        end_time: s.endTime.toISOString(),
        max_participants: 3,
      },
    });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ registered_count: 3, waitlist_count: 2, is_full: true });
    expect(await line(s.id)).toEqual([waiting[2]?.id, waiting[3]?.id]);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/events/${eventId}/participants/${holder?.id}/`,
      headers: bearer(staff),
    });
    expect(del.statusCode).toBeLessThan(300);
    expect(await registeredIn(s.id)).toEqual(
      [waiting[0]?.id, waiting[1]?.id, waiting[2]?.id].map(Number).sort((a, b) => a - b),
    );
    expect(await line(s.id)).toEqual([waiting[3]?.id]);
  });

  it('lets staff see the line, remove someone and promote someone by hand (not when full)', async () => {
    const s = await addSession({ start: 50, end: 51, maxParticipants: 1, name: 'Handpicked' });
    const [holder] = await fill(s.id, 1);
    const waiting = await crowd(3);
    for (const p of waiting) expect((await join(s.id, p)).statusCode).toBe(201);
    const listed = await t.request({ method: 'GET', url: staffLineUrl(s.id), headers: bearer(staff) });
    expect(listed.statusCode).toBe(200);
    const entries = listed.json() as { participant_id: number; position: number; joined_at: string }[];
    expect(entries.map((e) => [e.participant_id, e.position])).toEqual(waiting.map((p, i) => [p.id, i + 1]));
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.joined_at)))).toBe(true);

    const promoteUrl = (p: number) => `${staffLineUrl(s.id)}${p}/promote/`;
    const full = await t.request({
      method: 'POST',
      url: promoteUrl(waiting[2]?.id ?? 0),
      headers: bearer(staff),
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe(messages.waitlistPromoteFull);
    expect(await line(s.id)).toEqual(waiting.map((p) => p.id));

    const removed = await t.request({
      method: 'DELETE',
      url: `${staffLineUrl(s.id)}${waiting[0]?.id}/`,
      headers: bearer(staff),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ registered_count: 1, waitlist_count: 2 });
    const missing = await t.request({
      method: 'DELETE',
      url: `${staffLineUrl(s.id)}${waiting[0]?.id}/`,
      headers: bearer(staff),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(messages.notOnWaitlist);

    // A free place nobody in line took (the line joined while full, the capacity raised by SQL):
    await t.database.db.update(sessions).set({ maxParticipants: 2 }).where(eq(sessions.id, s.id));
    const promoted = await t.request({
      method: 'POST',
      url: promoteUrl(waiting[2]?.id ?? 0),
      headers: bearer(staff),
    });
    expect(promoted.statusCode).toBe(201);
    expect(promoted.json()).toMatchObject({ registered_count: 2, waitlist_count: 1 });
    expect(await registeredIn(s.id)).toEqual([holder?.id, waiting[2]?.id].map(Number).sort((a, b) => a - b));
    expect(await line(s.id)).toEqual([waiting[1]?.id]);
  });

  it('tells the promoted participant in their language, by e-mail and by SMS', async () => {
    const s = await addSession({
      start: 80,
      end: 81,
      maxParticipants: 1,
      name: 'Atelier',
      location: 'Salle 2',
    });
    const [holder] = await fill(s.id, 1);
    const p = await one({ phone: true });
    await t.database.db.update(participants).set({ language: 'fr' }).where(eq(participants.id, p.id));
    expect((await join(s.id, p)).statusCode).toBe(201);
    if (!holder) throw new Error('holder');
    expect((await unregister(s.id, holder)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.participantId, p.id));
    const [event] = await t.database.db.select().from(events).where(eq(events.id, eventId));
    const made = await Promise.all(
      rows.map((row) => prepareMessage(t.database.db, row, 'http://attend.test', SECRET)),
    );
    const email = made.find((m) => m.row.channel === 'email');
    const sms = made.find((m) => m.row.channel === 'sms');
    expect(email?.copy.subject).toBe(`${event?.name}\u202f: vous avez une place dans Atelier`);
    expect(email?.copy.body).toContain('Bonjour Person');
    expect(email?.copy.body).toContain('Lieu\u202f: Salle 2');
    expect(email?.copy.body).toContain('http://attend.test/sessions');
    expect(sms?.copy.body).toMatch(
      new RegExp(
        `^${event?.name} : une place s est liberee dans "Atelier" \\(.+\\)\\. Vous y etes inscrit\\(e\\)\\. http://attend\\.test/sessions$`,
      ),
    );
    expect(sms?.copy.recipient).toMatch(/^\+2547/);
  });

  it('exports the line as a "Waiting list" sheet of the session workbook', async () => {
    const s = await addSession({ start: 70, end: 71, maxParticipants: 1, name: 'Exported' });
    await fill(s.id, 1);
    const waiting = await crowd(2);
    for (const p of waiting) expect((await join(s.id, p)).statusCode).toBe(201);
    const res = await t.request({
      method: 'GET',
      url: `/api/sessions/global/${s.id}/export_participants/`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Exported', 'Waiting list']);
    const sheet = wb.getWorksheet('Waiting list');
    const rows = (sheet?.getSheetValues() ?? []).slice(1) as unknown[][];
    expect(rows[0]?.slice(1, 6)).toEqual(['Place', 'Full Name', 'Email', 'Organization', 'Confirmed']);
    expect(String(rows[0]?.[6])).toMatch(/^Waiting Since \(/);
    const names = await t.database.db
      .select({ id: participants.id, name: participants.fullName })
      .from(participants)
      .where(sql`${participants.id} in (${waiting[0]?.id}, ${waiting[1]?.id})`);
    const byId = new Map(names.map((n) => [n.id, n.name]));
    expect(rows.slice(1).map((r) => [r[1], r[2]])).toEqual([
      [1, byId.get(waiting[0]?.id ?? 0)],
      [2, byId.get(waiting[1]?.id ?? 0)],
    ]);
  });

  it('takes a participant out of the line when they register directly', async () => {
    const s = await addSession({ start: 60, end: 61, maxParticipants: 1, name: 'Direct' });
    const [holder] = await fill(s.id, 1);
    const p = await one();
    expect((await join(s.id, p)).statusCode).toBe(201);
    // The seat frees with nobody eligible (p is made unconfirmed), then p confirms and registers.
    await t.database.db
      .update(participants)
      .set({ confirmedAttendance: false })
      .where(eq(participants.id, p.id));
    if (!holder) throw new Error('holder');
    expect((await unregister(s.id, holder)).statusCode).toBe(200);
    expect(await line(s.id)).toEqual([p.id]);
    await t.database.db
      .update(participants)
      .set({ confirmedAttendance: true })
      .where(eq(participants.id, p.id));
    expect((await register(s.id, p)).statusCode).toBe(201);
    expect(await line(s.id)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The rush: concurrent registrations, unregistrations and joins.

function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

type Rush = { sessionIds: number[]; capacity: Map<number, number> };

/**
 * Eight sessions in overlapping pairs, 12 places each. Phase 1 (concurrent): group A registers,
 * group B registers or, when refused as full, joins the line. Phase 2 (concurrent): a third of A
 * unregisters, while group C registers and joins. Only A unregisters and C is in no line before
 * phase 2, so a waiting person's eligibility can only shrink: a person eligible at the end was
 * eligible at every promotion before.
 */
async function rush(
  label: string,
  size: { a: number; b: number; c: number },
  ops: {
    register: (s: number, p: Person) => Promise<number>;
    unregister: (s: number, p: Person) => Promise<number>;
  },
): Promise<Rush & { requests: number; statuses: number[] }> {
  const random = rng(label.length * 7919 + 17);
  const capacity = new Map<number, number>();
  const sessionIds: number[] = [];
  for (let i = 0; i < 8; i++) {
    const start = 100 + Math.floor(i / 2) * 4 + (i % 2);
    const s = await addSession({ start, end: start + 2, maxParticipants: 12, name: `${label} ${i}` });
    sessionIds.push(s.id);
    capacity.set(s.id, 12);
  }
  // Zipf-like popularity: session k drawn with weight 1/(k+1).
  const weights = sessionIds.map((_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let r = random() * total;
    for (let k = 0; k < weights.length; k++) {
      r -= weights[k] ?? 0;
      if (r <= 0) return sessionIds[k] ?? 0;
    }
    return sessionIds[0] ?? 0;
  };
  const [a, b, c] = await Promise.all([crowd(size.a), crowd(size.b), crowd(size.c)]);
  const statuses: number[] = [];
  const registeredA: [number, Person][] = [];
  const joinOrRegister = async (p: Person, s: number) => {
    const code = await ops.register(s, p);
    statuses.push(code);
    if (code === 409) {
      const j = await join(s, p);
      statuses.push(j.statusCode);
    }
  };
  await Promise.all([
    ...a.map(async (p) => {
      const s = pick();
      const code = await ops.register(s, p);
      statuses.push(code);
      if (code === 201) registeredA.push([s, p]);
    }),
    ...b.flatMap((p) => [joinOrRegister(p, pick()), joinOrRegister(p, pick())]),
  ]);
  const leaving = registeredA.filter(() => random() < 0.34);
  await Promise.all([
    ...leaving.map(async ([s, p]) => statuses.push(await ops.unregister(s, p))),
    ...c.map((p) => joinOrRegister(p, pick())),
  ]);
  const requests = statuses.length;
  return { sessionIds, capacity, requests, statuses };
}

type Audit = { session_id: number; waitlist_id: number; joined_at: string };

/** Every invariant of the rush, as a list of what broke. */
async function violations(r: Rush): Promise<string[]> {
  const broken: string[] = [];
  const db = t.database.db;
  const rows = await db.select().from(sessions);
  const byId = new Map(rows.map((s) => [s.id, s]));
  const asConflict = (id: number): ConflictSession => {
    const s = byId.get(id);
    if (!s) throw new Error('session');
    return { id, name: s.name, start: s.startTime, end: s.endTime, parentSessionId: s.parentSessionId };
  };
  const regs = await db.select().from(sessionRegistrations);
  const mine = new Map<number, number[]>();
  for (const reg of regs)
    mine.set(reg.participantId, [...(mine.get(reg.participantId) ?? []), reg.sessionId]);
  for (const id of r.sessionIds) {
    const n = regs.filter((x) => x.sessionId === id).length;
    if (n > (r.capacity.get(id) ?? 0)) broken.push(`session ${id} overbooked: ${n}`);
  }
  for (const [pid, list] of mine) {
    for (const s of list) {
      if (findConflict(asConflict(s), list.filter((o) => o !== s).map(asConflict))) {
        broken.push(`participant ${pid} in clashing sessions`);
        break;
      }
    }
  }
  const eligible = (pid: number, sessionId: number) =>
    !(mine.get(pid) ?? []).includes(sessionId) &&
    !findConflict(asConflict(sessionId), (mine.get(pid) ?? []).map(asConflict));
  const waiting = resultRows<{
    id: number;
    session_id: number;
    participant_id: number;
    created_at: Date | string;
  }>(
    await db.execute(
      sql`select id, session_id, participant_id, created_at from session_waitlist order by created_at, id`,
    ),
  );
  const promotions = resultRows<{ details: Audit }>(
    await db.execute(sql`select details from audit_log where action = 'session.waitlist_auto_promote'`),
  ).map((x) => x.details);
  for (const id of r.sessionIds) {
    const n = regs.filter((x) => x.sessionId === id).length;
    const stillEligible = waiting.filter((w) => w.session_id === id && eligible(w.participant_id, id));
    if (n < (r.capacity.get(id) ?? 0) && stillEligible.length > 0) {
      broken.push(`session ${id} has a free seat and an eligible person in line`);
    }
    for (const p of promotions.filter((x) => x.session_id === id)) {
      const key = (at: string | Date, wid: number) => [new Date(at).getTime(), wid] as const;
      const [pt, pw] = key(p.joined_at, p.waitlist_id);
      const skipped = stillEligible.find((w) => {
        const [wt, ww] = key(w.created_at, w.id);
        return wt < pt || (wt === pt && ww < pw);
      });
      if (skipped)
        broken.push(`session ${id}: entry ${p.waitlist_id} promoted before eligible ${skipped.id}`);
    }
  }
  return broken;
}

describe('the rush with waiting lists', () => {
  // About 1,000 requests on both databases: 300 + 2 x 250 (+ joins) + ~100 + 150 (+ joins).
  const size = { a: 300, b: 250, c: 150 };

  it('keeps capacity, clash rules and line order under concurrent registrations, unregistrations and joins', async () => {
    await t.database.db.execute(sql`delete from audit_log where action = 'session.waitlist_auto_promote'`);
    const r = await rush('Rush', size, {
      register: async (s, p) => (await register(s, p)).statusCode,
      unregister: async (s, p) => (await unregister(s, p)).statusCode,
    });
    expect(r.requests).toBeGreaterThan(900);
    expect(r.statuses.filter((c) => c >= 500)).toEqual([]);
    const promotions = resultRows<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'session.waitlist_auto_promote'`,
      ),
    )[0]?.n;
    // The race is real: seats were freed and taken from the lines while others queued.
    expect(promotions).toBeGreaterThan(10);
    const [waitingLeft] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessionWaitlist);
    expect(waitingLeft?.n).toBeGreaterThan(0);
    expect(await violations(r)).toEqual([]);
  }, 120_000);

  it('control: the same rush without the locks breaks the guarantees', async () => {
    await t.database.db.execute(sql`delete from audit_log where action = 'session.waitlist_auto_promote'`);
    const actor = (p: Person) => ({ kind: 'participant' as const, participantId: p.id, eventId });
    const r = await rush('Unlocked', size, {
      register: async (s, p) => {
        try {
          await registerForSession(
            t.database.db,
            actor(p),
            { sessionId: s, participantId: p.id },
            { unsafeWithoutLock: true },
          );
          return 201;
        } catch (err) {
          return (err as { status?: number }).status ?? 500;
        }
      },
      unregister: async (s, p) => {
        await unregisterFromSession(
          t.database.db,
          actor(p),
          { sessionId: s, participantId: p.id },
          {},
          { unsafeWithoutLock: true },
        );
        return 200;
      },
    });
    const broken = await violations(r);
    expect(broken.length).toBeGreaterThan(0);
  }, 120_000);
});
