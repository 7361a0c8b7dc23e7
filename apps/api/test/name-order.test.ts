import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants, sessionRegistrations, sessions } from '../src/db/schema';
import { readSheet } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

// The database's own order (PGlite's C collation) puts every accented capital after Z; the lists
// below are sorted with the language's collation instead.
const NAMES = ['Wanjiku Kamau', 'Émilie Dupont', 'zawadi Achieng', 'Eric Mugisha', 'émile Zola'];

let t: TestApp;
let token: string;
let sessionId: number;
const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.staffToken();
  const ev = t.seed.event.id;
  // Only these are confirmed, so the DSA report lists exactly them.
  await t.database.db
    .update(participants)
    .set({ confirmedAttendance: false })
    .where(eq(participants.eventId, ev));
  const rows = await t.database.db
    .insert(participants)
    .values(
      NAMES.map((fullName, i) => ({
        eventId: ev,
        username: `order${i}`,
        fullName,
        email: `order${i}@example.org`,
        uniqueCode: `ORDR${'ABCDE'[i]}AAA`,
        confirmedAttendance: true,
      })),
    )
    .returning();
  const [session] = await t.database.db
    .insert(sessions)
    .values({
      eventId: ev,
      name: 'S',
      startTime: new Date(`${day}T09:00:00Z`),
      endTime: new Date(`${day}T10:00:00Z`),
    })
    .returning();
  if (!session) throw new Error('no session');
  sessionId = session.id;
  await t.database.db
    .insert(sessionRegistrations)
    .values(rows.map((p) => ({ sessionId: session.id, participantId: p.id })));
});
afterAll(async () => {
  await t.close();
});

const EXPECTED = ['émile Zola', 'Émilie Dupont', 'Eric Mugisha', 'Wanjiku Kamau', 'zawadi Achieng'];

describe('names in the language’s collation, not the database’s byte order', () => {
  for (const language of ['en', 'fr-FR', 'sw']) {
    it(`the DSA report (${language}) and its export`, async () => {
      const headers = { ...bearer(token), 'accept-language': language };
      const res = await t.request({
        method: 'GET',
        url: `/api/events/${t.seed.event.id}/attendance/dsa-report/?day=${day}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().rows.map((r: { full_name: string }) => r.full_name)).toEqual(EXPECTED);
      const file = await t.request({
        method: 'GET',
        url: `/api/events/${t.seed.event.id}/attendance/dsa-report/export/?day=${day}`,
        headers,
      });
      expect(file.statusCode).toBe(200);
      expect(
        readSheet(file.rawPayload)
          .slice(1)
          .map((r) => r[0]),
      ).toEqual(EXPECTED);
    });
  }

  it('the participants list, a page at a time, both ways, and when searching', async () => {
    const names = async (query: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/events/${t.seed.event.id}/participants/?${query}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().results as { full_name: string }[]).map((r) => r.full_name);
    };
    const ordered = await names('page_size=100');
    const firstPage = await names('page_size=3');
    const secondPage = await names('page_size=3&page=2');
    expect([...firstPage, ...secondPage]).toEqual(ordered.slice(0, 6));
    expect(ordered.filter((n) => EXPECTED.includes(n))).toEqual(EXPECTED);
    expect((await names('page_size=100&ordering=-full_name')).filter((n) => EXPECTED.includes(n))).toEqual(
      [...EXPECTED].reverse(),
    );
    expect(await names('page_size=100&search=mil')).toEqual(['émile Zola', 'Émilie Dupont']);
  });

  it('a session’s registrants', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/sessions/${sessionId}/participants/`,
      headers: { ...bearer(token), 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { full_name: string }) => r.full_name)).toEqual(EXPECTED);
  });
});
