import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type TCheckIn, type TCheckInEvent } from '@attend/shared';
import { auditLog, checkIns, participants, sessionRegistrations, sessions } from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

/** The 3.5 × 5.5 in badge in PDF points, as pdfinfo prints it. */
const BADGE = '252 x 396 pts';

let t: TestApp;
let staff: string;
let eventId: number;
let counter = 0;
let work: string;
/** Another event with one participant. */
let other: { eventId: number; participantId: number };

beforeAll(async () => {
  if (spawnSync('pdfinfo', ['-v']).status !== 0) {
    throw new Error('pdfinfo is missing: run node scripts/ensure-poppler.mjs (npm test does).');
  }
  work = mkdtempSync(path.join(tmpdir(), 'attend-door-'));
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  other = await otherEvent(t.database.db);
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

function walkIn(body: Record<string, unknown>, token = staff, event = eventId) {
  return t.request({
    method: 'POST',
    url: `/api/events/${event}/check-in/walk-in/`,
    headers: bearer(token),
    payload: body,
  });
}

function badge(participantId: number, token: string | null = staff, event = eventId) {
  return t.request({
    method: 'GET',
    url: `/api/events/${event}/participants/${participantId}/badge.pdf`,
    headers: token ? bearer(token) : {},
  });
}

function next(prefix = 'walk') {
  counter += 1;
  return { full_name: `Walk In ${counter}`, email: `${prefix}${counter}@example.org` };
}

async function scannerToken(eventIds: number[]) {
  counter += 1;
  const username = `doorscanner${counter}`;
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

async function allowWalkIns(allow: boolean, event = eventId) {
  const res = await t.request({
    method: 'PATCH',
    url: `/api/events/${event}/`,
    headers: bearer(staff),
    payload: { allow_walk_ins_by_scanners: allow },
  });
  expect(res.statusCode).toBe(200);
}

async function participantsNamed(email: string) {
  return t.database.db
    .select()
    .from(participants)
    .where(and(eq(participants.eventId, eventId), sql`lower(${participants.email}) = lower(${email})`));
}

async function totals() {
  const [p] = await t.database.db.select({ n: count() }).from(participants);
  const [c] = await t.database.db.select({ n: count() }).from(checkIns);
  return { participants: p?.n, checkIns: c?.n };
}

async function addSession(name: string, event = eventId, active = true) {
  const start = new Date(Date.now() + 3_600_000);
  const [s] = await t.database.db
    .insert(sessions)
    .values({
      eventId: event,
      name,
      startTime: start,
      endTime: new Date(start.getTime() + 3_600_000),
      isActive: active,
    })
    .returning();
  if (!s) throw new Error('no session');
  return s;
}

function poppler(tool: string, args: string[]): string {
  const run = spawnSync(tool, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr}`);
  return run.stdout;
}

function saved(pdf: Buffer): string {
  counter += 1;
  const file = path.join(work, `door-${counter}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

describe('the event settings of the door', () => {
  it('default to off, are set on create and edit, and reach the check-in events list', async () => {
    const seeded = await t.request({ method: 'GET', url: `/api/events/${eventId}/`, headers: bearer(staff) });
    expect(seeded.json()).toMatchObject({
      allow_walk_ins_by_scanners: false,
      print_badge_on_check_in: false,
    });

    const start = new Date(Date.now() + 86_400_000).toISOString();
    const created = await t.request({
      method: 'POST',
      url: '/api/events/',
      headers: bearer(staff),
      payload: {
        name: 'Door settings',
        start_date: start,
        end_date: start,
        location: 'Kigali',
        allow_walk_ins_by_scanners: true,
        print_badge_on_check_in: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ allow_walk_ins_by_scanners: true, print_badge_on_check_in: true });

    const patched = await t.request({
      method: 'PATCH',
      url: `/api/events/${id}/`,
      headers: bearer(staff),
      payload: { print_badge_on_check_in: false },
    });
    expect(patched.json()).toMatchObject({
      allow_walk_ins_by_scanners: true,
      print_badge_on_check_in: false,
    });

    const scanner = await scannerToken([id]);
    const list = await t.request({ method: 'GET', url: '/api/check-in/events/', headers: bearer(scanner) });
    expect(list.json() as TCheckInEvent[]).toEqual([
      expect.objectContaining({ id, allow_walk_ins_by_scanners: true, print_badge_on_check_in: false }),
    ]);
    const pack = await t.request({
      method: 'GET',
      url: `/api/events/${id}/check-in/offline-pack/`,
      headers: bearer(scanner),
    });
    expect(pack.json().event).toMatchObject({
      allow_walk_ins_by_scanners: true,
      print_badge_on_check_in: false,
    });

    for (const payload of [{ allow_walk_ins_by_scanners: 'yes' }, { print_badge_on_check_in: 1 }]) {
      const bad = await t.request({
        method: 'PATCH',
        url: `/api/events/${id}/`,
        headers: bearer(staff),
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('POST /api/events/{eventId}/check-in/walk-in/', () => {
  it('adds a confirmed participant with a fresh unique code and checks them in at the door, in one step', async () => {
    const who = next();
    const res = await walkIn({
      ...who,
      phone: '+250788123456',
      organization: 'Ministry of Health',
      notes: 'Walk-in',
    });
    expect(res.statusCode).toBe(201);
    const record = res.json() as TCheckIn;
    const [p] = await participantsNamed(who.email);
    expect(p).toMatchObject({
      fullName: who.full_name,
      phone: '+250788123456',
      organization: 'Ministry of Health',
      confirmedAttendance: true,
      username: expect.stringMatching(/^walk\d+/),
    });
    expect(p?.confirmedAt).toBeInstanceOf(Date);
    expect(p?.uniqueCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(record).toMatchObject({
      participant_id: p?.id,
      participant_name: who.full_name,
      organization: 'Ministry of Health',
      unique_code: p?.uniqueCode,
      session: null,
      session_name: 'Main Event',
      checked_in_by: 'staff',
      notes: 'Walk-in',
      forced: false,
    });
    const rows = await t.database.db
      .select()
      .from(checkIns)
      .where(eq(checkIns.participantId, p?.id ?? 0));
    expect(rows).toHaveLength(1);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'participant.create'), eq(auditLog.targetId, p?.id ?? 0)));
    expect(audited?.details).toMatchObject({ walk_in: true });

    // Like any participant: a second scan of their code is refused as already checked in.
    const again = await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/check-in/`,
      headers: bearer(staff),
      payload: { qr_code_data: p?.uniqueCode, session: null },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_checked_in');
  });

  it('refuses a missing or bad name or e-mail with the form messages, creating nothing', async () => {
    const before = await totals();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'x@example.org' }, 'full_name', messages.fullNameRequired],
      [{ full_name: '  ', email: 'x@example.org' }, 'full_name', messages.fullNameRequired],
      [{ full_name: 'No Mail' }, 'email', messages.emailRequired],
      [{ full_name: 'Bad Mail', email: 'not-an-address' }, 'email', messages.invalidEmail],
      [{ full_name: 'Bad Session', email: 'x@example.org', session: 'abc' }, 'session', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await walkIn(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
      if (message) expect(res.json().errors[field]).toEqual([message]);
    }
    expect(await totals()).toEqual(before);
  });

  it('answers 409 naming the participant who already has the e-mail, creating nothing', async () => {
    const who = next();
    expect((await walkIn(who)).statusCode).toBe(201);
    const [first] = await participantsNamed(who.email);
    const before = await totals();
    const res = await walkIn({ full_name: 'Someone Else', email: who.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'participant_exists',
      detail: expect.stringContaining(`${who.full_name} is already a participant of this event`),
      participant: { id: first?.id, full_name: who.full_name },
    });
    expect(res.json().detail).toContain('check them in instead');
    // A seeded participant too (added through the participants page).
    const seeded = await t.database.db
      .select({ email: participants.email })
      .from(participants)
      .where(eq(participants.id, t.seed.participants[0]?.id ?? 0));
    expect((await walkIn({ full_name: 'Twin', email: seeded[0]?.email })).statusCode).toBe(409);
    expect(await totals()).toEqual(before);
  });

  it('gives the same e-mail to one participant when two stations add it at once', async () => {
    const who = next();
    const [a, b] = await Promise.all([walkIn(who), walkIn({ ...who, full_name: 'Other Desk' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await participantsNamed(who.email)).toHaveLength(1);
  });

  it('is refused at an inactive event and at an unknown or inactive session, leaving nothing behind', async () => {
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const closed = await t.request({
      method: 'POST',
      url: '/api/events/',
      headers: bearer(staff),
      payload: {
        name: 'Closed door',
        start_date: start,
        end_date: start,
        location: 'Kigali',
        is_active: false,
      },
    });
    const before = await totals();
    const inactive = await walkIn(next(), staff, closed.json().id as number);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({ code: 'event_inactive', detail: messages.checkInEventInactive });

    const elsewhere = await addSession('Elsewhere', other.eventId);
    const unknown = await walkIn({ ...next(), session: elsewhere.id });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'session_not_found' });

    const shut = await addSession('Shut', eventId, false);
    const closedSession = await walkIn({ ...next(), session: shut.id });
    expect(closedSession.statusCode).toBe(409);
    expect(closedSession.json().code).toBe('session_inactive');
    expect(await totals()).toEqual(before);

    const missing = await walkIn(next(), staff, 999999);
    expect(missing.statusCode).toBe(404);
  });

  it('at a session: checks the walk-in in there as forced, without registering them or a door record', async () => {
    const session = await addSession('Walk-in workshop');
    const who = next();
    const res = await walkIn({ ...who, session: session.id });
    expect(res.statusCode).toBe(201);
    const record = res.json() as TCheckIn;
    expect(record).toMatchObject({
      session: session.id,
      session_name: 'Walk-in workshop',
      forced: true,
      participant_name: who.full_name,
    });
    const [p] = await participantsNamed(who.email);
    expect(p?.confirmedAttendance).toBe(true);
    const rows = await t.database.db
      .select()
      .from(checkIns)
      .where(eq(checkIns.participantId, p?.id ?? 0));
    expect(rows.map((r) => r.sessionId)).toEqual([session.id]);
    const regs = await t.database.db
      .select()
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.participantId, p?.id ?? 0));
    expect(regs).toEqual([]);
    // Confirmed: the door then takes their code without forcing.
    const door = await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/check-in/`,
      headers: bearer(staff),
      payload: { qr_code_data: p?.uniqueCode, session: null },
    });
    expect(door.statusCode).toBe(201);
    expect(door.json().forced).toBe(false);
  });

  it('scanners: refused (403) unless the event allows it; then allowed, never receiving the unique code', async () => {
    const scanner = await scannerToken([eventId]);
    await allowWalkIns(false);
    const before = await totals();
    const refused = await walkIn(next(), scanner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(messages.walkInsAdminsOnly);
    expect(await totals()).toEqual(before);

    await allowWalkIns(true);
    try {
      const who = next();
      const res = await walkIn(who, scanner);
      expect(res.statusCode).toBe(201);
      expect(res.json()).not.toHaveProperty('unique_code');
      expect(res.json().checked_in_by).toMatch(/^doorscanner/);
      const [p] = await participantsNamed(who.email);
      expect(res.body).not.toContain(p?.uniqueCode ?? 'none');
      // The refusal of a known e-mail names the participant but no code either.
      const dup = await walkIn(who, scanner);
      expect(dup.statusCode).toBe(409);
      expect(dup.body).not.toContain(p?.uniqueCode ?? 'none');

      // Another event's scanner: 403 whatever that event allows, and nothing is created.
      await allowWalkIns(true, other.eventId);
      const stranger = await walkIn(next(), scanner, other.eventId);
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().detail).toBe(messages.scannerEventsOnly);
      const missing = await walkIn(next(), scanner, 999999);
      expect(missing.statusCode).toBe(403);
    } finally {
      await allowWalkIns(false);
      await allowWalkIns(false, other.eventId);
    }
  });

  it('reaches the live stream of other stations like any check-in', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const stream = await fetch(`${address}/api/events/${eventId}/check-ins/live/`, {
        headers: bearer(staff),
        signal: controller.signal,
      });
      const reader = stream.body?.getReader();
      if (!reader) throw new Error('no stream');
      let text = '';
      const decoder = new TextDecoder();
      while (!text.includes(': connected')) text += decoder.decode((await reader.read()).value);
      const who = next();
      expect((await walkIn(who)).statusCode).toBe(201);
      while (!text.includes(who.full_name)) text += decoder.decode((await reader.read()).value);
      expect(text).toContain('"action":"created"');
    } finally {
      controller.abort();
    }
  });
});

describe('GET /api/events/{eventId}/participants/{participantId}/badge.pdf', () => {
  it("is one page the badge's size with the participant's name, for admins and the event's scanners", async () => {
    const who = next();
    const made = (await walkIn({ ...who, organization: 'Université de Genève' })).json() as TCheckIn;
    const res = await badge(made.participant_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="badge-${who.full_name.replace(/ /g, '_')}-TEST42-${made.participant_id}.pdf"`,
    );
    const file = saved(res.rawPayload);
    const info = poppler('pdfinfo', [file]);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(new RegExp(`^Page size:\\s+${BADGE}`, 'm'));
    const text = poppler('pdftotext', [file, '-']).replace(/\s+/g, ' ');
    expect(text).toContain(who.full_name);
    expect(text).toContain('Université de Genève');

    const scanner = await scannerToken([eventId]);
    const byScanner = await badge(made.participant_id, scanner);
    expect(byScanner.statusCode).toBe(200);
    expect(byScanner.headers['content-type']).toBe('application/pdf');
  });

  it('refuses anonymous callers, participants, other events and unknown participants', async () => {
    const seeded = t.seed.participants[0]?.id ?? 0;
    expect((await badge(seeded, null)).statusCode).toBe(401);
    expect((await badge(seeded, await t.participantToken(0))).statusCode).toBe(403);

    const stranger = other.participantId;
    // A participant of another event is not found through this event, for admins and scanners.
    const notHere = await badge(stranger);
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().detail).toBe(messages.participantNotFound);
    const scanner = await scannerToken([eventId]);
    expect((await badge(stranger, scanner)).statusCode).toBe(404);
    expect((await badge(999999, scanner)).statusCode).toBe(404);
    // Through the other event, which the scanner was not given: 403.
    const elsewhere = await badge(stranger, scanner, other.eventId);
    expect(elsewhere.statusCode).toBe(403);
    expect((await badge(seeded, staff, 999999)).statusCode).toBe(404);
  });
});
