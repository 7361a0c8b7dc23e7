import { sql } from 'drizzle-orm';
import { purgeExpiredBuckets } from '../services/auth/rate-limit';
import { recoverStaleImports } from '../services/participants/bulk-upload/import-participants';
import type { JobDeps } from './job-deps';

const INTERVAL_MS = 10 * 60 * 1000;
/** The embedded database has no autovacuum: housekeeping vacuums it this often (first after a day). */
export const VACUUM_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * One pass: deletes expired rate-limit buckets, refresh tokens, login links, staff invitations and upload results,
 * rolls back or finishes the uploads of a process that died; with `vacuum`, then reclaims the space of deleted and updated rows and refreshes the planner's
 * statistics (VACUUM ANALYZE), which PostgreSQL's autovacuum does by itself and PGlite does not.
 */
export async function runHousekeeping({
  db,
  vacuum = false,
}: Pick<JobDeps, 'db'> & { vacuum?: boolean }): Promise<void> {
  await purgeExpiredBuckets(db);
  await db.execute(sql`delete from refresh_tokens where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from login_links where expires_at < now() - interval '30 days'`);
  await db.execute(sql`delete from staff_invites where expires_at < now() - interval '30 days'`);
  await db.execute(sql`delete from upload_results where created_at < now() - interval '1 day'`);
  await recoverStaleImports(db);
  if (vacuum) await db.execute(sql`vacuum analyze`);
}

/**
 * Runs housekeeping now and every ten minutes; on the embedded database it also vacuums once a day.
 * Returns the function that stops it.
 */
export function startHousekeeping(
  deps: Pick<JobDeps, 'db' | 'log'> & { embedded?: boolean },
  now: () => number = Date.now,
): () => void {
  let lastVacuum = now();
  const run = () => {
    const vacuum = deps.embedded === true && now() - lastVacuum >= VACUUM_EVERY_MS;
    if (vacuum) lastVacuum = now();
    runHousekeeping({ db: deps.db, vacuum }).catch((err: unknown) =>
      deps.log.warn({ err }, 'housekeeping failed'),
    );
  };
  const timer = setInterval(run, INTERVAL_MS);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
