import { gunzipSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeQrCredential,
  formatDateTimeInZone,
  messages,
  verifyQrCredential,
  ZOfflinePack,
  ZSyncResponse,
  type TCheckIn,
  type TCheckInLiveEvent,
  type TOfflinePack,
  type TSyncItem,
  type TSyncResult,
} from '@attend/shared';
import { checkIns, events, participants, sessionRegistrations, sessions } from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { CHECK_IN_CHANNEL } from '../src/services/check-in/live-channel';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let eventId: number;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  // The seed event starts tomorrow; scans are accepted from the day before it. A scan queued an hour
  // ago just after midnight would fall two days before: the event runs from two hours ago instead.
  const now = Date.now();
  await t.database.db
    .update(events)
    .set({ startDate: new Date(now - 2 * 3_600_000), endDate: new Date(now + 2 * 86_400_000) })
    .where(eq(events.id, eventId));
});
afterAll(async () => {
  await t.close();
});

const packUrl = (event = eventId, query = '') => `/api/events/${event}/check-in/offline-pack/${query}`;
const syncUrl = (event = eventId) => `/api/events/${event}/check-ins/sync/`;

/** A new participant of the seed event (confirmed unless said otherwise), with its credential. */
async function person(opts: { confirmed?: boolean } = {}) {
  counter += 1;
  const code = `OF${String(counter).padStart(6, '0')}`.replace(/0/g, 'Z').replace(/1/g, 'Y');
  const [p] = await t.database.db
    .insert(participants)
    .values({
      eventId,
      username: `of${counter}`,
      fullName: `Offline Person ${counter}`,
      email: `of${counter}@example.org`,
      organization: 'Ministry of Water',
      uniqueCode: code,
      confirmedAttendance: opts.confirmed ?? true,
      confirmedAt: opts.confirmed === false ? null : new Date(),
    })
    .returning();
  if (!p) throw new Error('no participant');
  const sign = await t.app.qrKeys.signer(t.database.db, eventId);
  return { ...p, credential: sign({ eventId, participantId: p.id }) };
}

async function addSession(name: string) {
  const start = new Date(Date.now() + 3_600_000);
  const [s] = await t.database.db
    .insert(sessions)
    .values({ eventId, name, startTime: start, endTime: new Date(start.getTime() + 3_600_000) })
    .returning();
  if (!s) throw new Error('no session');
  return s;
}

async function scannerToken(eventIds: number[]) {
  counter += 1;
  const username = `offline-scanner${counter}`;
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

function getPack(opts: { token?: string | null; event?: number; query?: string; gzip?: boolean } = {}) {
  const token = opts.token === undefined ? staff : opts.token;
  return t.request({
    method: 'GET',
    url: packUrl(opts.event, opts.query),
    headers: {
      ...(token ? bearer(token) : {}),
      'accept-encoding': opts.gzip ? 'gzip, deflate, br' : 'identity',
    },
  });
}

async function pack(query = ''): Promise<TOfflinePack> {
  const res = await getPack({ query });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return ZOfflinePack.parse(res.json());
}

function sync(items: unknown[], opts: { token?: string | null; station?: string; event?: number } = {}) {
  const token = opts.token === undefined ? staff : opts.token;
  return t.request({
    method: 'POST',
    url: syncUrl(opts.event),
    headers: token ? bearer(token) : {},
    payload: { station_id: opts.station ?? 'station-a', check_ins: items },
  });
}

async function synced(
  items: unknown[],
  opts: { station?: string; event?: number } = {},
): Promise<TSyncResult[]> {
  const res = await sync(items, opts);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const { results } = ZSyncResponse.parse(res.json());
  expect(results).toHaveLength(items.length);
  return results;
}

/** A queued scan, made `minutesAgo` before now. */
function item(qr: string, minutesAgo = 10, extra: Partial<TSyncItem> = {}): TSyncItem {
  counter += 1;
  return {
    client_nonce: `nonce-${counter}-${Math.random().toString(36).slice(2, 10)}`,
    qr_code_data: qr,
    session: null,
    scanned_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    notes: '',
    ...extra,
  };
}

async function recordsOf(participantId: number) {
  return t.database.db.select().from(checkIns).where(eq(checkIns.participantId, participantId));
}

async function checkInRows(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(checkIns);
  return row?.n ?? 0;
}

describe('GET /api/events/{eventId}/check-in/offline-pack/', () => {
  it('holds the event, its public key, sessions, roster and check-ins, and nothing from unique codes', async () => {
    const s1 = await addSession('Pack Workshop');
    const s2 = await addSession('Pack Plenary');
    const a = await person();
    const b = await person({ confirmed: false });
    await t.database.db.insert(sessionRegistrations).values([
      { sessionId: s2.id, participantId: a.id },
      { sessionId: s1.id, participantId: a.id },
    ]);
    const door = await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/check-in/`,
      headers: bearer(staff),
      payload: { qr_code_data: a.credential, session: null },
    });
    expect(door.statusCode).toBe(201);
    const record = door.json() as TCheckIn;

    const res = await getPack();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-encoding']).toBeUndefined();
    const p = ZOfflinePack.parse(res.json());

    const everyone = await t.database.db
      .select({ id: participants.id, code: participants.uniqueCode })
      .from(participants)
      .where(eq(participants.eventId, eventId));
    expect(everyone.length).toBeGreaterThan(2);
    for (const { code } of everyone) expect(res.body).not.toContain(code);
    // Nothing derived from a code either: a keyed hash with its key lets guesses be sorted offline.
    for (const field of ['code_hash', 'code_key', 'code_bits']) expect(res.body).not.toContain(field);
    expect(Object.keys(res.json() as object).sort()).toEqual([
      'check_ins',
      'event',
      'full',
      'generated_at',
      'participants',
      'public_key',
      'sessions',
      'totals',
    ]);

    expect(p.full).toBe(true);
    expect(Math.abs(Date.parse(p.generated_at) - Date.now())).toBeLessThan(60_000);
    expect(p.event).toMatchObject({ id: eventId, name: t.seed.event.name, is_active: true });
    expect(await verifyQrCredential(p.public_key, a.credential)).toEqual({ eventId, participantId: a.id });

    expect(p.participants).toHaveLength(everyone.length);
    const pa = p.participants.find((x) => x.id === a.id);
    const pb = p.participants.find((x) => x.id === b.id);
    expect(pa).toEqual({
      id: a.id,
      full_name: a.fullName,
      organization: 'Ministry of Water',
      confirmed: true,
      sessions: [s1.id, s2.id].sort((x, y) => x - y),
    });
    expect(pb).toEqual({
      id: b.id,
      full_name: b.fullName,
      organization: 'Ministry of Water',
      confirmed: false,
      sessions: [],
    });
    expect(p.sessions.find((s) => s.id === s1.id)).toEqual({
      id: s1.id,
      name: 'Pack Workshop',
      parent_session: null,
      start_time: s1.startTime.toISOString(),
      end_time: s1.endTime.toISOString(),
      is_active: true,
    });
    expect(p.check_ins).toContainEqual({
      id: record.id,
      participant_id: a.id,
      session: null,
      check_in_time: record.check_in_time,
      checked_in_by: 'staff',
    });
    const [regs] = await t.database.db
      .select({ n: count() })
      .from(sessionRegistrations)
      .innerJoin(sessions, eq(sessions.id, sessionRegistrations.sessionId))
      .where(eq(sessions.eventId, eventId));
    expect(p.totals).toEqual({
      participants: everyone.length,
      registrations: regs?.n,
      check_ins: p.check_ins.length,
    });
  });

  it('is gzipped when the request accepts it, with the same content', async () => {
    const plain = await getPack();
    const zipped = await getPack({ gzip: true });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')) as TOfflinePack;
    const { generated_at: _a, ...rest } = ZOfflinePack.parse(body);
    const { generated_at: _b, ...same } = ZOfflinePack.parse(plain.json());
    expect(rest).toEqual(same);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const refused = await t.request({
      method: 'GET',
      url: packUrl(),
      headers: { ...bearer(staff), 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(ZOfflinePack.parse(refused.json()).event.id).toBe(eventId);
  });

  it('is for staff of the event only', async () => {
    const other = await otherEvent(t.database.db);
    expect((await getPack({ token: await scannerToken([eventId]) })).statusCode).toBe(200);
    const outsider = await getPack({ token: await scannerToken([other.eventId]) });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().detail).toBe(messages.scannerEventsOnly);
    expect((await getPack({ token: await t.participantToken() })).statusCode).toBe(403);
    expect((await getPack({ token: null })).statusCode).toBe(401);
    expect((await getPack({ event: 999_999 })).statusCode).toBe(404);
  });

  it('with since, answers who changed and what was recorded after it, and the full totals', async () => {
    const s = await addSession('Delta Session');
    const renamed = await person();
    const registered = await person();
    const arrived = await person();
    const before = await pack();
    await new Promise((r) => setTimeout(r, 5));

    await t.database.db
      .update(participants)
      .set({ fullName: 'Renamed Person', updatedAt: sql`now()` })
      .where(eq(participants.id, renamed.id));
    await t.database.db
      .insert(sessionRegistrations)
      .values({ sessionId: s.id, participantId: registered.id });
    const [made] = await synced([item(arrived.credential, 1)]);
    expect(made?.status).toBe('created');

    const delta = await pack(`?since=${encodeURIComponent(before.generated_at)}`);
    expect(delta.full).toBe(false);
    expect(delta.participants.map((p) => p.id).sort((a, b) => a - b)).toEqual([renamed.id, registered.id]);
    expect(delta.participants.find((p) => p.id === renamed.id)?.full_name).toBe('Renamed Person');
    expect(delta.participants.find((p) => p.id === registered.id)?.sessions).toEqual([s.id]);
    expect(delta.check_ins.map((c) => c.id)).toEqual([made?.check_in?.id]);
    // The record kept the scan time, but counts as recorded after `since`.
    expect(delta.check_ins[0]?.check_in_time).toBe(made?.check_in?.check_in_time);
    const now = await pack();
    expect(delta.totals).toEqual(now.totals);
    expect(delta.totals.check_ins).toBe(before.totals.check_ins + 1);
    expect(delta.totals.registrations).toBe(before.totals.registrations + 1);
    expect(delta.sessions).toEqual(now.sessions);
    expect(delta.public_key).toBe(before.public_key);
    const raw = await getPack({ query: `?since=${encodeURIComponent(before.generated_at)}` });
    for (const field of ['code_hash', 'code_key', 'code_bits']) expect(raw.body).not.toContain(field);
    for (const p of [renamed, registered]) expect(raw.body).not.toContain(p.uniqueCode);

    const later = await pack(`?since=${encodeURIComponent(delta.generated_at)}`);
    expect(later.participants).toEqual([]);
    expect(later.check_ins).toEqual([]);
    // An offset and a date before anything was made are read as such.
    const offset = await pack(`?since=${encodeURIComponent('2000-01-01T03:00:00+03:00')}`);
    expect(offset.participants).toHaveLength(now.participants.length);
    expect((await pack(`?since=0000-01-01T00:00:00Z`)).participants).toHaveLength(now.participants.length);
  });

  it('refuses a since that is not a date and time', async () => {
    for (const since of ['yesterday', '2026-13-01T00:00:00Z', '1700000000', '2026-11-27']) {
      const res = await getPack({ query: `?since=${encodeURIComponent(since)}` });
      expect(res.statusCode, since).toBe(400);
      expect(res.json(), since).toMatchObject({
        code: 'validation_error',
        detail: 'since must be a date and time such as 2026-11-27T10:00:00Z.',
      });
    }
  });
});

describe('POST /api/events/{eventId}/check-ins/sync/', () => {
  it('records a queued scan at its scan time, and announces it live', async () => {
    const p = await person();
    const notices: TCheckInLiveEvent[] = [];
    const stop = await t.database.listen(CHECK_IN_CHANNEL, (payload) =>
      notices.push(JSON.parse(payload) as TCheckInLiveEvent),
    );
    try {
      const queued = item(p.credential, 42, { notes: 'Offline at gate 2' });
      const [result] = await synced([queued]);
      expect(result).toMatchObject({
        client_nonce: queued.client_nonce,
        status: 'created',
        check_in: {
          participant_id: p.id,
          session: null,
          session_name: 'Main Event',
          check_in_time: queued.scanned_at,
          checked_in_by: 'staff',
          notes: 'Offline at gate 2',
          forced: false,
        },
      });
      const [row] = await recordsOf(p.id);
      expect(row?.checkInTime.toISOString()).toBe(queued.scanned_at);
      expect(row?.clientNonce).toBe(queued.client_nonce);
      expect(row?.id).toBe(result?.check_in?.id);
      await expect.poll(() => notices.map((n) => n.check_in.id)).toContain(row?.id);
      expect(notices.find((n) => n.check_in.id === row?.id)?.check_in.check_in_time).toBe(queued.scanned_at);
    } finally {
      await stop();
    }
  });

  it('takes a typed code and keeps the scan time given with an offset', async () => {
    const p = await person();
    const at = new Date(Date.now() - 3_600_000);
    const local = new Date(at.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    const [result] = await synced([item(p.uniqueCode.toLowerCase(), 0, { scanned_at: local })]);
    expect(result?.status).toBe('created');
    expect(result?.check_in?.check_in_time).toBe(at.toISOString());
  });

  it('checks a typed code saved unchecked offline: the right code is checked in, a wrong one refused', async () => {
    const p = await person();
    // One character off: the shape of a code, no one's code.
    const last = p.uniqueCode.at(-1) === 'X' ? 'W' : 'X';
    const wrong = `${p.uniqueCode.slice(0, -1)}${last}`;
    const right = item(`${p.uniqueCode.slice(0, 4).toLowerCase()} ${p.uniqueCode.slice(4)}`, 20);
    const mistyped = item(wrong, 21);
    const [bad, good] = await synced([mistyped, right]);
    expect(bad).toEqual({
      client_nonce: mistyped.client_nonce,
      status: 'rejected',
      code: 'unknown_code',
      detail: 'No participant of this event has this code.',
    });
    expect(good).toMatchObject({
      client_nonce: right.client_nonce,
      status: 'created',
      check_in: { participant_id: p.id, participant_name: p.fullName, check_in_time: right.scanned_at },
    });
    const rows = await recordsOf(p.id);
    expect(rows.map((r) => r.checkInTime.toISOString())).toEqual([right.scanned_at]);
  });

  it('answers duplicate with the first record when someone was first', async () => {
    const p = await person();
    const door = await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/check-in/`,
      headers: bearer(staff),
      payload: { qr_code_data: p.uniqueCode, session: null },
    });
    const first = door.json() as TCheckIn;
    const [result] = await synced([item(p.credential, 5)]);
    expect(result?.status).toBe('duplicate');
    expect(result?.check_in).toEqual(first);
    expect(result?.detail).toContain(`${p.fullName} is already checked in`);
    expect(result?.detail).toContain('by staff');
    expect(await recordsOf(p.id)).toHaveLength(1);
  });

  it('rejects each bad item with its reason and records the good ones around them', async () => {
    const good1 = await person();
    const good2 = await person();
    const unconfirmed = await person({ confirmed: false });
    const walkIn = await person();
    const s = await addSession('Sync Workshop');
    const last = good1.credential.at(-2) === 'A' ? 'B' : 'A';
    const forged = `${good1.credential.slice(0, -2)}${last}${good1.credential.slice(-1)}`;
    const other = await otherEvent(t.database.db);
    const otherCredential = (await t.app.qrKeys.signer(t.database.db, other.eventId))({
      eventId: other.eventId,
      participantId: other.participantId,
    });
    const items = [
      item(forged),
      item(good1.credential),
      item('ZZZZ9999'),
      item(unconfirmed.credential),
      item(walkIn.credential, 10, { session: s.id }),
      item(otherCredential),
      item(good2.uniqueCode, -10),
      item(good2.uniqueCode, 31 * 24 * 60),
      { ...item(good2.uniqueCode), client_nonce: 'bad nonce' },
      { ...item(good2.uniqueCode), scanned_at: 'this morning' },
      item(good2.uniqueCode, 3),
    ];
    const results = await synced(items);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', 'forged_code'],
      ['created', undefined],
      ['rejected', 'unknown_code'],
      ['rejected', 'not_confirmed'],
      ['rejected', 'not_registered'],
      ['rejected', 'other_event'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['created', undefined],
    ]);
    expect(results.map((r) => r.client_nonce)).toEqual(items.map((i) => i.client_nonce));
    expect(results.map((r) => r.detail)).toEqual([
      'This QR code is not valid: its signature does not match.',
      undefined,
      'No participant of this event has this code.',
      `${unconfirmed.fullName} has not confirmed attendance.`,
      `${walkIn.fullName} is not registered for Sync Workshop.`,
      'This QR code belongs to another event.',
      "scanned_at is more than 5 minutes ahead of the server's clock: check the station's date and time.",
      'scanned_at is more than 30 days ago: this scan is too old to record.',
      'client_nonce must be 8 to 64 letters, digits, - or _.',
      'scanned_at must be a date and time such as 2026-11-27T10:00:00Z.',
      undefined,
    ]);
    expect(await recordsOf(good1.id)).toHaveLength(1);
    expect(await recordsOf(good2.id)).toHaveLength(1);
    for (const id of [unconfirmed.id, walkIn.id, other.participantId])
      expect(await recordsOf(id)).toEqual([]);
  });

  it('rejects a scan dated outside the event (from the day before it to the day after it) with outside_event', async () => {
    // The case: a scan four weeks before the seed event starts (within the 30 days kept).
    const early = await person();
    const [seedEvent] = await t.database.db.select().from(events).where(eq(events.id, eventId));
    const start = seedEvent?.startDate ?? new Date();
    const fourWeeksBefore = item(early.credential, 0, {
      scanned_at: new Date(start.getTime() - 28 * 86_400_000).toISOString(),
    });
    const [refused] = await synced([fourWeeksBefore]);
    expect(refused).toMatchObject({ status: 'rejected', code: 'outside_event' });
    expect(await recordsOf(early.id)).toEqual([]);

    // An event in Nairobi (UTC+3) that ran 20 to 18 days ago, 09:00 on its first day to 17:00 on its last.
    const day = 86_400_000;
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const first = today - 20 * day;
    const [past] = await t.database.db
      .insert(events)
      .values({
        name: 'Past Nairobi Workshop',
        startDate: new Date(first + 6 * 3_600_000),
        endDate: new Date(first + 2 * day + 14 * 3_600_000),
        eventCode: 'PASTN1',
        timeZone: 'Africa/Nairobi',
      })
      .returning();
    if (!past) throw new Error('no event');
    const people = await t.database.db
      .insert(participants)
      .values(
        [1, 2, 3].map((n) => ({
          eventId: past.id,
          username: `past${n}`,
          fullName: `Past Person ${n}`,
          email: `past${n}@example.org`,
          uniqueCode: `PAST${n}${n}${n}${n}`.replace(/1/g, 'Y'),
          confirmedAttendance: true,
          confirmedAt: new Date(first - 5 * day),
        })),
      )
      .returning();
    const sign = await t.app.qrKeys.signer(t.database.db, past.id);
    const credential = (n: number) => sign({ eventId: past.id, participantId: people[n]?.id ?? 0 });
    // Nairobi midnight is 21:00 UTC the day before.
    const at = (utc: number) => ({ scanned_at: new Date(utc).toISOString() });
    const dayBeforeStart = item(credential(0), 0, at(first - 2 * day + 21 * 3_600_000 + 5 * 60_000));
    const twoDaysBeforeStart = item(credential(2), 0, at(first - 2 * day + 20 * 3_600_000 + 55 * 60_000));
    const dayAfterEnd = item(credential(1), 0, at(first + 3 * day + 20 * 3_600_000 + 55 * 60_000));
    const twoDaysAfterEnd = item(credential(2), 0, at(first + 3 * day + 21 * 3_600_000 + 5 * 60_000));
    const results = await synced([dayBeforeStart, twoDaysBeforeStart, dayAfterEnd, twoDaysAfterEnd], {
      event: past.id,
    });
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['created', undefined],
      ['rejected', 'outside_event'],
      ['created', undefined],
      ['rejected', 'outside_event'],
    ]);
    const zoned = (value: Date | string) => formatDateTimeInZone(value, 'Africa/Nairobi');
    expect(zoned(past.startDate)).toMatch(/, 9:00 AM EAT$/);
    expect(results[1]?.detail).toBe(
      `This scan (${zoned(twoDaysBeforeStart.scanned_at)}) is outside the event, which runs ` +
        `${zoned(past.startDate)} – ${zoned(past.endDate)}: scans are taken from the day before it starts ` +
        'to the day after it ends.',
    );
    expect(results[3]?.detail).toContain(`This scan (${zoned(twoDaysAfterEnd.scanned_at)})`);
    expect(await recordsOf(people[2]?.id ?? 0)).toEqual([]);
    expect((await recordsOf(people[0]?.id ?? 0)).map((r) => r.checkInTime.toISOString())).toEqual([
      dayBeforeStart.scanned_at,
    ]);
  });

  it('forced at the door confirms the participant, at the scan time; forced at a session is kept', async () => {
    const p = await person({ confirmed: false });
    const walkIn = await person();
    const s = await addSession('Forced Session');
    const door = item(p.credential, 20, { force: true });
    const session = item(walkIn.uniqueCode, 15, { session: s.id, force: true });
    const [atDoor, atSession] = await synced([door, session]);
    expect(atDoor).toMatchObject({
      status: 'created',
      check_in: { participant_id: p.id, forced: true, check_in_time: door.scanned_at },
    });
    expect(atSession).toMatchObject({
      status: 'created',
      check_in: { participant_id: walkIn.id, session: s.id, forced: true, check_in_time: session.scanned_at },
    });
    const [after] = await t.database.db.select().from(participants).where(eq(participants.id, p.id));
    expect(after?.confirmedAttendance).toBe(true);
    expect((await recordsOf(walkIn.id))[0]?.checkInTime.toISOString()).toBe(session.scanned_at);
  });

  it('replaying a whole batch gives the same answers and records nothing more', async () => {
    const a = await person();
    const b = await person({ confirmed: false });
    const c = await person();
    const s = await addSession('Replay Session');
    await t.database.db.insert(sessionRegistrations).values({ sessionId: s.id, participantId: c.id });
    const batch = [
      item(a.credential, 30),
      item(b.uniqueCode, 29, { force: true }),
      item(c.credential, 28, { session: s.id }),
      item(a.uniqueCode, 27),
      item('ZZZZ8888', 26),
    ];
    const first = await synced(batch);
    expect(first.map((r) => r.status)).toEqual(['created', 'created', 'created', 'duplicate', 'rejected']);
    const rows = await checkInRows();
    const again = await synced(batch, { station: 'station-a' });
    expect(again).toEqual(first);
    expect(await checkInRows()).toBe(rows);
  });

  it('two stations syncing the same participant give one record and one duplicate', async () => {
    const p = await person();
    const q = await person();
    const [fromA] = await synced([item(p.credential, 9)], { station: 'station-a' });
    const [fromB] = await synced([item(p.uniqueCode, 8)], { station: 'station-b' });
    expect(fromA?.status).toBe('created');
    expect(fromB).toMatchObject({ status: 'duplicate', check_in: fromA?.check_in });
    expect(await recordsOf(p.id)).toHaveLength(1);

    // At the same moment, too.
    const both = await Promise.all([
      sync([item(q.credential, 7)], { station: 'station-a' }),
      sync([item(q.uniqueCode, 6)], { station: 'station-b' }),
    ]);
    const statuses = both.map((r) => (r.json() as { results: TSyncResult[] }).results[0]?.status).sort();
    expect(statuses).toEqual(['created', 'duplicate']);
    expect(await recordsOf(q.id)).toHaveLength(1);
  });

  it('the same participant twice in one batch: the first is created, the later ones duplicate', async () => {
    const p = await person();
    const results = await synced([item(p.credential, 12), item(p.uniqueCode, 11), item(p.credential, 10)]);
    expect(results.map((r) => r.status)).toEqual(['created', 'duplicate', 'duplicate']);
    expect(results[1]?.check_in).toEqual(results[0]?.check_in);
    expect(results[2]?.check_in?.check_in_time).toBe(results[0]?.check_in?.check_in_time);
    expect(await recordsOf(p.id)).toHaveLength(1);
  });

  it('takes a full queue of 5,000 items and refuses more', async () => {
    const p = await person();
    // Each about 600 bytes; all from the future, so they are judged without touching the database.
    const full = Array.from({ length: 5000 }, (_, i) =>
      item(p.credential, -60, { client_nonce: `full-${i}-queue`, notes: 'n'.repeat(400) }),
    );
    expect(JSON.stringify(full).length / full.length).toBeGreaterThan(580);
    const ok = await synced(full);
    expect(new Set(ok.map((r) => `${r.status} ${r.code}`))).toEqual(new Set(['rejected invalid']));

    const over = await sync([...full, item(p.credential)]);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'validation_error',
      detail: 'Send at most 5000 check-ins at a time.',
    });
    expect(await recordsOf(p.id)).toEqual([]);
  });

  it('hostile items are rejected one by one, never a 5xx', async () => {
    const p = await person();
    const huge = encodeQrCredential({ eventId, participantId: 0xfffffffe }, new Uint8Array(64));
    const foreignHuge = encodeQrCredential({ eventId: 0xfffffffe, participantId: 1 }, new Uint8Array(64));
    const hostile: unknown[] = [
      {},
      { client_nonce: 12345678, qr_code_data: p.uniqueCode, scanned_at: new Date().toISOString() },
      { ...item(p.uniqueCode), qr_code_data: { nested: { deeper: [1, { x: null }] } } },
      { ...item(p.uniqueCode), qr_code_data: null },
      { ...item(p.uniqueCode), qr_code_data: 'x'.repeat(10_000) },
      { ...item(p.uniqueCode), qr_code_data: '😀'.repeat(100) },
      { ...item(p.uniqueCode), qr_code_data: "'; drop table check_ins; --" },
      { ...item(p.uniqueCode), qr_code_data: huge },
      { ...item(p.uniqueCode), qr_code_data: foreignHuge },
      { ...item(p.uniqueCode), qr_code_data: 'AT1:' + 'A'.repeat(400) },
      { ...item(p.uniqueCode), session: 1e308 },
      { ...item(p.uniqueCode), session: 2 ** 53 },
      { ...item(p.uniqueCode), session: -1 },
      { ...item(p.uniqueCode), session: '1' },
      { ...item(p.uniqueCode), session: 2147483647 },
      { ...item(p.uniqueCode), scanned_at: 1e20 },
      { ...item(p.uniqueCode), scanned_at: '9999-12-31T23:59:59Z' },
      { ...item(p.uniqueCode), scanned_at: '0001-01-01T00:00:00Z' },
      { ...item(p.uniqueCode), scanned_at: null },
      { ...item(p.uniqueCode), notes: 'x'.repeat(10_000) },
      { ...item(p.uniqueCode), notes: { text: 'hi' } },
      { ...item(p.uniqueCode), force: 'yes' },
      { ...item(p.uniqueCode), client_nonce: '😀😀😀😀😀😀😀😀' },
      { ...item(p.uniqueCode), client_nonce: 'n'.repeat(10_000) },
      { ...item(p.uniqueCode), client_nonce: ['array-nonce'] },
    ];
    const results = await synced(hostile);
    for (const [i, r] of results.entries()) {
      expect(r.status, JSON.stringify(hostile[i]).slice(0, 80)).toBe('rejected');
      expect(typeof r.detail).toBe('string');
    }
    expect(results[7]).toMatchObject({ code: 'forged_code' });
    expect(results[8]).toMatchObject({ code: 'forged_code' });
    expect(results[14]).toMatchObject({ code: 'session_not_found' });
    expect(await recordsOf(p.id)).toEqual([]);

    // The door itself, with the same out-of-range ids.
    for (const qr of [huge, foreignHuge]) {
      const res = await t.request({
        method: 'POST',
        url: `/api/events/${eventId}/check-in/`,
        headers: bearer(staff),
        payload: { qr_code_data: qr, session: null },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('forged_code');
    }

    // What is not a list of objects is refused whole, with a 400.
    for (const body of [
      { station_id: 'station-a', check_ins: [null, item(p.uniqueCode)] },
      { station_id: 'station-a', check_ins: 'everything' },
      { station_id: 'bad station', check_ins: [] },
      { check_ins: [] },
      [item(p.uniqueCode)],
      { station_id: 'station-a', check_ins: [{ ...item(p.uniqueCode), notes: 'a\u0000b' }] },
    ]) {
      const res = await t.request({ method: 'POST', url: syncUrl(), headers: bearer(staff), payload: body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await recordsOf(p.id)).toEqual([]);
  });

  it('is for staff of the event only', async () => {
    const p = await person();
    const other = await otherEvent(t.database.db);
    const outsider = await sync([item(p.credential)], { token: await scannerToken([other.eventId]) });
    expect(outsider.statusCode).toBe(403);
    expect((await sync([item(p.credential)], { token: await t.participantToken() })).statusCode).toBe(403);
    expect((await sync([item(p.credential)], { token: null })).statusCode).toBe(401);
    expect((await sync([item(p.credential)], { event: 999_999 })).statusCode).toBe(404);
    expect(await recordsOf(p.id)).toEqual([]);
    const [made] = await synced([item(p.credential)], { station: 'scanner-station' });
    expect(made?.status).toBe('created');
    const q = await person();
    const granted = await sync([item(q.credential)], { token: await scannerToken([eventId]) });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().results).toMatchObject([{ status: 'created', check_in: { participant_id: q.id } }]);
  });
});

describe('sync when the server fails', () => {
  it('an unexpected error rejects the item and the batch goes on', async () => {
    const c = await createTestApp();
    try {
      const token = await c.staffToken();
      const p = c.seed.participants.find((x) => x.confirmed);
      // The scan function gone: every scan fails with a database error, the database itself answers.
      await c.database.db.execute(sql`drop function check_in_scan`);
      const res = await c.request({
        method: 'POST',
        url: `/api/events/${c.seed.event.id}/check-ins/sync/`,
        headers: bearer(token),
        payload: {
          station_id: 'station-a',
          check_ins: [item(p?.uniqueCode ?? ''), { client_nonce: 'x' }],
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject([
        { status: 'rejected', code: 'internal_error', detail: 'An unexpected error occurred.' },
        { status: 'rejected', code: 'invalid' },
      ]);
    } finally {
      await c.close();
    }
  });

  it('a database that cannot be reached fails the request', async () => {
    const c = await createTestApp();
    const token = await c.staffToken();
    await c.database.close();
    const res = await c.request({
      method: 'POST',
      url: `/api/events/${c.seed.event.id}/check-ins/sync/`,
      headers: bearer(token),
      payload: { station_id: 'station-a', check_ins: [item('ABCD2345')] },
    });
    expect(res.statusCode).toBe(500);
    await c.app.close();
  });
});

describe('OpenAPI', () => {
  it('documents both routes with their schemas', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    type Op = {
      parameters?: { name: string; in: string }[];
      requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      responses: Record<
        string,
        { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
      >;
    };
    const paths = res.json().paths as Record<string, Record<string, Op>>;
    const pack = paths['/api/events/{eventId}/check-in/offline-pack/']?.get;
    expect(pack?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(
      expect.arrayContaining(['query since', 'path eventId']),
    );
    expect(Object.keys(pack?.responses['200']?.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['generated_at', 'public_key', 'participants', 'totals']),
    );
    const documented = JSON.stringify(pack?.responses['200']);
    for (const field of ['code_hash', 'code_key', 'code_bits']) expect(documented).not.toContain(field);
    const syncOp = paths['/api/events/{eventId}/check-ins/sync/']?.post;
    expect(Object.keys(syncOp?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual([
      'station_id',
      'check_ins',
    ]);
    expect(
      Object.keys(syncOp?.responses['200']?.content['application/json']?.schema.properties ?? {}),
    ).toEqual(['results']);
  });
});
