import { sql } from 'drizzle-orm';
import { format, messages } from '@attend/shared';
import { resultRows, type DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Staff sign-in limits (and one-click links per address). Only failures count, so a crowd behind
 * one venue address signing in correctly is never blocked.
 */
export const LOGIN_LIMITS = {
  perAddress: { max: 30, windowSeconds: 600 },
  perAddressUser: { max: 10, windowSeconds: 900 },
  /** An account's ceiling: reached, it refuses only clients that failed (see loginStaff). */
  perUsername: { max: 50, windowSeconds: 900 },
  failedRecently: { max: 1, windowSeconds: 86_400 },
} as const;

/**
 * Event code + unique code (sign-in and confirm-attendance-direct share them). A client that failed
 * is stopped per address and per (address, event); once an event's failures reach its ceiling,
 * every client that failed in the last day is refused there, while a client without failures still
 * gets in with a right code. See README, Security, for the guessing arithmetic.
 */
export const CODE_LIMITS = {
  perAddress: { max: 10, windowSeconds: 900 },
  perAddressEvent: { max: 5, windowSeconds: 900 },
  perEvent: { max: 100, windowSeconds: 3600 },
  /** Marks an address that failed: under the event's ceiling it is one of those refused. */
  failedRecently: { max: 1, windowSeconds: 86_400 },
} as const;

type Row = { key: string; hits: number; retry_after: number };

const rows = resultRows;

/** The live count of each bucket and how long until it empties (absent: nothing counted). */
export async function readBuckets(
  db: DbOrTx,
  limits: Limit[],
): Promise<Map<string, { hits: number; retryAfter: number }>> {
  const found = new Map<string, { hits: number; retryAfter: number }>();
  if (limits.length === 0) return found;
  const result = await db.execute(sql`
    select key, hits, ceil(extract(epoch from (expires_at - now())))::int as retry_after
    from rate_limit_buckets
    where key in (${sql.join(
      limits.map((l) => sql`${l.key}`),
      sql`, `,
    )}) and expires_at > now()`);
  for (const row of rows<Row>(result)) {
    found.set(row.key, { hits: row.hits, retryAfter: Math.max(1, row.retry_after) });
  }
  return found;
}

/** Whether the bucket of `limit` is full, and for how long (seconds), from `readBuckets`. */
export function fullFor(buckets: Map<string, { hits: number; retryAfter: number }>, limit: Limit): number {
  const bucket = buckets.get(limit.key);
  return bucket && bucket.hits >= limit.max ? bucket.retryAfter : 0;
}

/** 429 with Retry-After (seconds). */
export function tooManyAttempts(retryAfter: number): AppError {
  return new AppError('rate_limited', format(messages.tooManyAttempts, { seconds: retryAfter }), {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/** Throws 429 with Retry-After when any of the buckets is already full. */
export async function assertNotLimited(db: DbOrTx, limits: Limit[]): Promise<void> {
  const buckets = await readBuckets(db, limits);
  const retryAfter = Math.max(0, ...limits.map((l) => fullFor(buckets, l)));
  if (retryAfter > 0) throw tooManyAttempts(retryAfter);
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
