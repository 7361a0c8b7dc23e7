import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@attend/shared';
import { events, participants } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helper';

// A date-time without an offset is a wall-clock time in the event's zone (the form sends local
// times); one with an offset or Z is that instant, as before.

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true, outboxOptions: { pollMs: 100 } });
  staff = await t.staffToken();
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;

function send(method: 'POST' | 'PATCH' | 'PUT', url: string, payload: Json) {
  return t.request({ method, url, headers: bearer(staff), payload });
}

async function nairobiEvent(extra: Json = {}) {
  const res = await send('POST', '/api/events/', {
    name: 'Nairobi Health Summit',
    start_date: '2036-11-26T08:00',
    end_date: '2036-11-28T17:00',
    location: 'KICC',
    time_zone: 'Africa/Nairobi',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json & { id: number };
}

describe('an event in Africa/Nairobi created with times without an offset', () => {
  it('starts at 8:00 AM Nairobi time (05:00Z), and the login e-mail says 8:00 AM', async () => {
    const ev = await nairobiEvent();
    expect(ev.start_date).toBe('2036-11-26T05:00:00.000Z');
    expect(ev.end_date).toBe('2036-11-28T14:00:00.000Z');

    const [p] = await t.database.db
      .insert(participants)
      .values({
        eventId: ev.id,
        username: 'achieng',
        fullName: 'Achieng Otieno',
        email: 'achieng@example.org',
        uniqueCode: 'ACHNG234',
      })
      .returning();
    const sent = await send('POST', `/api/events/${ev.id}/participants/send_notifications/`, {
      participant_ids: [p?.id],
      type: 'email',
    });
    expect(sent.json()).toMatchObject({ success_count: 1 });
    await t.app.outbox?.idle();
    const mailbox = await t.request({
      method: 'GET',
      url: '/api/mailbox/?recipient=achieng%40example.org',
      headers: bearer(staff),
    });
    // The plain text is wrapped at 78 columns.
    const body = String(mailbox.json().results[0]?.body).replace(/\s+/g, ' ');
    expect(body).toContain('Nov 26, 2036, 8:00 AM');
    expect(body).toContain('Nov 28, 2036, 5:00 PM EAT');
    expect(body).not.toContain('11:00 AM');
  });

  it('keeps a time with an offset or Z as the instant it names', async () => {
    const ev = await nairobiEvent({ start_date: '2036-11-26T08:00:00Z', end_date: '2036-11-28T17:00+03:00' });
    expect(ev.start_date).toBe('2036-11-26T08:00:00.000Z');
    expect(ev.end_date).toBe('2036-11-28T14:00:00.000Z');
  });

  it('reads a start after the end in the zone too', async () => {
    // An end at 08:00 in Nairobi is 05:00Z, before a start at 06:00Z: refused (read as UTC it passed).
    const res = await send('POST', '/api/events/', {
      name: 'Backwards',
      start_date: '2036-11-26T06:00:00Z',
      end_date: '2036-11-26T08:00',
      location: 'KICC',
      time_zone: 'Africa/Nairobi',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ start_date: ['Start date cannot be after end date'] });
  });

  it('on PATCH reads them in the zone sent with them, else in the stored zone', async () => {
    const ev = await nairobiEvent();
    const stored = await send('PATCH', `/api/events/${ev.id}/`, { start_date: '2036-11-26T09:30' });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().start_date).toBe('2036-11-26T06:30:00.000Z');
    // Kigali is UTC+2: the zone in the body wins over the stored one.
    const moved = await send('PATCH', `/api/events/${ev.id}/`, {
      start_date: '2036-11-26T09:30',
      time_zone: 'Africa/Kigali',
    });
    expect(moved.json()).toMatchObject({
      start_date: '2036-11-26T07:30:00.000Z',
      time_zone: 'Africa/Kigali',
    });
    const [row] = await t.database.db.select().from(events).where(eq(events.id, ev.id));
    expect(row?.startDate.toISOString()).toBe('2036-11-26T07:30:00.000Z');
    expect(row?.endDate.toISOString()).toBe('2036-11-28T14:00:00.000Z');
  });
});

describe("a session's times without an offset", () => {
  it("are read in the event's zone on create and update, and listed as 9:00 AM there", async () => {
    const ev = await nairobiEvent();
    const created = await send('POST', `/api/events/${ev.id}/sessions/`, {
      name: 'Opening plenary',
      start_time: '2036-11-26T09:00',
      end_time: '2036-11-26T10:30',
      location: 'Hall A',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      start_time: '2036-11-26T06:00:00.000Z',
      end_time: '2036-11-26T07:30:00.000Z',
    });
    const list = await t.request({
      method: 'GET',
      url: `/api/events/${ev.id}/sessions/`,
      headers: bearer(staff),
    });
    const [listed] = list.json() as { start_time: string; time_zone: string }[];
    expect(formatDateTime(String(listed?.start_time), String(listed?.time_zone))).toBe(
      'Nov 26, 2036, 9:00 AM',
    );

    const id = created.json().id as number;
    const updated = await send('PUT', `/api/events/${ev.id}/sessions/${id}/`, {
      name: 'Opening plenary',
      start_time: '2036-11-26T10:00',
      end_time: '2036-11-26T11:00:00+03:00',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      start_time: '2036-11-26T07:00:00.000Z',
      end_time: '2036-11-26T08:00:00.000Z',
    });
  });

  it('are compared with an instant once placed in the zone', async () => {
    const ev = await nairobiEvent();
    const url = `/api/events/${ev.id}/sessions/`;
    // 08:00 Nairobi is 05:00Z, before 07:00Z: accepted (read as UTC it would be refused).
    const ok = await send('POST', url, {
      name: 'Early',
      start_time: '2036-11-26T08:00',
      end_time: '2036-11-26T07:00:00Z',
      location: 'Hall B',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().start_time).toBe('2036-11-26T05:00:00.000Z');
    // 11:00 Nairobi is 08:00Z, after 07:00Z: refused on the end, like any end before its start.
    const late = await send('POST', url, {
      name: 'Late',
      start_time: '2036-11-26T11:00',
      end_time: '2036-11-26T07:00:00Z',
      location: 'Hall B',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      detail: 'End time must be after start time',
      errors: { end_time: ['End time must be after start time'] },
    });
  });
});

describe('OpenAPI', () => {
  it('says how a date-time without an offset is read', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json();
    const bodyOf = (path: string, method: string) =>
      doc.paths[path][method].requestBody.content['application/json'].schema.properties;
    for (const [path, method, field] of [
      ['/api/events/', 'post', 'start_date'],
      ['/api/events/{eventId}/', 'patch', 'end_date'],
      ['/api/events/{eventId}/sessions/', 'post', 'start_time'],
      ['/api/events/{eventId}/sessions/{sessionId}/', 'put', 'end_time'],
    ] as const) {
      const description = JSON.stringify(bodyOf(path, method)[field]);
      expect(description, `${method} ${path} ${field}`).toContain('Without one (2026-11-26T');
      expect(description).toContain("wall-clock time in the event's time zone");
    }
  });
});
