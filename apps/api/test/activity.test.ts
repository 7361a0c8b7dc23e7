import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type TActivityEntry } from '@attend/shared';
import { outgoingMessages } from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let eventId: number;
let other: { eventId: number; participantId: number };
let amina: { id: number; uniqueCode: string; fullName: string };
let scannerId: number;

const activityUrl = (query = '', event = eventId) =>
  `/api/events/${event}/activity/${query ? `?${query}` : ''}`;
const get = (url: string, token = staff) => t.request({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.request({ method, url, headers: bearer(staff), payload: payload as Record<string, unknown> | undefined });

async function tokenOf(username: string, password: string) {
  const res = await t.request({ method: 'POST', url: '/api/auth/token/', payload: { username, password } });
  return (res.json() as { access: string }).access;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  other = await otherEvent(t.database.db);
  const seeded = t.seed.participants[0];
  if (!seeded) throw new Error('no seed participant');
  amina = seeded;

  // Every action the issue names, done once through the API.
  const door = await send('POST', `/api/events/${eventId}/check-in/`, {
    qr_code_data: amina.uniqueCode,
    session: null,
  });
  expect(door.statusCode).toBe(201);
  expect((await send('DELETE', `/api/events/${eventId}/check-ins/${door.json().id}/`)).statusCode).toBe(204);
  const undone = await send('POST', `/api/events/${eventId}/participants/${amina.id}/undo_confirmation/`, {
    reason: 'Confirmed by mistake at the desk',
  });
  expect(undone.statusCode).toBe(200);
  expect((await send('POST', `/api/events/${eventId}/participants/${amina.id}/reset-code/`)).statusCode).toBe(
    200,
  );
  await t.database.db.insert(outgoingMessages).values([
    {
      eventId,
      channel: 'email',
      recipient: 'a@example.org',
      body: 'x',
      status: 'failed_permanently',
      attempts: 5,
    },
    {
      eventId: other.eventId,
      channel: 'email',
      recipient: 'b@example.org',
      body: 'x',
      status: 'failed_permanently',
      attempts: 5,
    },
  ]);
  expect((await send('POST', '/api/accounts/admin/failed-emails/force-retry/')).statusCode).toBe(200);
  const scanner = await createStaffUser(t.database.db, {
    username: 'door-volunteer',
    password: 'volunteer-password-1',
    role: 'scanner',
    eventIds: [other.eventId],
  });
  scannerId = scanner.id;
  const access = await send('PATCH', `/api/accounts/staff/${scannerId}/`, {
    role: 'scanner',
    event_ids: [eventId, other.eventId],
  });
  expect(access.statusCode).toBe(200);
  // Something on the other event only: it must not show here.
  expect(
    (await send('POST', `/api/events/${other.eventId}/participants/${other.participantId}/reset-code/`))
      .statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/events/{eventId}/activity/', () => {
  it('lists who did what and when, newest first, for the issue’s actions', async () => {
    const res = await get(activityUrl());
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; results: TActivityEntry[]; actors: unknown[] };
    const actions = body.results.map((r) => r.action);
    for (const action of [
      'check_in.undone',
      'participant.unconfirm',
      'participant.reset_code',
      'notifications.force_retry',
      'staff.access_changed',
    ]) {
      expect(actions, action).toContain(action);
    }
    // Newest first.
    const times = body.results.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body.actors).toEqual([{ id: expect.any(Number), name: 'staff' }]);

    const byAction = (a: string) => body.results.find((r) => r.action === a);
    expect(byAction('participant.unconfirm')).toMatchObject({
      actor: { name: 'staff' },
      target: { type: 'participant', id: amina.id, name: amina.fullName },
      details: { reason: 'Confirmed by mistake at the desk' },
    });
    const undone = byAction('check_in.undone');
    expect(undone?.target).toMatchObject({ type: 'check_in', name: amina.fullName });
    // A code signs in: never shown, not even inside the recorded check-in.
    expect(JSON.stringify(body.results)).not.toContain(amina.uniqueCode);
    expect(JSON.stringify(body.results)).not.toContain('unique_code');
    expect(byAction('notifications.force_retry')?.details).toMatchObject({ count: 1, all_events: true });
    expect(byAction('staff.access_changed')).toMatchObject({
      target: { type: 'staff_user', id: scannerId, name: 'door-volunteer' },
      details: { after: { role: 'scanner', event_ids: [eventId, other.eventId] } },
    });
    // Only this event: the other event's code reset is not listed, sign-ins neither.
    expect(body.results.filter((r) => r.action === 'participant.reset_code')).toHaveLength(1);
    expect(actions).not.toContain('staff.login');
  });

  it('filters by action, by who and by participant, and pages', async () => {
    const one = (await get(activityUrl('action=participant.unconfirm'))).json();
    expect(one.count).toBe(1);
    expect(one.results[0].action).toBe('participant.unconfirm');

    const all = (await get(activityUrl())).json();
    const staffId = all.actors[0].id as number;
    const mine = (await get(activityUrl(`actor=${staffId}`))).json();
    expect(mine.count).toBe(all.count);
    expect((await get(activityUrl(`actor=${scannerId}`))).json().count).toBe(0);

    const hers = (await get(activityUrl(`participant=${amina.id}`))).json();
    expect(hers.results.map((r: TActivityEntry) => r.action).sort()).toEqual(
      ['check_in.undone', 'participant.reset_code', 'participant.unconfirm'].sort(),
    );

    const page1 = (await get(activityUrl('page_size=2'))).json();
    expect(page1.results).toHaveLength(2);
    expect(page1.count).toBe(all.count);
    expect(page1.next).toContain('page=2');
    const page2 = (await get(activityUrl('page_size=2&page=2'))).json();
    expect(page2.results[0].id).not.toBe(page1.results[0].id);
  });

  it('refuses bad filters with a sentence', async () => {
    const unknown = await get(activityUrl('action=drop_tables'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('Unknown action.');
    expect((await get(activityUrl('actor=abc'))).statusCode).toBe(400);
    expect((await get(activityUrl('page_size=1000'))).statusCode).toBe(400);
    const missing = await get(activityUrl('', 999999));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(messages.eventNotFound);
  });

  it('is for admins only: scanners of this or another event and participants are refused', async () => {
    const ownScanner = await tokenOf('door-volunteer', 'volunteer-password-1');
    await createStaffUser(t.database.db, {
      username: 'other-volunteer',
      password: 'volunteer-password-2',
      role: 'scanner',
      eventIds: [other.eventId],
    });
    const otherScanner = await tokenOf('other-volunteer', 'volunteer-password-2');
    const participant = await t.app.tokens.signAccess({
      kind: 'participant',
      participantId: amina.id,
      eventId,
    });
    for (const token of [ownScanner, otherScanner, participant]) {
      expect((await get(activityUrl(), token)).statusCode).toBe(403);
      expect((await get(`/api/events/${eventId}/activity/export/`, token)).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: activityUrl() })).statusCode).toBe(401);
  });
});

describe('GET /api/events/{eventId}/activity/export/', () => {
  it('downloads the filtered activity as an .xlsx workbook, times in the event zone', async () => {
    const res = await get(`/api/events/${eventId}/activity/export/?action=participant.unconfirm`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`activity-${eventId}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Activity');
    const rows = sheet?.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1)).toEqual(['When', 'Action', 'Done by', 'Subject', 'Reason', 'Details']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(2, 6)).toEqual([
      'participant.unconfirm',
      'staff',
      amina.fullName,
      'Confirmed by mistake at the desk',
    ]);
    expect(String(rows[1]?.[1])).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}, \d{1,2}:\d{2} [AP]M /);
  });
});
