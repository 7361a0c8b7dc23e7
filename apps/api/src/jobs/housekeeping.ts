import { sql } from 'drizzle-orm';
import { purgeExpiredBuckets } from '../services/auth/rate-limit';
import type { JobDeps } from './job-deps';

const INTERVAL_MS = 10 * 60 * 1000;

/** One pass: deletes expired rate-limit buckets, refresh tokens, login links and upload results. */
export async function runHousekeeping({ db }: Pick<JobDeps, 'db'>): Promise<void> {
  await purgeExpiredBuckets(db);
  await db.execute(sql`delete from refresh_tokens where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from login_links where expires_at < now() - interval '30 days'`);
  await db.execute(sql`delete from upload_results where created_at < now() - interval '1 day'`);
}

/** Runs housekeeping now and every ten minutes; returns the function that stops it. */
export function startHousekeeping(deps: Pick<JobDeps, 'db' | 'log'>): () => void {
  const run = () => {
    runHousekeeping(deps).catch((err: unknown) => deps.log.warn({ err }, 'housekeeping failed'));
  };
  const timer = setInterval(run, INTERVAL_MS);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
