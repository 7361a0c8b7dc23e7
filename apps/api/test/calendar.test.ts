import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@attend/shared';
import { events, participants, sessions } from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { buildIcs, escapeText, foldLine } from '../src/services/calendar/ics';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let participant: string;
let eventId: number;
let otherEventId: number;
/** Sessions of the event, by role in the tests. */
const ids: Record<string, number> = {};

const LONG_DESCRIPTION =
  'Ushirikiano wa wilaya — données “santé” 🙂 漢字 '.repeat(6) + '\nSecond line; with, punctuation\\done';

type Parsed = { cal: ICAL.Component; events: ICAL.Event[]; zones: ICAL.Timezone[] };

/** Parses with ical.js, an independent parser; the file's own VTIMEZONE is the only zone it knows. */
function parse(text: string): Parsed {
  const cal = new ICAL.Component(ICAL.parse(text));
  const zones = cal.getAllSubcomponents('vtimezone').map((z) => new ICAL.Timezone(z));
  for (const zone of zones) ICAL.TimezoneService.register(zone, zone.tzid);
  return { cal, events: cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)), zones };
}

/** The zone's offset from UTC at a local (wall-clock) time, as the parser reads the VTIMEZONE. */
function offsetSecondsAt(zone: ICAL.Timezone, local: string): number {
  return zone.utcOffset(ICAL.Time.fromDateTimeString(local));
}

async function get(url: string, token: string | null = participant, remoteAddress = '127.0.0.1') {
  return t.request({ method: 'GET', url, headers: token ? bearer(token) : {}, remoteAddress });
}

async function addSession(values: Partial<typeof sessions.$inferInsert> & { name: string }, ev = eventId) {
  const [row] = await t.database.db
    .insert(sessions)
    .values({
      eventId: ev,
      location: 'Main Hall',
      startTime: new Date('2027-01-15T08:00:00Z'),
      endTime: new Date('2027-01-15T09:30:00Z'),
      ...values,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('no session');
  return row.id;
}

async function register(sessionId: number, token = participant, participantId = t.seed.participants[0]?.id) {
  const res = await t.request({
    method: 'POST',
    url: `/api/sessions/${sessionId}/register/${participantId}/`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function setZone(timeZone: string) {
  await t.database.db.update(events).set({ timeZone }).where(eq(events.id, eventId));
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  participant = await t.participantToken(0);
  eventId = t.seed.event.id;
  const other = await t.request({
    method: 'POST',
    url: '/api/events/',
    headers: bearer(staff),
    payload: {
      name: 'Other',
      start_date: '2027-01-01T00:00:00Z',
      end_date: '2027-12-31T00:00:00Z',
      location: 'Elsewhere',
    },
  });
  otherEventId = other.json().id;

  // Winter (CET, +01:00) and summer (CEST, +02:00) in Paris; a group with two sub-sessions.
  ids.winter = await addSession({
    name: 'Budget, planning; review',
    description: 'Bring the figures.\nAnd the minutes.',
    location: 'Room 1, East wing',
    speakers: 'Dr. Wanjiku',
  });
  ids.summer = await addSession({
    name: 'Summer plenary',
    description: LONG_DESCRIPTION,
    startTime: new Date('2027-07-15T07:00:00Z'),
    endTime: new Date('2027-07-15T08:00:00Z'),
  });
  ids.notMine = await addSession({
    name: 'Not registered',
    startTime: new Date('2027-01-16T08:00:00Z'),
    endTime: new Date('2027-01-16T09:00:00Z'),
  });
  ids.group = await addSession({
    name: 'Workshops',
    startTime: new Date('2027-01-17T08:00:00Z'),
    endTime: new Date('2027-01-17T10:00:00Z'),
  });
  ids.subA = await addSession({
    name: 'Group A',
    parentSessionId: ids.group,
    startTime: new Date('2027-01-17T08:00:00Z'),
    endTime: new Date('2027-01-17T10:00:00Z'),
  });
  ids.subB = await addSession({
    name: 'Group B',
    parentSessionId: ids.group,
    startTime: new Date('2027-01-17T08:00:00Z'),
    endTime: new Date('2027-01-17T10:00:00Z'),
  });
  ids.otherEvent = await addSession({ name: 'Other event session' }, otherEventId);
  await setZone('Europe/Paris');
  await register(ids.winter);
  await register(ids.summer);
  await register(ids.subA);
});
afterAll(async () => {
  await t.close();
});

const uid = (id: number | undefined) => `session-${id}@attend.test`;

describe('the writer', () => {
  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é🙂'.repeat(40)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(3);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  it('marks summer time as DAYLIGHT in the southern hemisphere too (Australia/Sydney)', () => {
    const text = buildIcs({
      name: 'Sydney',
      timeZone: 'Australia/Sydney',
      now: new Date('2027-01-01T00:00:00Z'),
      events: [
        {
          uid: 'session-1@attend.test',
          start: new Date('2027-01-10T23:00:00Z'),
          end: new Date('2027-01-11T00:00:00Z'),
          summary: 'Summer',
          location: '',
          description: '',
        },
      ],
    });
    const { zones, events: list } = parse(text);
    const [sydney] = zones;
    if (!sydney) throw new Error('no zone');
    const parts = sydney.component.getAllSubcomponents();
    const daylight = parts.filter((c) => c.name === 'daylight');
    expect(daylight.length).toBeGreaterThan(0);
    for (const c of daylight) expect(c.getFirstPropertyValue('tzoffsetto')?.toString()).toBe('+11:00');
    for (const c of parts.filter((p) => p.name === 'standard')) {
      expect(c.getFirstPropertyValue('tzoffsetto')?.toString()).toBe('+10:00');
    }
    expect(offsetSecondsAt(sydney, '2027-01-11T10:00:00')).toBe(11 * 3600);
    expect(offsetSecondsAt(sydney, '2027-07-11T10:00:00')).toBe(10 * 3600);
    expect(list[0]?.startDate.toString()).toBe('2027-01-11T10:00:00');
    expect(list[0]?.startDate.toJSDate().toISOString()).toBe('2027-01-10T23:00:00.000Z');
  });
});

describe('GET /api/participants/me/calendar.ics', () => {
  it('is an RFC 5545 file of only the sessions the participant is registered for', async () => {
    const res = await get('/api/participants/me/calendar.ics');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-sessions-TEST42.ics"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = res.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const { cal, events: list } = parse(text);
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toBe('-//Attend//Event programme//EN');
    expect(cal.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe(t.seed.event.name);
    // The sub-session chosen, never its parent, a session not registered for, or another event's.
    expect(list.map((e) => e.uid).sort()).toEqual([uid(ids.winter), uid(ids.summer), uid(ids.subA)].sort());
    const sub = list.find((e) => e.uid === uid(ids.subA));
    expect(sub?.summary).toBe('Workshops — Group A');
    for (const e of list) {
      const vevent = e.component;
      expect(vevent.getFirstPropertyValue('dtstamp')).not.toBeNull();
      expect(vevent.getFirstPropertyValue('last-modified')).not.toBeNull();
      expect(Number(vevent.getFirstPropertyValue('sequence'))).toBeGreaterThanOrEqual(0);
    }
  });

  it('describes Europe/Paris with its real offsets and puts each session at its instant', async () => {
    const { zones, events: list } = parse((await get('/api/participants/me/calendar.ics')).body);
    expect(zones.map((z) => z.tzid)).toEqual(['Europe/Paris']);
    const [paris] = zones;
    if (!paris) throw new Error('no zone');
    const kinds = paris.component.getAllSubcomponents().map((c) => c.name);
    expect(kinds).toContain('daylight');
    expect(kinds).toContain('standard');
    expect(offsetSecondsAt(paris, '2027-01-15T09:00:00')).toBe(3600);
    expect(offsetSecondsAt(paris, '2027-07-15T09:00:00')).toBe(7200);
    // Clocks go from 02:00 to 03:00 on the last Sunday of March, back on the last of October.
    expect(offsetSecondsAt(paris, '2027-03-28T01:59:00')).toBe(3600);
    expect(offsetSecondsAt(paris, '2027-03-28T03:01:00')).toBe(7200);
    expect(offsetSecondsAt(paris, '2027-10-31T01:59:00')).toBe(7200);
    expect(offsetSecondsAt(paris, '2027-10-31T03:01:00')).toBe(3600);

    const winter = list.find((e) => e.uid === uid(ids.winter));
    const summer = list.find((e) => e.uid === uid(ids.summer));
    expect(winter?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Paris');
    expect(winter?.startDate.zone?.tzid).toBe('Europe/Paris');
    expect(winter?.startDate.toString()).toBe('2027-01-15T09:00:00');
    expect(winter?.startDate.toJSDate().toISOString()).toBe('2027-01-15T08:00:00.000Z');
    expect(winter?.endDate.toJSDate().toISOString()).toBe('2027-01-15T09:30:00.000Z');
    expect(summer?.startDate.toString()).toBe('2027-07-15T09:00:00');
    expect(summer?.startDate.toJSDate().toISOString()).toBe('2027-07-15T07:00:00.000Z');
    expect(summer?.endDate.toJSDate().toISOString()).toBe('2027-07-15T08:00:00.000Z');
  });

  it('escapes names and locations and folds a long UTF-8 description, read back unchanged', async () => {
    const text = (await get('/api/participants/me/calendar.ics')).body;
    expect(text).toContain('SUMMARY:Budget\\, planning\\; review\r\n');
    expect(text).toMatch(/\r\n [^\r\n]/);
    const { events: list } = parse(text);
    const winter = list.find((e) => e.uid === uid(ids.winter));
    expect(winter?.summary).toBe('Budget, planning; review');
    expect(winter?.location).toBe('Room 1, East wing');
    expect(winter?.description).toBe('Bring the figures.\nAnd the minutes.\n\nSpeakers: Dr. Wanjiku');
    expect(list.find((e) => e.uid === uid(ids.summer))?.description).toBe(LONG_DESCRIPTION);
  });

  it('keeps the UIDs across downloads', async () => {
    const first = parse((await get('/api/participants/me/calendar.ics')).body).events.map((e) => e.uid);
    const second = parse((await get('/api/participants/me/calendar.ics')).body).events.map((e) => e.uid);
    expect(second).toEqual(first);
  });

  it('writes a zone without daylight saving time as a single STANDARD (Africa/Nairobi)', async () => {
    await setZone('Africa/Nairobi');
    try {
      const text = (await get('/api/participants/me/calendar.ics')).body;
      const { zones, events: list } = parse(text);
      const [nairobi] = zones;
      if (!nairobi) throw new Error('no zone');
      expect(nairobi.tzid).toBe('Africa/Nairobi');
      const parts = nairobi.component.getAllSubcomponents();
      expect(parts.map((c) => c.name)).toEqual(['standard']);
      expect(parts[0]?.getFirstPropertyValue('tzoffsetto')?.toString()).toBe('+03:00');
      expect(offsetSecondsAt(nairobi, '2027-07-15T10:00:00')).toBe(10800);
      const summer = list.find((e) => e.uid === uid(ids.summer));
      expect(summer?.startDate.toString()).toBe('2027-07-15T10:00:00');
      expect(summer?.startDate.toJSDate().toISOString()).toBe('2027-07-15T07:00:00.000Z');
    } finally {
      await setZone('Europe/Paris');
    }
  });

  it('is for the signed-in participant: 401 without a token, 403 for staff', async () => {
    expect((await get('/api/participants/me/calendar.ics', null)).statusCode).toBe(401);
    expect((await get('/api/participants/me/calendar.ics', staff)).statusCode).toBe(403);
  });
});

describe('the subscription URL', () => {
  const pathOf = (url: string) => url.replace('webcal://attend.test', '');

  it('is made once, answers the same calendar without sign-in, and is private to its holder', async () => {
    const first = await get('/api/participants/me/calendar/');
    expect(first.statusCode, first.body).toBe(200);
    const { url } = first.json() as { url: string };
    expect(url).toMatch(/^webcal:\/\/attend\.test\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await get('/api/participants/me/calendar/')).json()).toEqual({ url });

    const feed = await get(pathOf(url), null);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    const own = parse((await get('/api/participants/me/calendar.ics')).body).events.map((e) => e.uid);
    expect(parse(feed.body).events.map((e) => e.uid)).toEqual(own);

    // The other participant's address is another, and shows none of these sessions.
    const jean = await t.participantToken(1);
    const theirs = (await get('/api/participants/me/calendar/', jean)).json() as { url: string };
    expect(theirs.url).not.toBe(url);
    const theirFeed = await get(pathOf(theirs.url), null);
    expect(theirFeed.statusCode).toBe(200);
    expect(parse(theirFeed.body).events).toEqual([]);
  });

  it('answers 404 for an unknown or malformed token', async () => {
    for (const path of ['/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/api/calendar/nope.ics']) {
      const res = await get(path, null);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', detail: messages.calendarLinkInvalid });
    }
  });

  it('stops answering after Sign out everywhere; the next ask makes a new one', async () => {
    const token = await t.participantToken(0);
    const { url } = (await get('/api/participants/me/calendar/', token)).json() as { url: string };
    expect((await get(pathOf(url), null)).statusCode).toBe(200);
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/revoke-sessions/',
      headers: bearer(token),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await get(pathOf(url), null)).statusCode).toBe(404);
    const [row] = await t.database.db
      .select({ token: participants.calendarToken })
      .from(participants)
      .where(eq(participants.id, t.seed.participants[0]?.id ?? 0));
    expect(row?.token).toBeNull();

    participant = await t.participantToken(0);
    const fresh = (await get('/api/participants/me/calendar/')).json() as { url: string };
    expect(fresh.url).not.toBe(url);
    expect((await get(pathOf(fresh.url), null)).statusCode).toBe(200);
  });

  it('also stops answering when staff sign the participant out everywhere', async () => {
    const { url } = (await get('/api/participants/me/calendar/')).json() as { url: string };
    const out = await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/participants/${t.seed.participants[0]?.id}/revoke-sessions/`,
      headers: bearer(staff),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await get(pathOf(url), null)).statusCode).toBe(404);
    participant = await t.participantToken(0);
  });

  it("counts a network's misses with the guessing budget; past it, a proof of work is asked", async () => {
    const { url } = (await get('/api/participants/me/calendar/')).json() as { url: string };
    const miss = '/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';
    for (let i = 0; i < 500; i++) {
      const res = await get(miss, null, '203.0.113.9');
      if (res.statusCode !== 404) throw new Error(`miss ${i}: ${res.statusCode}`);
    }
    const owed = await get(miss, null, '203.0.113.9');
    expect(owed.statusCode).toBe(428);
    expect(owed.json().code).toBe('challenge_required');
    // Another network's subscription is not held up by it.
    expect((await get(pathOf(url), null, '198.51.100.7')).statusCode).toBe(200);
  });
});

describe('GET /api/events/{eventId}/sessions/calendar.ics', () => {
  it('gives staff the whole programme: every session and sub-session of the event', async () => {
    const res = await get(`/api/events/${eventId}/sessions/calendar.ics`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="programme-TEST42.ics"');
    const { events: list, cal } = parse(res.body);
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe(t.seed.event.name);
    expect(list.map((e) => e.uid).sort()).toEqual(
      [ids.winter, ids.summer, ids.notMine, ids.group, ids.subA, ids.subB].map(uid).sort(),
    );
  });

  it('is refused to a participant, to a scanner of another event, and without a token', async () => {
    const url = `/api/events/${eventId}/sessions/calendar.ics`;
    expect((await get(url, participant)).statusCode).toBe(403);
    expect((await get(url, null)).statusCode).toBe(401);
    await createStaffUser(t.database.db, {
      username: 'calendar-scanner',
      password: 'scanner-password-1',
      role: 'scanner',
      eventIds: [otherEventId],
    });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: 'calendar-scanner', password: 'scanner-password-1' },
    });
    const scanner = (login.json() as { access: string }).access;
    const refused = await get(url, scanner);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('BEGIN:VCALENDAR');
  });

  it('answers 404 for an event that does not exist', async () => {
    const res = await get('/api/events/999999/sessions/calendar.ics', staff);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', detail: messages.eventNotFound });
  });
});
