import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, participants } from '../src/db/schema';
import { refreshSearchIndexes } from '../src/services/participants/maintenance';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let eventId: number;
let url: string;

type Page = {
  count: number;
  count_is_lower_bound?: boolean;
  next: string | null;
  previous: string | null;
  results: { id: number; full_name: string; email: string }[];
};

const get = async (path: string): Promise<Page> => {
  const res = await t.request({ method: 'GET', url: path, headers: bearer(staff) });
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
};

/**
 * 5,200 "Aaa Person nnnnn" (every fourth at "Common Org": 1,300 spread through the name order),
 * 1,100 "Zed Cluster nnnnn" (all after them in name order, beyond what a walk of the name index
 * reads), and two with LIKE wildcards in their names.
 */
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  const [event] = await t.database.db
    .insert(events)
    .values({
      name: 'Search Event',
      startDate: new Date(),
      endDate: new Date(Date.now() + 3600_000),
      eventCode: 'SRCH22',
    })
    .returning();
  eventId = event?.id ?? 0;
  url = `/api/events/${eventId}/participants/`;
  await t.database.db.execute(sql`
    insert into participants (event_id, username, full_name, email, organization, unique_code)
    select ${eventId}, 'a' || i, 'Aaa Person ' || lpad(i::text, 5, '0'), 'a' || i || '@example.org',
      case when i % 4 = 0 then 'Common Org' else 'Other' end, 'A' || i
    from generate_series(1, 5200) as i`);
  await t.database.db.execute(sql`
    insert into participants (event_id, username, full_name, email, unique_code)
    select ${eventId}, 'z' || i, 'Zed Cluster ' || lpad(i::text, 5, '0'), 'z' || (2000 - i) || '@example.org', 'Z' || i
    from generate_series(1, 1100) as i`);
  await t.database.db.insert(participants).values([
    { eventId, username: 'pct', fullName: 'Percent 100% Sign', email: 'pct@example.org', uniqueCode: 'PCT' },
    { eventId, username: 'usc', fullName: 'Under_score', email: 'usc@example.org', uniqueCode: 'USC' },
  ]);
  await refreshSearchIndexes(t.database.db);
});
afterAll(async () => {
  await t.close();
});

/** Every matching id in name order, straight from the table. */
async function expectedIds(like: string, order: 'asc' | 'email' = 'asc'): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: participants.id })
    .from(participants)
    .where(
      sql`${participants.eventId} = ${eventId} and ${participants.fullName} || ' ' || ${participants.organization} ilike ${like}`,
    )
    .orderBy(
      ...(order === 'email'
        ? [asc(participants.email), asc(participants.id)]
        : [asc(participants.fullName), asc(participants.id)]),
    );
  return rows.map((r) => r.id);
}

/** Follows `next` from `first` to the end, collecting ids and checking each page's count. */
async function walkPages(first: string, check: (page: Page) => void): Promise<number[]> {
  const ids: number[] = [];
  let next: string | null = first;
  for (let guard = 0; next && guard < 100; guard++) {
    const page: Page = await get(next);
    check(page);
    ids.push(...page.results.map((r) => r.id));
    next = page.next;
  }
  return ids;
}

describe('participant search with a bounded count', () => {
  it('counts exactly up to the bound, the bound included', async () => {
    const few = await get(`${url}?search=${encodeURIComponent('person 0010')}`);
    expect(few).toMatchObject({ count: 10, count_is_lower_bound: false, next: null, previous: null });
    expect(few.results.map((r) => r.full_name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Aaa Person 0010${i}`),
    );
    // 01000 … 01999: exactly 1,000 matches is still an exact count.
    const atBound = await get(`${url}?search=${encodeURIComponent('person 01')}&page_size=500`);
    expect(atBound).toMatchObject({ count: 1000, count_is_lower_bound: false });
    expect(atBound.next).toBe(`${url}?search=person+01&page_size=500&page=2`);
    const last = await get(atBound.next ?? '');
    expect(last.results).toHaveLength(500);
    expect(last.next).toBeNull();
  });

  it('answers "more than 1,000" for a broad term, and pages through every match in order', async () => {
    const first = await get(`${url}?search=${encodeURIComponent('COMMON org')}&page_size=100`);
    expect(first).toMatchObject({ count: 1000, count_is_lower_bound: true, previous: null });
    expect(first.results[0]?.full_name).toBe('Aaa Person 00004');
    expect(first.next).toBe(`${url}?search=COMMON+org&page_size=100&page=2`);
    const ids = await walkPages(first.next ?? '', (page) =>
      expect(page).toMatchObject({ count: 1000, count_is_lower_bound: true }),
    );
    // Across the bound (pages 11 to 13) no participant repeats or goes missing, and the last page
    // says there is none after it.
    expect([...first.results.map((r) => r.id), ...ids]).toEqual(await expectedIds('%common org%'));
  });

  it('keeps name order when the matches lie beyond the first rows of the name order', async () => {
    const expected = await expectedIds('%zed cluster%');
    expect(expected).toHaveLength(1100);
    const ids = await walkPages(`${url}?search=zed+cluster&page_size=500`, (page) =>
      expect(page).toMatchObject({ count: 1000, count_is_lower_bound: true }),
    );
    expect(ids).toEqual(expected);
    const descending = await get(`${url}?search=zed+cluster&ordering=-full_name&page_size=3`);
    expect(descending.results.map((r) => r.full_name)).toEqual([
      'Zed Cluster 01100',
      'Zed Cluster 01099',
      'Zed Cluster 01098',
    ]);
  });

  it('sorts a broad term by another field too', async () => {
    const page = await get(`${url}?search=zed+cluster&ordering=email&page_size=5`);
    expect(page.results.map((r) => r.id)).toEqual((await expectedIds('%zed cluster%', 'email')).slice(0, 5));
    expect(page.results[0]?.email).toBe('z1000@example.org');
  });

  it('answers an empty page past the end of a broad term, with a way back', async () => {
    const beyond = await get(`${url}?search=zed+cluster&page=40&page_size=50`);
    expect(beyond).toMatchObject({ count: 1000, count_is_lower_bound: true, results: [], next: null });
    expect(beyond.previous).toBe(`${url}?search=zed+cluster&page=39&page_size=50`);
    const narrowBeyond = await get(`${url}?search=${encodeURIComponent('person 0010')}&page=3`);
    expect(narrowBeyond).toMatchObject({ count: 10, count_is_lower_bound: false, results: [] });
  });

  it('takes % and _ literally, even where the wildcard would match everyone', async () => {
    const names = async (q: string) =>
      (await get(`${url}?search=${encodeURIComponent(q)}`)).results.map((r) => r.full_name);
    expect(await names('100%')).toEqual(['Percent 100% Sign']);
    expect(await names('%')).toEqual(['Percent 100% Sign']);
    expect(await names('_')).toEqual(['Under_score']);
    expect(await names('er_s')).toEqual(['Under_score']);
  });

  it('keeps exact counts where they are needed: the plain list and the selection helpers', async () => {
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(participants)
      .where(eq(participants.eventId, eventId));
    const list = await get(url);
    expect(list).toMatchObject({ count: row?.n, count_is_lower_bound: false });
    expect(row?.n).toBe(6302);
    const ids = (
      await t.request({ method: 'GET', url: `${url}ids/?search=common+org`, headers: bearer(staff) })
    ).json();
    expect(ids.count).toBe(1300);
    expect(ids.ids).toHaveLength(1300);
  });

  it('keeps a filter beside a broad term: pages hold only the filtered matches, in name order', async () => {
    await t.database.db.execute(sql`
      update participants set confirmed_attendance = true, confirmed_at = now()
      where event_id = ${eventId} and full_name like 'Aaa Person %' and right(full_name, 1) in ('0', '2', '4')`);
    const expected = (
      await t.database.db
        .select({ id: participants.id })
        .from(participants)
        .where(
          sql`${participants.eventId} = ${eventId} and ${participants.fullName} ilike '%person%' and ${participants.confirmedAttendance}`,
        )
        .orderBy(asc(participants.fullName), asc(participants.id))
    ).map((r) => r.id);
    expect(expected).toHaveLength(1560);
    const ids = await walkPages(`${url}?search=person&confirmed=true&page_size=500`, (page) =>
      expect(page).toMatchObject({ count: 1000, count_is_lower_bound: true }),
    );
    expect(ids).toEqual(expected);
  });
});
