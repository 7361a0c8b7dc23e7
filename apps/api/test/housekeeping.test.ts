import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitBuckets } from '../src/db/schema';
import { runHousekeeping, startHousekeeping } from '../src/jobs/housekeeping';
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
});
