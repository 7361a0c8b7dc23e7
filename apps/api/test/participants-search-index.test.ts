import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boundedCountQuery,
  participantWhere,
  searchPageQuery,
} from '../src/services/participants/list-participants';
import { events } from '../src/db/schema';
import { refreshSearchIndexes } from '../src/services/participants/maintenance';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('participant search', () => {
  it('is served by the trigram index (the query uses the indexed expression)', async () => {
    const eventId = t.seed.event.id;
    // Enough participants that scanning the event's rows costs more than the index.
    await t.database.db.execute(sql`
      insert into participants (event_id, username, full_name, email, phone, organization, unique_code)
      select ${eventId}, 'user' || i, 'Person ' || i, 'person' || i || '@example.org', '+2507' || i, 'Org ' || (i % 50), 'CODE' || i
      from generate_series(1, 5000) as i`);
    await refreshSearchIndexes(t.database.db); // as the app does after a bulk write
    const where = participantWhere(eventId, { search: 'uwase' });
    const planOf = (query: { getSQL: () => ReturnType<typeof sql> }) =>
      t.database.db.transaction(async (tx) => {
        const result = await tx.execute(sql`explain ${query}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
    // The bounded count, and the page of a search: the matches through the trigram index, and the
    // walk of a broad term through the name index alone (it carries the search text, and the
    // VACUUM after a bulk write marks the new rows visible, so no table row is read).
    expect(await planOf(boundedCountQuery(t.database.db, where))).toContain('participants_search_trgm_idx');
    const page = (search: string, walk: boolean) =>
      searchPageQuery(t.database.db, {
        eventId,
        search,
        where: participantWhere(eventId, { search }),
        ordering: undefined,
        pageSize: 20,
        offset: 0,
        walk,
      });
    const plan = await planOf(page('uwase', true));
    expect(plan).toContain('participants_search_trgm_idx');
    expect(plan).toMatch(/Index Only Scan using participants_event_name_idx/);
    expect(await planOf(page('uwase', false))).not.toContain('participants_event_name_idx');

    // Which way each page was found: counted (11 matches), walked ('Org 1' and 'Org 10' to 'Org 19':
    // 1,100 matches, the first 21 early in name order), and sorted when the walk may not be used.
    const plans = async (search: string, walk: boolean) => [
      ...new Set((await page(search, walk)).map((r) => r.plan)),
    ];
    expect(await plans('person 420', true)).toEqual([0]);
    expect(await plans('org 1', true)).toEqual([1]);
    expect(await plans('org 1', false)).toEqual([2]);
    const [counted] = await page('person 420', true);
    expect(counted?.total).toBe(11);
  });

  it('walks further for a term estimated to have more matches', async () => {
    // 12,000 participants; every third is of the ministry (4,000, spread through the table) and named
    // after everyone else in the alphabet, so page 1 of 'ministry' starts at entry 8,001 of the name
    // index: past the least walk (5,000 entries), within the walk for 4,000 matches (10,000).
    const [event] = await t.database.db
      .insert(events)
      .values({ name: 'Walk Length', startDate: new Date(), endDate: new Date(), eventCode: 'WALK42' })
      .returning();
    const eventId = event?.id ?? 0;
    await t.database.db.execute(sql`
      insert into participants (event_id, username, full_name, email, phone, organization, unique_code)
      select ${eventId}, 'w' || i, case when i % 3 = 0 then 'Mukiza ' else 'Akimana ' end || i,
        'w' || i || '@example.org', '+2509' || i, case when i % 3 = 0 then 'Ministry' else 'Partner' end,
        'W' || i
      from generate_series(1, 12000) as i`);
    await refreshSearchIndexes(t.database.db);
    const rows = await searchPageQuery(t.database.db, {
      eventId,
      search: 'ministry',
      where: participantWhere(eventId, { search: 'ministry' }),
      ordering: undefined,
      pageSize: 20,
      offset: 0,
      walk: true,
    });
    expect(rows.map((r) => r.plan)).toEqual(Array(21).fill(1));
    expect(rows.every((r) => r.row.fullName.startsWith('Mukiza '))).toBe(true);
  });
});
