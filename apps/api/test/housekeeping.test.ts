import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resultRows } from '../src/db/client';
import { rateLimitBuckets } from '../src/db/schema';
import { runHousekeeping, startHousekeeping, VACUUM_EVERY_MS } from '../src/jobs/housekeeping';
import { createTestApp, type TestApp } from './helper';

describe('housekeeping job, started alone with its dependencies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const keys = async () =>
    (await t.database.db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets))
      .map((r) => r.key)
      .sort();

  it('deletes expired rate-limit buckets and keeps live ones', async () => {
    const db = t.database.db;
    await db.insert(rateLimitBuckets).values([
      { key: 'job-test:expired', hits: 3, expiresAt: new Date(Date.now() - 60_000) },
      { key: 'job-test:live', hits: 1, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await runHousekeeping({ db });
    expect((await keys()).filter((k) => k.startsWith('job-test:'))).toEqual(['job-test:live']);
  });

  it('runs at once when started, logs a failure instead of throwing, and stops', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Parameters<
      typeof startHousekeeping
    >[0]['log'];
    await t.database.db.insert(rateLimitBuckets).values({
      key: 'job-test:expired-2',
      expiresAt: new Date(Date.now() - 1000),
    });
    const stop = startHousekeeping({ db: t.database.db, log });
    await expect.poll(async () => (await keys()).includes('job-test:expired-2')).toBe(false);
    stop();
    expect(warnings).toEqual([]);

    const broken = {
      execute: () => Promise.reject(new Error('database gone')),
    } as unknown as typeof t.database.db;
    const stopBroken = startHousekeeping({ db: broken, log });
    await expect.poll(() => warnings.length).toBe(1);
    stopBroken();
  });

  it('vacuums the embedded database once a day (VACUUM ANALYZE), not on every pass', async () => {
    const log = { warn: () => undefined } as unknown as Parameters<typeof startHousekeeping>[0]['log'];
    // Analyzing a table sets its row estimate; a table never analyzed has -1.
    const analyzed = async () =>
      Number(
        resultRows<{ reltuples: number }>(
          await t.database.db.execute(sql`select reltuples from pg_class where relname = 'upload_results'`),
        )[0]?.reltuples,
      ) >= 0;
    expect(await analyzed()).toBe(false);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let clock = Date.now();
    const stop = startHousekeeping({ db: t.database.db, log, embedded: true }, () => clock);
    try {
      clock += 60 * 60 * 1000;
      vi.advanceTimersByTime(10 * 60 * 1000);
      await new Promise((r) => setTimeout(r, 300));
      expect(await analyzed()).toBe(false);
      clock += VACUUM_EVERY_MS;
      vi.advanceTimersByTime(10 * 60 * 1000);
      await expect.poll(analyzed).toBe(true);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });
});
