import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { purgeExpiredBuckets } from '../services/auth/rate-limit';

/** Deletes expired rate-limit buckets, refresh tokens and login links every ten minutes. */
export function startHousekeeping(db: Db, log: FastifyBaseLogger): () => void {
  const run = async () => {
    try {
      await purgeExpiredBuckets(db);
      await db.execute(sql`delete from refresh_tokens where expires_at < now() - interval '1 day'`);
      await db.execute(sql`delete from login_links where expires_at < now() - interval '30 days'`);
    } catch (err) {
      log.warn({ err }, 'housekeeping failed');
    }
  };
  const timer = setInterval(run, 10 * 60 * 1000);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
