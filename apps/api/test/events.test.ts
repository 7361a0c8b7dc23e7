import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE_ALPHABET, DEFAULT_TAG_DESIGN, EVENT_CODE_LENGTH } from '@attend/shared';
import { checkIns, events, participants, sessionRegistrations, sessions } from '../src/db/schema';
import { generateEventCode } from '../src/services/events/generate-codes';
import { bearer, createTestApp, type TestApp } from './helper';

vi.mock('../src/services/events/generate-codes', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/services/events/generate-codes')>();
  return { ...actual, generateEventCode: vi.fn(actual.generateEventCode) };
});

let t: TestApp;
let staff: string;
let participant: string;
let otherEventId: number;

const day = 24 * 60 * 60 * 1000;
const iso = (offsetDays: number, hour = 9) =>
  new Date(Math.floor(Date.now() / day) * day + offsetDays * day + hour * 3600_000).toISOString();

const valid = {
  name: 'Annual Nursing Summit',
  description: 'Talks and workshops',
  start_date: iso(10),
  end_date: iso(12, 17),
  location: 'Huye Campus',
};

async function create(body: Record<string, unknown>, token = staff) {
  return t.request({ method: 'POST', url: '/api/events/', headers: bearer(token), payload: body });
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  participant = await t.participantToken(0);
  const res = await create({ ...valid, name: 'Other Event', location: 'Musanze' });
  otherEventId = res.json().id;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/events/', () => {
  it('creates an event with a generated, easy-to-type code and every field of the spec', async () => {
    const res = await create({ ...valid, primary_color: '#123ABC', dsa_sessions_per_day: 3 });
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      name: valid.name,
      title: valid.name,
      description: valid.description,
      start_date: valid.start_date,
      end_date: valid.end_date,
      location: valid.location,
      is_active: true,
      logo: null,
      image: null,
      primary_color: '#123ABC',
      secondary_color: '#FFFFFF',
      accent_color: '#0072C6',
      tag_background_color: '#ffffff',
      tag_text_color: '#000000',
      tag_design: DEFAULT_TAG_DESIGN,
      logo_url: null,
      group_chat_url: null,
      support_contact: null,
      dsa_sessions_per_day: 3,
      status: 'Upcoming',
      participants_count: 0,
      sessions_count: 0,
      confirmed_count: 0,
      check_ins_count: 0,
    });
    expect(e.event_notes).toMatch(/attend 3 sessions per day/);
    expect(e.event_code).toHaveLength(EVENT_CODE_LENGTH);
    expect([...e.event_code].every((c: string) => CODE_ALPHABET.includes(c))).toBe(true);
    expect(e).not.toHaveProperty('qr_private_key');
  });

  it('gives every event its own code and draws again on a collision', async () => {
    vi.mocked(generateEventCode).mockClear();
    vi.mocked(generateEventCode).mockReturnValueOnce('TEST42').mockReturnValueOnce('TEST42');
    const res = await create({ ...valid, name: 'Collision' });
    expect(res.statusCode).toBe(201);
    expect(res.json().event_code).not.toBe('TEST42');
    expect(vi.mocked(generateEventCode)).toHaveBeenCalledTimes(3);
    const codes = new Set<string>();
    for (let i = 0; i < 10; i++) codes.add((await create({ ...valid, name: `Bulk ${i}` })).json().event_code);
    expect(codes.size).toBe(10);
  });

  it('answers the messages of document 2 §5 per field', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().errors).toEqual({
      name: ['Event name is required'],
      start_date: ['Start date is required'],
      end_date: ['End date is required'],
      location: ['Location is required'],
    });
    const blank = await create({ ...valid, name: '   ', location: '' });
    expect(blank.json().errors).toEqual({
      name: ['Event name is required'],
      location: ['Location is required'],
    });
    // Blank dates are "required", not a crash in the date-order check.
    const blankDates = await create({ ...valid, start_date: '', end_date: ' ' });
    expect(blankDates.statusCode).toBe(400);
    expect(blankDates.json().errors).toEqual({
      start_date: ['Start date is required'],
      end_date: ['End date is required'],
    });
  });

  it("refuses a start after the end with 'Start date cannot be after end date' and allows equal dates", async () => {
    const res = await create({ ...valid, start_date: valid.end_date, end_date: valid.start_date });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Start date cannot be after end date');
    expect(res.json().errors).toEqual({ start_date: ['Start date cannot be after end date'] });
    const same = await create({ ...valid, end_date: valid.start_date });
    expect(same.statusCode).toBe(201);
  });

  it('refuses unreadable dates and colours with a message, never a 500', async () => {
    for (const body of [
      { ...valid, start_date: 'next tuesday' },
      { ...valid, end_date: '2025-02-30T10:00' },
      { ...valid, primary_color: 'red; drop table' },
      { ...valid, tag_design: { border_radius: 99 } },
      { ...valid, dsa_sessions_per_day: -1 },
      { ...valid, name: 42 },
    ]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
  });

  it('is for staff only', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(events);
    const res = await create(valid, participant);
    expect(res.statusCode).toBe(403);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(events);
    expect(after).toEqual(before);
  });
});

describe('GET /api/events/', () => {
  it('pages with count, next and previous, with or without the trailing slash', async () => {
    const all = await t.request({ method: 'GET', url: '/api/events/?page_size=100', headers: bearer(staff) });
    expect(all.statusCode).toBe(200);
    const total = all.json().count;
    expect(total).toBeGreaterThan(5);
    expect(all.json().results).toHaveLength(total);
    const first = await t.request({
      method: 'GET',
      url: '/api/events?page_size=2&_=1700000000000',
      headers: bearer(staff),
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(total);
    expect(body.results).toHaveLength(2);
    expect(body.previous).toBeNull();
    expect(body.next).toBe('/api/events?page_size=2&_=1700000000000&page=2');
    const second = await t.request({ method: 'GET', url: body.next, headers: bearer(staff) });
    expect(second.json().previous).toBe('/api/events?page_size=2&_=1700000000000&page=1');
    expect(second.json().results[0].id).not.toBe(body.results[0].id);
    const beyond = await t.request({ method: 'GET', url: '/api/events/?page=999', headers: bearer(staff) });
    expect(beyond.json()).toMatchObject({ count: total, results: [], next: null });
  });

  it('caps page_size at 100 and refuses nonsense paging', async () => {
    const big = await t.request({
      method: 'GET',
      url: '/api/events/?page_size=1000',
      headers: bearer(staff),
    });
    expect(big.statusCode).toBe(200);
    for (const q of ['page=0', 'page=abc', 'page_size=0', 'page_size=-5']) {
      const res = await t.request({ method: 'GET', url: `/api/events/?${q}`, headers: bearer(staff) });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('searches name, location and code case-insensitively, and filters by is_active', async () => {
    const byName = await t.request({
      method: 'GET',
      url: '/api/events/?search=oTHER',
      headers: bearer(staff),
    });
    expect(byName.json().results.map((e: { id: number }) => e.id)).toEqual([otherEventId]);
    const byPlace = await t.request({
      method: 'GET',
      url: '/api/events/?search=musanze',
      headers: bearer(staff),
    });
    expect(byPlace.json().count).toBe(1);
    const byCode = await t.request({
      method: 'GET',
      url: '/api/events/?search=test42',
      headers: bearer(staff),
    });
    expect(byCode.json().results[0].id).toBe(t.seed.event.id);
    const wildcard = await t.request({
      method: 'GET',
      url: '/api/events/?search=%25',
      headers: bearer(staff),
    });
    expect(wildcard.json().count).toBe(0);
    await t.request({
      method: 'PATCH',
      url: `/api/events/${otherEventId}/`,
      headers: bearer(staff),
      payload: { is_active: false },
    });
    const inactive = await t.request({
      method: 'GET',
      url: '/api/events/?is_active=false',
      headers: bearer(staff),
    });
    expect(inactive.json().results.map((e: { id: number }) => e.id)).toEqual([otherEventId]);
    const active = await t.request({
      method: 'GET',
      url: '/api/events/?is_active=true',
      headers: bearer(staff),
    });
    expect(active.json().results.some((e: { id: number }) => e.id === otherEventId)).toBe(false);
    await t.request({
      method: 'PATCH',
      url: `/api/events/${otherEventId}/`,
      headers: bearer(staff),
      payload: { is_active: true },
    });
  });

  it('shows a participant their own event only', async () => {
    const res = await t.request({ method: 'GET', url: '/api/events/', headers: bearer(participant) });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(1);
    expect(res.json().results[0]).toMatchObject({ id: t.seed.event.id, event_code: 'TEST42' });
    const other = await t.request({
      method: 'GET',
      url: '/api/events/?search=Other',
      headers: bearer(participant),
    });
    expect(other.json()).toMatchObject({ count: 0, results: [] });
  });
});

describe('GET /api/events/{id}/', () => {
  it('returns the event with the counts of the stats grid', async () => {
    const db = t.database.db;
    const eventId = t.seed.event.id;
    const [s] = await db
      .insert(sessions)
      .values({ eventId, name: 'Opening', startTime: new Date(iso(1)), endTime: new Date(iso(1, 10)) })
      .returning();
    const p0 = t.seed.participants[0]?.id ?? 0;
    const p1 = t.seed.participants[1]?.id ?? 0;
    await db.insert(checkIns).values([
      { eventId, participantId: p0 },
      { eventId, participantId: p1 },
      { eventId, participantId: p0, sessionId: s?.id },
    ]);
    const res = await t.request({ method: 'GET', url: `/api/events/${eventId}/`, headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: eventId,
      name: 'Regional Health Workshop',
      title: 'Regional Health Workshop',
      participants_count: 2,
      confirmed_count: 1,
      sessions_count: 1,
      check_ins_count: 2,
    });
    await db.delete(sessions).where(eq(sessions.id, s?.id ?? 0));
    await db.delete(checkIns).where(eq(checkIns.eventId, eventId));
  });

  it('lets a participant read their own event and nothing of another (404)', async () => {
    const own = await t.request({
      method: 'GET',
      url: `/api/events/${t.seed.event.id}`,
      headers: bearer(participant),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(t.seed.event.id);
    const other = await t.request({
      method: 'GET',
      url: `/api/events/${otherEventId}/`,
      headers: bearer(participant),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Event not found', code: 'not_found' });
    const missing = await t.request({ method: 'GET', url: '/api/events/999999/', headers: bearer(staff) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Event not found');
    const bad = await t.request({ method: 'GET', url: '/api/events/abc/', headers: bearer(staff) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH /api/events/{id}/', () => {
  it('changes only the fields sent, including the tag design', async () => {
    const created = (await create({ ...valid, name: 'To edit' })).json();
    const res = await t.request({
      method: 'PATCH',
      url: `/api/events/${created.id}/`,
      headers: bearer(staff),
      payload: {
        name: 'Edited',
        is_active: false,
        primary_color: '#000000',
        tag_design: { border_radius: 12, layout: 'classic', show_logo: false },
        group_chat_url: 'https://chat.example.org/g/1',
        event_notes: 'Bring your ID.',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      name: 'Edited',
      title: 'Edited',
      is_active: false,
      location: valid.location,
      event_code: created.event_code,
      primary_color: '#000000',
      tag_design: {
        border_radius: 12,
        layout: 'classic',
        show_logo: false,
        qr_position: 'center',
        qr_size: 'large',
        logo_size: 60,
        show_organization: true,
      },
      group_chat_url: 'https://chat.example.org/g/1',
      event_notes: 'Bring your ID.',
    });
    const reset = await t.request({
      method: 'PATCH',
      url: `/api/events/${created.id}/`,
      headers: bearer(staff),
      payload: { event_notes: null },
    });
    expect(reset.json().event_notes).toMatch(/^Daily subsistence allowance/);
  });

  it('checks the date order against the stored dates and refuses bad values', async () => {
    const created = (await create({ ...valid, name: 'Dates' })).json();
    const late = await t.request({
      method: 'PATCH',
      url: `/api/events/${created.id}/`,
      headers: bearer(staff),
      payload: { start_date: iso(30) },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toBe('Start date cannot be after end date');
    for (const payload of [{ name: '' }, { location: ' ' }, { end_date: 'soon' }, { event_code: 'ABC' }]) {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/events/${created.id}/`,
        headers: bearer(staff),
        payload,
      });
      if ('event_code' in payload) {
        // The code is generated, never chosen: the field is ignored.
        expect(res.json().event_code).toBe(created.event_code);
      } else {
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    }
    const missing = await t.request({
      method: 'PATCH',
      url: '/api/events/999999/',
      headers: bearer(staff),
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: `/api/events/${t.seed.event.id}/`,
      headers: bearer(participant),
      payload: { name: 'Hijacked' },
    });
    expect(res.statusCode).toBe(403);
    const [e] = await t.database.db.select().from(events).where(eq(events.id, t.seed.event.id));
    expect(e?.name).toBe('Regional Health Workshop');
  });
});

describe("the event's time zone", () => {
  it('is UTC unless chosen, and is stored in the IANA spelling', async () => {
    const plain = await create({ ...valid, name: 'No zone given' });
    expect(plain.json().time_zone).toBe('UTC');
    const nairobi = await create({ ...valid, name: 'In Nairobi', time_zone: 'africa/NAIROBI' });
    expect(nairobi.statusCode).toBe(201);
    expect(nairobi.json().time_zone).toBe('Africa/Nairobi');
    const read = await t.request({
      method: 'GET',
      url: `/api/events/${nairobi.json().id}/`,
      headers: bearer(staff),
    });
    expect(read.json().time_zone).toBe('Africa/Nairobi');
    const [row] = await t.database.db.select().from(events).where(eq(events.id, nairobi.json().id));
    expect(row?.timeZone).toBe('Africa/Nairobi');
    // Instants are stored as sent, whatever the zone.
    expect(row?.startDate.toISOString()).toBe(valid.start_date);
  });

  it('refuses anything that is not an IANA zone with a clear message and creates nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(events);
    for (const time_zone of ['EAT', '+03:00', 'Mars/Olympus_Mons', '', 3]) {
      const res = await create({ ...valid, name: 'Bad zone', time_zone });
      expect(res.statusCode, String(time_zone)).toBe(400);
      expect(res.json().errors).toEqual({
        time_zone: ['Choose a time zone from the list, such as Africa/Nairobi (an IANA name).'],
      });
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(events);
    expect(after).toEqual(before);
  });

  it('is changed by PATCH alone, and a bad one changes nothing', async () => {
    const created = (await create({ ...valid, name: 'Moves', time_zone: 'Africa/Kigali' })).json();
    const patch = (payload: Record<string, unknown>) =>
      t.request({ method: 'PATCH', url: `/api/events/${created.id}/`, headers: bearer(staff), payload });
    const moved = await patch({ time_zone: 'Africa/Nairobi' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      time_zone: 'Africa/Nairobi',
      name: 'Moves',
      start_date: valid.start_date,
    });
    const untouched = await patch({ name: 'Renamed' });
    expect(untouched.json().time_zone).toBe('Africa/Nairobi');
    const bad = await patch({ time_zone: 'Nairobi', name: 'Not saved' });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, created.id));
    expect(row).toMatchObject({ timeZone: 'Africa/Nairobi', name: 'Renamed' });
  });

  it('saves the notes, group-chat link and contact line the event form sends', async () => {
    const created = (
      await create({
        ...valid,
        name: 'With extras',
        event_notes: 'Lunch is at noon.',
        group_chat_url: 'https://chat.example.org/summit',
        support_contact: 'Call Amina on +254 700 000 000',
      })
    ).json();
    expect(created).toMatchObject({
      event_notes: 'Lunch is at noon.',
      group_chat_url: 'https://chat.example.org/summit',
      support_contact: 'Call Amina on +254 700 000 000',
    });
    const cleared = await t.request({
      method: 'PATCH',
      url: `/api/events/${created.id}/`,
      headers: bearer(staff),
      payload: { group_chat_url: '', support_contact: '' },
    });
    expect(cleared.json()).toMatchObject({ group_chat_url: null, support_contact: null });
  });
});

describe('DELETE /api/events/{id}/', () => {
  it('removes the event with its sessions, participants, registrations and check-ins, and nothing else', async () => {
    const db = t.database.db;
    const doomed = (await create({ ...valid, name: 'Doomed' })).json();
    const [s1] = await db
      .insert(sessions)
      .values({
        eventId: doomed.id,
        name: 'S1',
        startTime: new Date(iso(10)),
        endTime: new Date(iso(10, 10)),
      })
      .returning();
    await db.insert(sessions).values({
      eventId: doomed.id,
      parentSessionId: s1?.id,
      name: 'S1 - Group 1',
      startTime: new Date(iso(10)),
      endTime: new Date(iso(10, 10)),
    });
    const [p] = await db
      .insert(participants)
      .values({
        eventId: doomed.id,
        username: 'x',
        fullName: 'X',
        email: 'x@example.org',
        uniqueCode: 'XXXX2345',
      })
      .returning();
    await db.insert(sessionRegistrations).values({ sessionId: s1?.id ?? 0, participantId: p?.id ?? 0 });
    await db.insert(checkIns).values({ eventId: doomed.id, participantId: p?.id ?? 0 });
    const count = async (table: typeof sessions | typeof participants | typeof checkIns, eventId: number) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.eventId, eventId))
      )[0]?.n;
    const keptParticipants = await count(participants, t.seed.event.id);

    const res = await t.request({
      method: 'DELETE',
      url: `/api/events/${doomed.id}/`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await count(sessions, doomed.id)).toBe(0);
    expect(await count(participants, doomed.id)).toBe(0);
    expect(await count(checkIns, doomed.id)).toBe(0);
    const regs = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.participantId, p?.id ?? 0));
    expect(regs[0]?.n).toBe(0);
    expect(await count(participants, t.seed.event.id)).toBe(keptParticipants);
    const again = await t.request({
      method: 'DELETE',
      url: `/api/events/${doomed.id}/`,
      headers: bearer(staff),
    });
    expect(again.statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `/api/events/${t.seed.event.id}/`,
      headers: bearer(participant),
    });
    expect(res.statusCode).toBe(403);
    const [e] = await t.database.db.select().from(events).where(eq(events.id, t.seed.event.id));
    expect(e).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('documents the event and session routes (every schema converts)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/events/',
        '/api/events/{eventId}/',
        '/api/events/{eventId}/sessions/',
        '/api/events/{eventId}/sessions/{sessionId}/',
        '/api/sessions/global/{sessionId}/create_sub_sessions/',
        '/api/sessions/global/{sessionId}/export_participants/',
        '/api/sessions/{sessionId}/participants/',
        '/api/sessions/{sessionId}/register/{participantId}/',
      ]),
    );
  });
});
