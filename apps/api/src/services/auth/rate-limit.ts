import { sql } from 'drizzle-orm';
import { format, messages } from '@attend/shared';
import { resultRows, type DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Sign-in limits. Only failures count, so a crowd behind one venue address signing in correctly is
 * never blocked; the per-address limit stops one client, the per-event/per-username one a crowd.
 */
export const LOGIN_LIMITS = {
  perAddress: { max: 30, windowSeconds: 600 },
  perEventCode: { max: 300, windowSeconds: 600 },
  perUsername: { max: 50, windowSeconds: 900 },
} as const;

type Row = { key: string; hits: number; retry_after: number };

const rows = resultRows;

/** Throws 429 with Retry-After when any of the buckets is already full. */
export async function assertNotLimited(db: DbOrTx, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  const keys = limits.map((l) => l.key);
  const result = await db.execute(sql`
    select key, hits, ceil(extract(epoch from (expires_at - now())))::int as retry_after
    from rate_limit_buckets
    where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) and expires_at > now()`);
  let retryAfter = 0;
  for (const row of rows<Row>(result)) {
    const limit = limits.find((l) => l.key === row.key);
    if (limit && row.hits >= limit.max) retryAfter = Math.max(retryAfter, row.retry_after, 1);
  }
  if (retryAfter > 0) {
    throw new AppError('rate_limited', format(messages.tooManyAttempts, { seconds: retryAfter }), {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
}

/** Counts one hit in each bucket (fixed window, shared by every process through the database). */
export async function recordHits(db: DbOrTx, limits: Limit[]): Promise<void> {
  for (const l of limits) {
    await db.execute(sql`
      insert into rate_limit_buckets (key, hits, window_start, expires_at)
      values (${l.key}, 1, now(), now() + make_interval(secs => ${l.windowSeconds}))
      on conflict (key) do update set
        hits = case when rate_limit_buckets.expires_at <= now() then 1 else rate_limit_buckets.hits + 1 end,
        window_start = case when rate_limit_buckets.expires_at <= now() then now()
                            else rate_limit_buckets.window_start end,
        expires_at = case when rate_limit_buckets.expires_at <= now() then excluded.expires_at
                          else rate_limit_buckets.expires_at end`);
  }
}

export async function purgeExpiredBuckets(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where expires_at < now()`);
}
