import { sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { resultRows, type Db, type DbOrTx } from '../../db/client';
import { MAX_CHALLENGE_LEVEL, type SignInChallenges, type SolvedChallenge } from './sign-in-challenge';

/**
 * Guessing budgets of the sign-in calls (README and SECURITY.md give the arithmetic).
 *
 * Each attempt is admitted or not inside one transaction that holds its counters' rows locked: the
 * counters are read and the attempt's price worked out, the secret is compared only once the attempt
 * is admitted, and a failure is counted before the locks are released. An attempt that arrives while
 * another holds the rows waits for its result, so a burst is counted like a trickle, in every process.
 *
 * Nothing is ever refused outright. Past a few failures a client is asked for a proof of work (428,
 * `challenge_required`) whose level rises with the failures counted against it: per network, capped
 * at what a slow phone solves in a few seconds, so a venue's shared address never locks its people
 * out; and per event (or staff account) for the networks that failed there, uncapped, so guessing
 * across many addresses gets exponentially dearer. Only failures count: a right answer gives back
 * its place (or, checked inside the transaction, never takes one).
 */

export type Ramp = {
  key: string;
  windowSeconds: number;
  /** Failures evaluated without a challenge. */
  free: number;
  /** Failures per level above `free`. */
  step: number;
  /** The highest level this counter asks for. */
  maxLevel: number;
};

type RampRule = Omit<Ramp, 'key'>;

/** A network's failures: a slow phone's few seconds at most (level 6: up to 2,560 derivations). */
const NETWORK: RampRule = { windowSeconds: 3600, free: 5, step: 5, maxLevel: 6 };

export const GUESSING = {
  /** Event code + unique code, for sign-in and confirm-attendance-direct alike. */
  codeNetwork: NETWORK,
  /** An event's failures in a day: beyond 5,000, every 200 more double the work, without a cap. */
  codeEvent: { windowSeconds: 86_400, free: 5000, step: 200, maxLevel: MAX_CHALLENGE_LEVEL },
  staffNetwork: NETWORK,
  /** A staff account's failures in a day, felt by the networks that failed for it. */
  staffAccount: { windowSeconds: 86_400, free: 50, step: 10, maxLevel: MAX_CHALLENGE_LEVEL },
  /** One-click links: 128-bit tokens, so only the network's ramp, against noise and bursts. */
  linkNetwork: NETWORK,
  /**
   * Calendar subscription URLs: random tokens beyond guessing, fetched unattended by calendar apps
   * that cannot solve a challenge. A network's misses are counted; the free budget is wide enough
   * for the subscriptions a venue's phones still poll after Sign out everywhere (an hourly miss
   * each), and a scan of the token space meets the challenge within the hour.
   */
  calendarNetwork: { windowSeconds: 3600, free: 500, step: 100, maxLevel: 6 },
  /** How long a network stays one that failed at an event or for an account. */
  markerSeconds: 86_400,
} as const;

export type Budget = {
  ramps: Ramp[];
  /** Applied only to a client whose `marker` counts a failure: it guessed here before. */
  gated?: { marker: string; ramp: Ramp };
};

export type Guard = {
  challenges: SignInChallenges;
  /** The solved challenge the request carried (ZAltchaSolution). */
  altcha?: string | undefined;
};

/**
 * The network a client is counted as: its IPv4 address, or the /64 of its IPv6 address (one home,
 * one phone), since anyone with one IPv6 address has 2^64 more beside it.
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/** The level a counter at `hits` asks for (0: none). */
export function levelFor(hits: number, ramp: RampRule): number {
  if (hits < ramp.free) return 0;
  return Math.min(ramp.maxLevel, 1 + Math.floor((hits - ramp.free) / ramp.step));
}

/** The level an attempt owes, from its counters' current hits. */
export function requiredLevel(budget: Budget, hits: Map<string, number>, trusted = false): number {
  const own = Math.max(0, ...budget.ramps.map((r) => levelFor(hits.get(r.key) ?? 0, r)));
  const gated = budget.gated;
  if (!gated || trusted || (hits.get(gated.marker) ?? 0) === 0) return own;
  return Math.max(own, levelFor(hits.get(gated.ramp.key) ?? 0, gated.ramp));
}

function counters(budget: Budget): { key: string; windowSeconds: number }[] {
  const all = [...budget.ramps];
  if (budget.gated) {
    all.push(budget.gated.ramp, {
      ...budget.gated.ramp,
      key: budget.gated.marker,
      windowSeconds: GUESSING.markerSeconds,
    });
  }
  // Always locked in the same order, so two attempts never wait for each other's rows crosswise.
  return all.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Locks the counters' rows (created, or restarted when their window is over) until the transaction
 * ends, and returns their hits.
 */
async function lockCounters(tx: DbOrTx, budget: Budget): Promise<Map<string, number>> {
  const rows = counters(budget).map(
    (c) => sql`(${c.key}, 0, now(), now() + make_interval(secs => ${c.windowSeconds}))`,
  );
  const result = await tx.execute(sql`
    insert into rate_limit_buckets (key, hits, window_start, expires_at)
    values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      hits = case when rate_limit_buckets.expires_at <= now() then 0 else rate_limit_buckets.hits end,
      window_start = case when rate_limit_buckets.expires_at <= now() then now()
                          else rate_limit_buckets.window_start end,
      expires_at = case when rate_limit_buckets.expires_at <= now() then excluded.expires_at
                        else rate_limit_buckets.expires_at end
    returning key, hits`);
  return new Map(resultRows<{ key: string; hits: number }>(result).map((r) => [r.key, r.hits]));
}

async function addToCounters(tx: DbOrTx, budget: Budget, delta: 1 | -1): Promise<void> {
  const keys = counters(budget).map((c) => sql`${c.key}`);
  await tx.execute(sql`
    update rate_limit_buckets set hits = greatest(hits + ${delta}, 0)
    where key in (${sql.join(keys, sql`, `)})`);
}

/** Spends a solution: true the first time, false when it was used before (a replay). */
async function spendSolution(tx: DbOrTx, solved: SolvedChallenge): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into rate_limit_buckets (key, hits, window_start, expires_at)
    values (${`challenge:${solved.id}`}, 1, now(), ${solved.expiresAt.toISOString()}::timestamptz)
    on conflict (key) do nothing
    returning key`);
  return resultRows(result).length === 1;
}

/**
 * With the counters locked: 0 when the attempt is admitted (spending its solution when one was
 * owed), otherwise the level it owes.
 */
async function admit(
  tx: DbOrTx,
  budget: Budget,
  solved: SolvedChallenge | null,
  trusted: boolean,
): Promise<number> {
  const hits = await lockCounters(tx, budget);
  const owed = requiredLevel(budget, hits, trusted);
  if (owed === 0) return 0;
  if (!solved || solved.level < owed) return owed;
  return (await spendSolution(tx, solved)) ? 0 : owed;
}

/**
 * Runs `evaluate` (which compares the secret, in the same transaction) only if the attempt is
 * admitted; a null result is a failure, counted in every counter before the transaction commits.
 * Not admitted: 428 with a challenge of the level owed, and nothing counted or compared.
 */
export async function evaluateWithinBudget<T>(
  db: Db,
  budget: Budget,
  guard: Guard,
  evaluate: (tx: DbOrTx) => Promise<T | null>,
): Promise<T | null> {
  const solved = await guard.challenges.verify(guard.altcha);
  const outcome = await db.transaction(async (tx) => {
    const owed = await admit(tx, budget, solved, false);
    if (owed > 0) return { owed };
    const value = await evaluate(tx);
    if (value === null) await addToCounters(tx, budget, 1);
    return { owed: 0, value };
  });
  if (outcome.owed > 0) throw await guard.challenges.required(outcome.owed);
  return outcome.value ?? null;
}

/**
 * For a comparison too slow to hold the counters' rows through (argon2): admits the attempt and
 * counts it as a failure at once, before the comparison; `giveBack` takes it back after a success.
 * `trusted` (a device that signed in before) is spared the gated ramp.
 */
export async function reserveWithinBudget(
  db: Db,
  budget: Budget,
  guard: Guard,
  trusted: boolean,
): Promise<{ giveBack: () => Promise<void> }> {
  const solved = await guard.challenges.verify(guard.altcha);
  const owed = await db.transaction(async (tx) => {
    const level = await admit(tx, budget, solved, trusted);
    if (level === 0) await addToCounters(tx, budget, 1);
    return level;
  });
  if (owed > 0) throw await guard.challenges.required(owed);
  return { giveBack: () => addToCounters(db, budget, -1) };
}

export async function purgeExpiredBuckets(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where expires_at < now()`);
}
