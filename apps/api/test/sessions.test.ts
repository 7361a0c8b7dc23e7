import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProgramme } from '../src/cli/seed-programme';
import { checkIns, participants, sessionRegistrations, sessions } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let participant: string;
let eventId: number;
let otherEventId: number;

const hour = 3600_000;
// Whole hours in the future, so every session here is Upcoming.
const base = Math.ceil(Date.now() / hour) * hour + 48 * hour;
const at = (hours: number) => new Date(base + hours * hour).toISOString();

const valid = {
  name: 'Opening Plenary',
  description: 'Welcome and keynote',
  location: 'Main Hall',
  start_time: at(0),
  end_time: at(2),
  max_participants: 50,
};

type Json = Record<string, unknown>;

async function createSession(body: Json, ev = eventId, token = staff) {
  return t.request({
    method: 'POST',
    url: `/api/events/${ev}/sessions/`,
    headers: bearer(token),
    payload: body,
  });
}
async function newSession(body: Json = {}, ev = eventId): Promise<Json & { id: number }> {
  const res = await createSession({ ...valid, ...body }, ev);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  participant = await t.participantToken(0);
  eventId = t.seed.event.id;
  // Sessions must lie within their event: the seeded event (two days from tomorrow) is widened to
  // hold every time these tests use.
  const widened = await t.request({
    method: 'PATCH',
    url: `/api/events/${eventId}/`,
    headers: bearer(staff),
    payload: { start_date: at(-48), end_date: at(200) },
  });
  expect(widened.statusCode, widened.body).toBe(200);
  const other = await t.request({
    method: 'POST',
    url: '/api/events/',
    headers: bearer(staff),
    payload: { name: 'Other', start_date: at(0), end_date: at(48), location: 'Elsewhere' },
  });
  otherEventId = other.json().id;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/events/{eventId}/sessions/', () => {
  it('creates a session with every field the lists need', async () => {
    const res = await createSession({ ...valid, event: eventId, speakers: 'Dr. A', what_to_bring: 'Laptop' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      event: eventId,
      name: 'Opening Plenary',
      description: 'Welcome and keynote',
      location: 'Main Hall',
      start_time: valid.start_time,
      end_time: valid.end_time,
      max_participants: 50,
      is_active: true,
      speakers: 'Dr. A',
      what_to_bring: 'Laptop',
      registered_count: 0,
      current_participants_count: 0,
      available_slots: 50,
      is_full: false,
      status: 'Upcoming',
      has_sub_sessions: false,
      sub_sessions_count: 0,
      is_sub_session: false,
      parent_session: null,
      parent_session_name: null,
    });
    expect(res.json()).not.toHaveProperty('is_registered');
  });

  it("lists every missing required field in one 'Missing required fields' message", async () => {
    const res = await createSession({});
    expect(res.statusCode).toBe(400);
    const message = 'Missing required fields: name, start_time, end_time, location';
    expect(res.json()).toEqual({
      detail: message,
      code: 'validation_error',
      errors: { name: [message], start_time: [message], end_time: [message], location: [message] },
    });
    const some = await createSession({ ...valid, name: '  ', location: null });
    expect(some.json().detail).toBe('Missing required fields: name, location');
  });

  it("requires the end strictly after the start: 'End time must be after start time'", async () => {
    for (const end_time of [valid.start_time, at(-1)]) {
      const res = await createSession({ ...valid, end_time });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('End time must be after start time');
      expect(res.json().errors).toEqual({ end_time: ['End time must be after start time'] });
    }
  });

  it('refuses unreadable times with the invalid-date message', async () => {
    const res = await createSession({ ...valid, start_time: 'tomorrow morning' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Invalid date format. Please check the start and end times.');
  });

  it('reads max_participants as an integer >= 0, default 0 (unlimited)', async () => {
    const unlimited = await newSession({ max_participants: undefined });
    expect(unlimited).toMatchObject({ max_participants: 0, available_slots: null, is_full: false });
    expect((await newSession({ max_participants: '12' })).max_participants).toBe(12);
    expect((await newSession({ max_participants: '' })).max_participants).toBe(0);
    for (const max_participants of [-1, 1.5, 'ten', true]) {
      const res = await createSession({ ...valid, max_participants });
      expect(res.statusCode, String(max_participants)).toBe(400);
      expect(res.json().errors.max_participants).toEqual([
        'Max participants must be a whole number, 0 or more (0 means unlimited).',
      ]);
    }
  });

  it('refuses a body naming another event, and an unknown event with 404', async () => {
    const mismatch = await createSession({ ...valid, event: otherEventId });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({
      event: ['The event in the request does not match the event in the URL.'],
    });
    const missing = await createSession(valid, 999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Event not found');
  });

  it("refuses participants with 'You do not have permission to create sessions.'", async () => {
    const res = await createSession(valid, eventId, participant);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'You do not have permission to create sessions.',
      code: 'forbidden',
    });
    const none = await t.request({ method: 'POST', url: `/api/events/${eventId}/sessions/`, payload: valid });
    expect(none.statusCode).toBe(401);
  });

  it('creates a manual sub-session within the parent window only', async () => {
    const parent = await newSession({ name: 'Workshops', start_time: at(10), end_time: at(12) });
    const sub = await createSession({
      ...valid,
      name: 'Workshop A',
      start_time: at(10),
      end_time: at(11),
      parent_session: parent.id,
      is_sub_session: true,
    });
    expect(sub.statusCode).toBe(201);
    expect(sub.json()).toMatchObject({
      is_sub_session: true,
      parent_session: parent.id,
      parent_session_name: 'Workshops',
    });
    const outside = await createSession({
      ...valid,
      start_time: at(11),
      end_time: at(13),
      parent_session: parent.id,
      is_sub_session: true,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toMatch(
      /^Sub-session times must be within the parent session \(.+ - .+ UTC\)\.$/,
    );
    const nested = await createSession({
      ...valid,
      start_time: at(10),
      end_time: at(11),
      parent_session: sub.json().id,
    });
    expect(nested.json().detail).toBe('A sub-session cannot have sub-sessions of its own.');
    const foreignParent = await newSession({ start_time: at(10), end_time: at(12) }, otherEventId);
    const foreign = await createSession({
      ...valid,
      start_time: at(10),
      end_time: at(11),
      parent_session: foreignParent.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe('Parent session not found');
    const orphan = await createSession({ ...valid, is_sub_session: true });
    expect(orphan.json().detail).toBe('A sub-session needs a parent session.');
    const parentNow = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/${parent.id}/`,
      headers: bearer(staff),
    });
    expect(parentNow.json()).toMatchObject({ has_sub_sessions: true, sub_sessions_count: 1 });
  });
});

describe('GET /api/events/{eventId}/sessions/', () => {
  it('returns a plain array by start time, sub-sessions included, and filters by parent_session', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/?_=123`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; start_time: string; parent_session: number | null }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThan(3);
    const times = list.map((s) => s.start_time);
    expect([...times].sort()).toEqual(times);
    const parent = list.find((s) => s.parent_session !== null)?.parent_session;
    const subs = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/?parent_session=${parent}`,
      headers: bearer(staff),
    });
    expect(subs.json().length).toBeGreaterThan(0);
    expect(subs.json().every((s: { parent_session: number }) => s.parent_session === parent)).toBe(true);
    const bad = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/?parent_session=abc`,
      headers: bearer(staff),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("shows a participant their own event's sessions with is_registered, and nothing of another event", async () => {
    const mine = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/`,
      headers: bearer(participant),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().every((s: { is_registered: boolean }) => s.is_registered === false)).toBe(true);
    const other = await t.request({
      method: 'GET',
      url: `/api/events/${otherEventId}/sessions/`,
      headers: bearer(participant),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe('Event not found');
    const foreign = await newSession({}, otherEventId);
    const detail = await t.request({
      method: 'GET',
      url: `/api/events/${otherEventId}/sessions/${foreign.id}/`,
      headers: bearer(participant),
    });
    expect(detail.statusCode).toBe(404);
  });

  it('computes the display status from the times (document 2 §4)', async () => {
    const db = t.database.db;
    const now = Date.now();
    const rows = await db
      .insert(sessions)
      .values([
        { eventId, name: 'Past', startTime: new Date(now - 3 * hour), endTime: new Date(now - 2 * hour) },
        { eventId, name: 'Now', startTime: new Date(now - hour), endTime: new Date(now + hour) },
        { eventId, name: 'Later', startTime: new Date(now + hour), endTime: new Date(now + 2 * hour) },
      ])
      .returning({ id: sessions.id });
    const res = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/`,
      headers: bearer(staff),
    });
    const byId = new Map(res.json().map((s: { id: number; status: string }) => [s.id, s.status]));
    expect(rows.map((r) => byId.get(r.id))).toEqual(['Completed', 'Active', 'Upcoming']);
    for (const r of rows) await db.delete(sessions).where(eq(sessions.id, r.id));
  });
});

describe('GET, PUT and DELETE /api/events/{eventId}/sessions/{sessionId}/', () => {
  it('answers 404 for a session of another event', async () => {
    const foreign = await newSession({}, otherEventId);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.request({
        method,
        url: `/api/events/${eventId}/sessions/${foreign.id}/`,
        headers: bearer(staff),
        payload: method === 'PUT' ? valid : undefined,
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().detail).toBe('Session not found');
    }
  });

  it('updates a session with the full body', async () => {
    const s = await newSession();
    const res = await t.request({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/${s.id}/`,
      headers: bearer(staff),
      payload: {
        name: 'Renamed',
        description: '',
        location: 'Room 2',
        start_time: at(3),
        end_time: at(4),
        max_participants: 5,
        is_active: false,
        event: eventId,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: s.id,
      name: 'Renamed',
      location: 'Room 2',
      start_time: at(3),
      end_time: at(4),
      max_participants: 5,
      is_active: false,
    });
  });

  it('validates an update like document 2 §5 says', async () => {
    const s = await newSession();
    const put = (payload: Json) =>
      t.request({
        method: 'PUT',
        url: `/api/events/${eventId}/sessions/${s.id}/`,
        headers: bearer(staff),
        payload,
      });
    expect((await put({ location: 'x' })).json().detail).toBe(
      'Missing required fields: name, start_time, end_time',
    );
    expect((await put({ ...valid, end_time: valid.start_time })).json().detail).toBe(
      'End time must be after start time',
    );
    expect((await put({ ...valid, start_time: '31/12/2025' })).json().detail).toBe(
      'Invalid date format. Please check the start and end times.',
    );
    expect((await put({ ...valid, max_participants: -3 })).statusCode).toBe(400);
    const unchanged = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/${s.id}/`,
      headers: bearer(staff),
    });
    expect(unchanged.json().name).toBe(valid.name);
    const asParticipant = await t.request({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/${s.id}/`,
      headers: bearer(participant),
      payload: valid,
    });
    expect(asParticipant.statusCode).toBe(403);
  });

  it("keeps sub-sessions within their parent's window on both sides", async () => {
    const parent = await newSession({ start_time: at(20), end_time: at(22) });
    const subs = await t.request({
      method: 'POST',
      url: `/api/sessions/global/${parent.id}/create_sub_sessions/`,
      headers: bearer(staff),
      payload: { num_sub_sessions: 2, sub_session_type: 'sequential' },
    });
    const [first] = subs.json().sub_sessions as { id: number }[];
    const moveSub = await t.request({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/${first?.id}/`,
      headers: bearer(staff),
      payload: { ...valid, start_time: at(19), end_time: at(21) },
    });
    expect(moveSub.statusCode).toBe(400);
    expect(moveSub.json().detail).toMatch(/^Sub-session times must be within the parent session/);
    const shrinkParent = await t.request({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/${parent.id}/`,
      headers: bearer(staff),
      payload: { ...valid, start_time: at(20), end_time: at(21) },
    });
    expect(shrinkParent.statusCode).toBe(400);
    expect(shrinkParent.json().detail).toBe(
      "This session's sub-sessions must stay within its start and end times.",
    );
    const growParent = await t.request({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/${parent.id}/`,
      headers: bearer(staff),
      payload: { ...valid, start_time: at(19), end_time: at(23) },
    });
    expect(growParent.statusCode).toBe(200);
  });

  it('deletes a session with its sub-sessions and registrations', async () => {
    const db = t.database.db;
    const parent = await newSession({ start_time: at(30), end_time: at(32) });
    const created = await t.request({
      method: 'POST',
      url: `/api/sessions/global/${parent.id}/create_sub_sessions/`,
      headers: bearer(staff),
      payload: { num_sub_sessions: 2, sub_session_type: 'concurrent' },
    });
    const subId = created.json().sub_sessions[0].id as number;
    await db
      .insert(sessionRegistrations)
      .values({ sessionId: subId, participantId: t.seed.participants[0]?.id ?? 0 });
    const asParticipant = await t.request({
      method: 'DELETE',
      url: `/api/events/${eventId}/sessions/${parent.id}/`,
      headers: bearer(participant),
    });
    expect(asParticipant.statusCode).toBe(403);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/events/${eventId}/sessions/${parent.id}/`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(204);
    const left = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.parentSessionId, parent.id));
    expect(left[0]?.n).toBe(0);
    const regs = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.sessionId, subId));
    expect(regs[0]?.n).toBe(0);
  });
});

describe('POST /api/sessions/global/{sessionId}/create_sub_sessions/', () => {
  const subUrl = (id: number) => `/api/sessions/global/${id}/create_sub_sessions/`;
  async function split(id: number, payload: Json, token = staff) {
    return t.request({ method: 'POST', url: subUrl(id), headers: bearer(token), payload });
  }

  it('creates concurrent groups on the parent times with the even capacity distribution', async () => {
    const parent = await newSession({
      name: 'Breakouts',
      start_time: at(40),
      end_time: at(42),
      max_participants: 50,
    });
    const res = await split(parent.id, { num_sub_sessions: 3, sub_session_type: 'concurrent' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Successfully created 3 sub-sessions');
    const subs = res.json().sub_sessions as Json[];
    expect(subs.map((s) => [s.name, s.max_participants, s.start_time, s.end_time])).toEqual([
      ['Breakouts - Group 1', 17, at(40), at(42)],
      ['Breakouts - Group 2', 17, at(40), at(42)],
      ['Breakouts - Group 3', 16, at(40), at(42)],
    ]);
    expect(subs.every((s) => s.is_sub_session && s.parent_session === parent.id)).toBe(true);
    expect(subs.every((s) => s.location === 'Main Hall' && s.parent_session_name === 'Breakouts')).toBe(true);
    const again = await split(parent.id, { num_sub_sessions: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This session already has sub-sessions.');
    const nested = await split(subs[0]?.id as number, { num_sub_sessions: 2 });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().detail).toBe('A sub-session cannot have sub-sessions of its own.');
  });

  it('splits the window into equal sequential slots with custom capacities and a prefix', async () => {
    const parent = await newSession({ start_time: at(50), end_time: at(52), max_participants: 40 });
    const res = await split(parent.id, {
      num_sub_sessions: 4,
      sub_session_type: 'sequential',
      prefix_name: 'Rotation',
      custom_capacities: [10, 10, 40, 0],
    });
    expect(res.statusCode).toBe(201);
    const half = (n: number) => new Date(base + 50 * hour + n * 30 * 60_000).toISOString();
    expect(
      res.json().sub_sessions.map((s: Json) => [s.name, s.start_time, s.end_time, s.max_participants]),
    ).toEqual([
      ['Rotation 1', half(0), half(1), 10],
      ['Rotation 2', half(1), half(2), 10],
      ['Rotation 3', half(2), half(3), 40],
      ['Rotation 4', half(3), half(4), 0],
    ]);
  });

  it('keeps every group unlimited when the parent is unlimited', async () => {
    const parent = await newSession({ start_time: at(60), end_time: at(61), max_participants: 0 });
    const res = await split(parent.id, { num_sub_sessions: 2, sub_session_type: 'concurrent' });
    expect(res.json().sub_sessions.map((s: Json) => s.max_participants)).toEqual([0, 0]);
  });

  it('refuses fewer than 2 groups, bad capacities, unknown types and too-short slots, creating nothing', async () => {
    const parent = await newSession({ start_time: at(70), end_time: at(71), max_participants: 20 });
    const cases: [Json, string][] = [
      [{ num_sub_sessions: 1 }, 'Number of sub-sessions must be at least 2'],
      [{ num_sub_sessions: 'x' }, 'Number of sub-sessions must be at least 2'],
      [{}, 'Number of sub-sessions must be at least 2'],
      [{ num_sub_sessions: 51 }, 'Number of sub-sessions cannot be more than 50'],
      [
        { num_sub_sessions: 2, custom_capacities: [21, 1] },
        'Each custom capacity must be a whole number between 0 and 20',
      ],
      [{ num_sub_sessions: 2, custom_capacities: [5] }, 'Provide one capacity for each sub-session (2)'],
      [
        { num_sub_sessions: 2, sub_session_type: 'parallel' },
        "sub_session_type must be 'concurrent' or 'sequential'",
      ],
      [
        { num_sub_sessions: 50, sub_session_type: 'sequential' },
        'The session is too short to split into 50 sequential sub-sessions.',
      ],
    ];
    const tiny = await newSession({
      start_time: at(72),
      end_time: new Date(base + 72 * hour + 10 * 60_000).toISOString(),
    });
    for (const [payload, detail] of cases) {
      const target = String(detail).includes('too short') ? tiny.id : parent.id;
      const res = await split(target, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    const subs = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/sessions/?parent_session=${parent.id}`,
      headers: bearer(staff),
    });
    expect(subs.json()).toEqual([]);
  });

  it('is for staff only and answers 404 for an unknown session', async () => {
    const parent = await newSession({ start_time: at(80), end_time: at(81) });
    const res = await split(parent.id, { num_sub_sessions: 2 }, participant);
    expect(res.statusCode).toBe(403);
    expect((await split(999999, { num_sub_sessions: 2 })).statusCode).toBe(404);
  });
});

describe('session registrants and export', () => {
  let sessionId: number;
  beforeAll(async () => {
    const db = t.database.db;
    const s = await newSession({ name: 'Export: [Day 1]', start_time: at(90), end_time: at(91) });
    sessionId = s.id;
    const [evil] = await db
      .insert(participants)
      .values({
        eventId,
        username: 'evil',
        fullName: '=HYPERLINK("http://evil.example","click")',
        email: 'evil@example.org',
        phone: '+250788000009',
        organization: '@SUM(A1)',
        jobTitle: '\tTab',
        uniqueCode: 'EVIL2345',
        confirmedAttendance: true,
      })
      .returning();
    await db.insert(sessionRegistrations).values([
      { sessionId, participantId: t.seed.participants[0]?.id ?? 0 },
      { sessionId, participantId: evil?.id ?? 0 },
    ]);
  });

  it('lists the registrants with id, full_name, email and username for staff only', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/sessions/${sessionId}/participants/`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.json()).toContainEqual(
      expect.objectContaining({
        id: t.seed.participants[0]?.id,
        full_name: 'Amina Uwase',
        email: 'amina.uwase@example.org',
        username: 'amina.uwase',
      }),
    );
    const denied = await t.request({
      method: 'GET',
      url: `/api/sessions/${sessionId}/participants/`,
      headers: bearer(participant),
    });
    expect(denied.statusCode).toBe(403);
    const missing = await t.request({
      method: 'GET',
      url: '/api/sessions/999999/participants/',
      headers: bearer(staff),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('exports an .xlsx attachment with formula-like text in text cells, as typed', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/sessions/global/${sessionId}/export_participants/`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="session_participants_${sessionId}.xlsx"`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.name).toBe('Export\uFF1A (Day 1)');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.slice(0, 6)).toEqual([
      'Full Name',
      'Email',
      'Username',
      'Phone',
      'Organization',
      'Job Title',
    ]);
    expect(rows).toHaveLength(3);
    const evil = rows.find((r) => r[2] === 'evil');
    expect(evil?.slice(0, 6)).toEqual([
      '=HYPERLINK("http://evil.example","click")',
      'evil@example.org',
      'evil',
      '+250788000009',
      '@SUM(A1)',
      '\tTab',
    ]);
    const amina = rows.find((r) => r[2] === 'amina.uwase');
    expect(amina?.[0]).toBe('Amina Uwase');
  });

  it("refuses participants with 'Permission denied. Admin access required.' and unknown sessions with 404", async () => {
    const denied = await t.request({
      method: 'GET',
      url: `/api/sessions/global/${sessionId}/export_participants/`,
      headers: bearer(participant),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'Permission denied. Admin access required.', code: 'forbidden' });
    const unauth = await t.request({
      method: 'GET',
      url: `/api/sessions/global/${sessionId}/export_participants/`,
    });
    expect(unauth.statusCode).toBe(401);
    const missing = await t.request({
      method: 'GET',
      url: '/api/sessions/global/999999/export_participants/',
      headers: bearer(staff),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Session not found');
  });
});

describe("a session within its event's dates", () => {
  const day = 24 * hour;
  // A 7-9 December event (whole days in UTC), as an organiser would set one up.
  const december = { start: '2031-12-07T08:00:00Z', end: '2031-12-09T17:00:00Z' };
  const outsideMessage =
    'Session times must be within the event (Dec 07, 2031, 8:00 AM - Dec 09, 2031, 5:00 PM UTC).';
  let ev: number;
  beforeAll(async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/events/',
      headers: bearer(staff),
      payload: {
        name: 'December Forum',
        start_date: december.start,
        end_date: december.end,
        location: 'Huye',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    ev = res.json().id;
  });
  const count = async () =>
    (await t.request({ method: 'GET', url: `/api/events/${ev}/sessions/`, headers: bearer(staff) })).json()
      .length as number;

  it('refuses a session dated after, before or across the event, naming its dates, and creates nothing', async () => {
    const before = await count();
    for (const [start_time, end_time] of [
      ['2031-12-20T09:00:00Z', '2031-12-20T10:00:00Z'],
      ['2031-12-06T09:00:00Z', '2031-12-06T10:00:00Z'],
      ['2031-12-07T07:00:00Z', '2031-12-07T09:00:00Z'],
      ['2031-12-09T16:00:00Z', '2031-12-09T18:00:00Z'],
    ]) {
      const res = await createSession({ ...valid, start_time, end_time }, ev);
      expect(res.statusCode, start_time).toBe(400);
      expect(res.json()).toEqual({
        detail: outsideMessage,
        code: 'validation_error',
        errors: { start_time: [outsideMessage] },
      });
    }
    expect(await count()).toBe(before);
  });

  it('takes a session from the first minute to the last, and a wall-clock time in the event zone', async () => {
    await newSession({ start_time: december.start, end_time: '2031-12-07T09:00:00Z' }, ev);
    await newSession({ start_time: '2031-12-09T16:00:00Z', end_time: december.end }, ev);
    await newSession({ start_time: '2031-12-08T09:00', end_time: '2031-12-08T10:00' }, ev);
  });

  it('refuses moving a session out of the event, keeping it as it was', async () => {
    const s = await newSession({ start_time: '2031-12-08T09:00:00Z', end_time: '2031-12-08T10:00:00Z' }, ev);
    const moved = new Date(Date.parse(december.end) + day).toISOString();
    const res = await t.request({
      method: 'PUT',
      url: `/api/events/${ev}/sessions/${s.id}/`,
      headers: bearer(staff),
      payload: { ...valid, start_time: moved, end_time: new Date(Date.parse(moved) + hour).toISOString() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(outsideMessage);
    const kept = await t.request({
      method: 'GET',
      url: `/api/events/${ev}/sessions/${s.id}/`,
      headers: bearer(staff),
    });
    expect(kept.json().start_time).toBe('2031-12-08T09:00:00.000Z');
  });

  it("a sub-session outside its parent hears of the parent's window first", async () => {
    const parent = await newSession(
      { start_time: '2031-12-08T09:00:00Z', end_time: '2031-12-08T12:00:00Z' },
      ev,
    );
    const res = await createSession(
      {
        ...valid,
        start_time: '2031-12-20T09:00:00Z',
        end_time: '2031-12-20T10:00:00Z',
        parent_session: parent.id,
        is_sub_session: true,
      },
      ev,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'Sub-session times must be within the parent session (Dec 08, 2031, 9:00 AM - Dec 08, 2031, 12:00 PM UTC).',
    );
  });

  it('words the refusal in French for a French reader, with the dates', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/events/${ev}/sessions/`,
      headers: { ...bearer(staff), 'accept-language': 'fr' },
      payload: { ...valid, start_time: '2031-12-20T09:00:00Z', end_time: '2031-12-20T10:00:00Z' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'Les horaires de la session doivent être compris dans ceux de l’événement (Dec 07, 2031, 8:00 AM - Dec 09, 2031, 5:00 PM UTC).',
    );
  });
});

describe('an event in Africa/Nairobi', () => {
  it("words times in the event's zone: session JSON, the parent-window message and the export", async () => {
    const ev = await t.request({
      method: 'POST',
      url: '/api/events/',
      headers: bearer(staff),
      payload: {
        name: 'Nairobi Summit',
        start_date: '2030-11-27T05:00:00Z',
        end_date: '2030-11-28T15:00:00Z',
        location: 'KICC',
        time_zone: 'Africa/Nairobi',
      },
    });
    const nairobi = ev.json().id as number;
    // 07:00-09:00 UTC is 10:00 AM-12:00 PM in Nairobi.
    const parent = await newSession(
      { name: 'Tracks', start_time: '2030-11-27T07:00:00Z', end_time: '2030-11-27T09:00:00Z' },
      nairobi,
    );
    expect(parent.time_zone).toBe('Africa/Nairobi');
    const list = await t.request({
      method: 'GET',
      url: `/api/events/${nairobi}/sessions/`,
      headers: bearer(staff),
    });
    expect(list.json().map((s: Json) => s.time_zone)).toEqual(['Africa/Nairobi']);
    const outside = await createSession(
      {
        ...valid,
        start_time: '2030-11-27T08:00:00Z',
        end_time: '2030-11-27T10:00:00Z',
        parent_session: parent.id,
        is_sub_session: true,
      },
      nairobi,
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toBe(
      'Sub-session times must be within the parent session (Nov 27, 2030, 10:00 AM - Nov 27, 2030, 12:00 PM EAT).',
    );

    const [p] = await t.database.db
      .insert(participants)
      .values({
        eventId: nairobi,
        username: 'wanjiku',
        fullName: 'Wanjiku Kamau',
        email: 'wanjiku@example.org',
        uniqueCode: 'WANJIKU2',
        confirmedAttendance: true,
      })
      .returning();
    await t.database.db.insert(sessionRegistrations).values({
      sessionId: parent.id,
      participantId: p?.id ?? 0,
      createdAt: new Date('2030-11-26T21:30:00Z'),
    });
    await t.database.db.insert(checkIns).values({
      eventId: nairobi,
      participantId: p?.id ?? 0,
      sessionId: parent.id,
      checkInTime: new Date('2030-11-27T07:05:00Z'),
    });
    const res = await t.request({
      method: 'GET',
      url: `/api/sessions/global/${parent.id}/export_participants/`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.slice(6)).toEqual(['Registered At (Africa/Nairobi)', 'Checked In At (Africa/Nairobi)']);
    // The cells hold Nairobi wall-clock times: 21:30 UTC is 00:30 the next day there.
    const [registered, checkedIn] = (rows[1]?.slice(6) ?? []) as Date[];
    expect(registered?.toISOString()).toBe('2030-11-27T00:30:00.000Z');
    expect(checkedIn?.toISOString()).toBe('2030-11-27T10:05:00.000Z');
  });
});

describe('demo programme (seedProgramme)', () => {
  it('adds a two-day programme with concurrent and sequential sub-session groups', async () => {
    const ev = await t.request({
      method: 'POST',
      url: '/api/events/',
      headers: bearer(staff),
      payload: {
        name: 'Demo',
        start_date: '2030-05-06T07:00:00Z',
        end_date: '2030-05-07T18:00:00Z',
        location: 'Kigali',
      },
    });
    const id = ev.json().id as number;
    expect(await seedProgramme(t.database.db, id)).toEqual({ sessions: 9, subSessions: 9 });
    const res = await t.request({
      method: 'GET',
      url: `/api/events/${id}/sessions/`,
      headers: bearer(staff),
    });
    const list = res.json() as Json[];
    const top = list.filter((s) => !s.is_sub_session);
    expect(top).toHaveLength(9);
    expect(new Set(top.map((s) => String(s.start_time).slice(0, 10)))).toEqual(
      new Set(['2030-05-06', '2030-05-07']),
    );
    const groups = (name: string) => {
      const parent = top.find((s) => s.name === name);
      return list
        .filter((s) => s.parent_session === parent?.id)
        .map((s) => [
          String(s.start_time).slice(11, 16),
          String(s.end_time).slice(11, 16),
          s.max_participants,
        ]);
    };
    expect(groups('Morning Workshops')).toEqual([
      ['11:00', '12:30', 20],
      ['11:00', '12:30', 20],
      ['11:00', '12:30', 20],
    ]);
    expect(groups('Clinical Skills Rotation')).toEqual([
      ['14:00', '14:30', 10],
      ['14:30', '15:00', 10],
      ['15:00', '15:30', 10],
      ['15:30', '16:00', 10],
    ]);
    expect(groups('Field Visits')).toEqual([
      ['11:30', '13:30', 15],
      ['11:30', '13:30', 25],
    ]);
    await expect(seedProgramme(t.database.db, 999999)).rejects.toThrow(/does not exist/);
  });
});
