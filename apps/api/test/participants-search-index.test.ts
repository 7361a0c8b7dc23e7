import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boundedCountQuery,
  participantWhere,
  searchPageQuery,
  walkNameOrderQuery,
} from '../src/services/participants/list-participants';
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
    // The bounded count and the page of a narrow search.
    expect(await planOf(boundedCountQuery(t.database.db, where))).toContain('participants_search_trgm_idx');
    expect(await planOf(searchPageQuery(t.database.db, where, undefined, 50, 0))).toContain(
      'participants_search_trgm_idx',
    );
    // The walk of a broad term reads the name index alone: it carries the search text, and the
    // VACUUM after a bulk write marks the new rows visible, so no table row is read.
    const walk = walkNameOrderQuery(t.database.db, eventId, 'org 1', undefined, 21, 0);
    expect(await planOf(walk)).toMatch(/Index Only Scan using participants_event_name_idx/);
  });
});
