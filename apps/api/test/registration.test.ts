import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, participants, sessionRegistrations, sessions } from '../src/db/schema';
import { registerForSession } from '../src/services/sessions/register-participant';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let confirmed: string;
let unconfirmed: string;
let eventId: number;
let p0: number;
let p1: number;

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

const registerUrl = (sessionId: number, participantId: number) =>
  `/api/sessions/${sessionId}/register/${participantId}/`;

async function register(sessionId: number, participantId = p0, token = confirmed) {
  return t.request({ method: 'POST', url: registerUrl(sessionId, participantId), headers: bearer(token) });
}
async function unregister(sessionId: number, participantId = p0, token = confirmed) {
  return t.request({ method: 'DELETE', url: registerUrl(sessionId, participantId), headers: bearer(token) });
}
async function registrations(sessionId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.sessionId, sessionId));
  return row?.n ?? 0;
}

/** n confirmed participants of the event with access tokens signed directly (sign-in is rate-limited). */
async function crowd(n: number, prefix: string) {
  const rows = await t.database.db
    .insert(participants)
    .values(
      Array.from({ length: n }, (_, i) => ({
        eventId,
        username: `${prefix}${i}`,
        fullName: `Person ${prefix}${i}`,
        email: `${prefix}${i}@example.org`,
        uniqueCode: `${prefix}${String(i).padStart(4, '0')}`.slice(0, 8).toUpperCase(),
        confirmedAttendance: true,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: participants.id });
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      token: await t.app.tokens.signAccess({ kind: 'participant', participantId: r.id, eventId }),
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  confirmed = await t.participantToken(0);
  unconfirmed = await t.participantToken(1);
  eventId = t.seed.event.id;
  p0 = t.seed.participants[0]?.id ?? 0;
  p1 = t.seed.participants[1]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/sessions/{sessionId}/register/{participantId}/', () => {
  it('registers a confirmed participant and answers is_registered and registered_count', async () => {
    const s = await addSession({ start: 0, end: 1, maxParticipants: 10 });
    const res = await register(s.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      is_registered: true,
      registered_count: 1,
      is_full: false,
      message: 'Successfully registered for session',
    });
    const list = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/`,
      headers: bearer(confirmed),
    });
    expect(list.json().find((x: { id: number }) => x.id === s.id)).toMatchObject({
      is_registered: true,
      registered_count: 1,
      available_slots: 9,
    });
  });

  it('is idempotent: a second registration answers clearly and adds no row', async () => {
    const s = await addSession({ start: 2, end: 3 });
    expect((await register(s.id)).statusCode).toBe(201);
    const again = await register(s.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      is_registered: true,
      registered_count: 1,
      message: 'You are already registered for this session.',
    });
    expect(await registrations(s.id)).toBe(1);
  });

  it('needs confirmed attendance', async () => {
    const s = await addSession({ start: 4, end: 5 });
    const res = await register(s.id, p1, unconfirmed);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Please confirm your event attendance before registering for sessions',
      code: 'forbidden',
    });
    expect(await registrations(s.id)).toBe(0);
  });

  it('lets participants register only themselves, and staff not at all', async () => {
    const s = await addSession({ start: 6, end: 7 });
    const other = await register(s.id, p1, confirmed);
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe('You can only change your own session registrations.');
    const asStaff = await register(s.id, p0, staff);
    expect(asStaff.statusCode).toBe(403);
    const anonymous = await t.request({ method: 'POST', url: registerUrl(s.id, p0) });
    expect(anonymous.statusCode).toBe(401);
    expect(await registrations(s.id)).toBe(0);
  });

  it("refuses a session of another event with 404 'Session not found'", async () => {
    const ev = await t.request({
      method: 'POST',
      url: '/api/events/',
      headers: bearer(staff),
      payload: {
        name: 'Elsewhere',
        start_date: at(0).toISOString(),
        end_date: at(9).toISOString(),
        location: 'X',
      },
    });
    const [foreign] = await t.database.db
      .insert(sessions)
      .values({ eventId: ev.json().id, name: 'Foreign', startTime: at(8), endTime: at(9) })
      .returning();
    const res = await register(foreign?.id ?? 0);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Session not found');
    expect((await register(999999)).statusCode).toBe(404);
    expect(await registrations(foreign?.id ?? 0)).toBe(0);
  });

  it('refuses an inactive session', async () => {
    const s = await addSession({ start: 10, end: 11, isActive: false });
    const res = await register(s.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('This session is not open for registration.');
  });

  it('refuses a full session with 409 and lets someone in once a place is freed', async () => {
    const s = await addSession({ start: 12, end: 13, maxParticipants: 1 });
    const [other] = await crowd(1, 'FULL');
    const first = await register(s.id, other?.id, other?.token);
    expect(first.json()).toMatchObject({ registered_count: 1, is_full: true });
    const res = await register(s.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'This session is full. No places are left.', code: 'conflict' });
    const freed = await unregister(s.id, other?.id, other?.token);
    expect(freed.json()).toEqual({
      is_registered: false,
      registered_count: 0,
      is_full: false,
      message: 'Successfully unregistered from session',
    });
    expect((await register(s.id)).statusCode).toBe(201);
  });

  it('treats max_participants 0 as unlimited', async () => {
    const s = await addSession({ start: 14, end: 15, maxParticipants: 0 });
    const people = await crowd(5, 'UNLM');
    for (const p of people) expect((await register(s.id, p.id, p.token)).statusCode).toBe(201);
    expect(await registrations(s.id)).toBe(5);
  });

  it('refuses direct registration for a parent that has sub-sessions', async () => {
    const parent = await addSession({ start: 16, end: 17, name: 'Breakouts' });
    await addSession({ start: 16, end: 17, name: 'Breakouts - Group 1', parentSessionId: parent.id });
    const res = await register(parent.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'This session is divided into sub-sessions. Please register for one of its sub-sessions instead.',
    );
  });
});

describe('time conflicts (document 1 §5)', () => {
  it('refuses an overlapping session with the exact message and allows back-to-back sessions', async () => {
    const keynote = await addSession({ start: 20, end: 22, name: 'Keynote' });
    const workshop = await addSession({ start: 21, end: 23, name: 'Workshop' });
    const after = await addSession({ start: 22, end: 23, name: 'After' });
    expect((await register(keynote.id)).statusCode).toBe(201);
    const res = await register(workshop.id);
    expect(res.statusCode).toBe(409);
    const fmt = (d: Date) =>
      new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: '2-digit',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZone: 'UTC',
      })
        .format(d)
        .replace(/\u202f/g, ' ');
    expect(res.json()).toEqual({
      detail: `Cannot register for "Workshop" as it conflicts with "Keynote" (${fmt(at(20))} - ${fmt(at(22))} UTC) which you are already registered for.`,
      code: 'conflict',
    });
    expect(await registrations(workshop.id)).toBe(0);
    expect((await register(after.id)).statusCode).toBe(201);
  });

  it("words the clash in the event's time zone and names it", async () => {
    await t.database.db.update(events).set({ timeZone: 'Africa/Nairobi' }).where(eq(events.id, eventId));
    try {
      const add = (name: string, start: string, end: string) =>
        t.database.db
          .insert(sessions)
          .values({ eventId, name, startTime: new Date(start), endTime: new Date(end) })
          .returning()
          .then(([row]) => row?.id ?? 0);
      // 07:00-08:00 UTC is 10:00-11:00 AM in Nairobi (UTC+3, no daylight saving).
      const plenary = await add('Nairobi Plenary', '2030-11-27T07:00:00Z', '2030-11-27T08:00:00Z');
      const clinic = await add('Nairobi Clinic', '2030-11-27T07:30:00Z', '2030-11-27T09:00:00Z');
      expect((await register(plenary)).statusCode).toBe(201);
      const res = await register(clinic);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(
        'Cannot register for "Nairobi Clinic" as it conflicts with "Nairobi Plenary" (Nov 27, 2030, 10:00 AM - Nov 27, 2030, 11:00 AM EAT) which you are already registered for.',
      );
      expect(await registrations(clinic)).toBe(0);
      await unregister(plenary);
    } finally {
      await t.database.db.update(events).set({ timeZone: 'UTC' }).where(eq(events.id, eventId));
    }
  });

  it('makes two sub-sessions of one parent conflict, concurrent or sequential', async () => {
    const parent = await addSession({ start: 30, end: 32, name: 'Labs', maxParticipants: 10 });
    const split = await t.request({
      method: 'POST',
      url: `/api/sessions/global/${parent.id}/create_sub_sessions/`,
      headers: bearer(staff),
      payload: { num_sub_sessions: 2, sub_session_type: 'sequential' },
    });
    const [a, b] = split.json().sub_sessions as { id: number; name: string }[];
    expect((await register(a?.id ?? 0)).statusCode).toBe(201);
    const res = await register(b?.id ?? 0);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(
      /^Cannot register for "Labs - Part 2" as it conflicts with "Labs - Part 1 \(same session group\)" \(.+ - .+ UTC\) which you are already registered for\.$/,
    );
    // Switching group: leave the first, then the second is free.
    await unregister(a?.id ?? 0);
    expect((await register(b?.id ?? 0)).statusCode).toBe(201);
  });

  it('compares a chosen sub-session against other sessions', async () => {
    const parent = await addSession({ start: 40, end: 42, name: 'Clinic' });
    const split = await t.request({
      method: 'POST',
      url: `/api/sessions/global/${parent.id}/create_sub_sessions/`,
      headers: bearer(staff),
      payload: { num_sub_sessions: 2, sub_session_type: 'sequential' },
    });
    const [, late] = split.json().sub_sessions as { id: number }[];
    expect((await register(late?.id ?? 0)).statusCode).toBe(201);
    const early = await addSession({ start: 40, end: 41, name: 'Early talk' });
    expect((await register(early.id)).statusCode).toBe(201);
    const clash = await addSession({ start: 41, end: 42, name: 'Late talk' });
    const res = await register(clash.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('conflicts with "Clinic - Part 2"');
  });
});

describe('DELETE /api/sessions/{sessionId}/register/{participantId}/', () => {
  it('lets the participant themself and staff unregister, nobody else', async () => {
    const s = await addSession({ start: 50, end: 51 });
    const [other] = await crowd(1, 'UNRG');
    expect((await register(s.id)).statusCode).toBe(201);
    const byOther = await unregister(s.id, p0, other?.token);
    expect(byOther.statusCode).toBe(403);
    expect(await registrations(s.id)).toBe(1);
    const byStaff = await unregister(s.id, p0, staff);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json()).toMatchObject({ is_registered: false, registered_count: 0 });
    expect(await registrations(s.id)).toBe(0);
    expect((await register(s.id)).statusCode).toBe(201);
    expect((await unregister(s.id)).json().message).toBe('Successfully unregistered from session');
    const twice = await unregister(s.id);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().message).toBe('You are not registered for this session.');
    expect((await unregister(999999)).statusCode).toBe(404);
  });
});

describe('capacity under concurrency', () => {
  const CAPACITY = 50;
  const CROWD = 200;

  it('200 simultaneous registrations for 50 places give exactly 50 registrations and 150 clear refusals', async () => {
    const s = await addSession({ start: 60, end: 61, maxParticipants: CAPACITY, name: 'Rush' });
    const people = await crowd(CROWD, 'RUSH');
    const responses = await Promise.all(people.map((p) => register(s.id, p.id, p.token)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((c) => c >= 500)).toEqual([]);
    expect(statuses.filter((c) => c === 201)).toHaveLength(CAPACITY);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(CROWD - CAPACITY);
    for (const r of refused) expect(r.json().detail).toBe('This session is full. No places are left.');
    expect(await registrations(s.id)).toBe(CAPACITY);
    const counts = responses
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json().registered_count as number);
    expect(Math.max(...counts)).toBe(CAPACITY);
  });

  it('control: the same rush without the lock overbooks, so the test above can see the race', async () => {
    const s = await addSession({ start: 62, end: 63, maxParticipants: CAPACITY, name: 'Rush control' });
    const people = await crowd(CROWD, 'CTRL');
    const results = await Promise.allSettled(
      people.map((p) =>
        registerForSession(
          t.database.db,
          { kind: 'participant', participantId: p.id, eventId },
          { sessionId: s.id, participantId: p.id },
          { unsafeWithoutLock: true },
        ),
      ),
    );
    const booked = await registrations(s.id);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(booked);
    expect(booked).toBeGreaterThan(CAPACITY);
  });

  it('one participant racing for two overlapping sessions gets exactly one', async () => {
    const a = await addSession({ start: 64, end: 66, name: 'Race A' });
    const b = await addSession({ start: 65, end: 67, name: 'Race B' });
    const [p] = await crowd(1, 'PAIR');
    const [ra, rb] = await Promise.all([register(a.id, p?.id, p?.token), register(b.id, p?.id, p?.token)]);
    expect([ra?.statusCode, rb?.statusCode].sort()).toEqual([201, 409]);
    const [both] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessionRegistrations)
      .where(and(eq(sessionRegistrations.participantId, p?.id ?? 0)));
    expect(both?.n).toBe(1);
  });

  it('register_if_free inserts only what plainly breaks no rule, and leaves the rest to the full rules', async () => {
    const parent = await addSession({ start: 72, end: 76, name: 'Free parent' });
    const sub = await addSession({ start: 72, end: 73, name: 'Free sub', parentSessionId: parent.id });
    const small = await addSession({ start: 80, end: 81, maxParticipants: 1, name: 'Free small' });
    const [a, b] = await crowd(2, 'FREE');
    const call = async (participantId: number, sessionId: number) =>
      (
        (await t.database.db.execute(
          sql`select registered, max_participants from register_if_free(${eventId}::int, ${participantId}::int, ${sessionId}::int)`,
        )) as unknown as { rows: { registered: number; max_participants: number }[] }
      ).rows;
    expect(await call(a?.id ?? 0, small.id)).toEqual([{ registered: 1, max_participants: 1 }]);
    // Full, already registered, a parent with sub-sessions, an unconfirmed participant: no row.
    expect(await call(b?.id ?? 0, small.id)).toEqual([]);
    expect(await call(a?.id ?? 0, small.id)).toEqual([]);
    expect(await call(a?.id ?? 0, parent.id)).toEqual([]);
    expect(await call(p1, small.id)).toEqual([]);
    expect(await registrations(small.id)).toBe(1);
    // A sub-session beside its registered parent overlaps in time: the function leaves it to the
    // full rules, which allow it.
    await t.database.db
      .insert(sessionRegistrations)
      .values({ sessionId: parent.id, participantId: b?.id ?? 0 });
    expect(await call(b?.id ?? 0, sub.id)).toEqual([]);
    const res = await register(sub.id, b?.id, b?.token);
    expect(res.statusCode).toBe(201);
  });
});
