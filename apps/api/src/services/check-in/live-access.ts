import { sql, type SQL } from 'drizzle-orm';
import { resultRows, type DbOrTx } from '../../db/client';

/** How often every open live stream's right to stay open is checked again (well within 5 s). */
export const LIVE_ACCESS_CHECK_MS = 2_000;

/** Who holds a live stream open: the staff member and sign-in its access token named, for one event. */
export type LiveStreamHolder = {
  staffId: number;
  role: 'admin' | 'scanner';
  eventId: number;
  /** The sign-in (refresh-token family) of the access token; null for a token that names none. */
  signInId: string | null;
};

type Watched = { holder: LiveStreamHolder; end: () => void };

const list = (values: readonly (number | string)[]): SQL =>
  values.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`;

/**
 * The holders that may still receive their stream, all read in one statement: the staff user is
 * still active with the role the token named, a scanner still has the event, and the sign-in was not
 * ended (logout, sign out everywhere, a change of role). Read from the database, which every process
 * shares, so a change made through any process counts at the next check.
 */
export async function allowedHolders(
  db: DbOrTx,
  holders: readonly LiveStreamHolder[],
): Promise<Set<LiveStreamHolder>> {
  const staffIds = [...new Set(holders.map((h) => h.staffId))];
  const eventIds = [...new Set(holders.map((h) => h.eventId))];
  const signIns = [...new Set(holders.flatMap((h) => (h.signInId ? [h.signInId] : [])))];
  const result = await db.execute(sql`select
      (select coalesce(json_agg(json_build_array(u.id, u.role, u.is_active)), '[]')
        from staff_users u where u.id in ${list(staffIds)})::text as users,
      (select coalesce(json_agg(json_build_array(a.staff_user_id, a.event_id)), '[]')
        from staff_event_access a
        where a.staff_user_id in ${list(staffIds)} and a.event_id in ${list(eventIds)})::text as grants,
      (select coalesce(json_agg(distinct r.family_id), '[]')
        from refresh_tokens r
        where r.family_id in ${list(signIns)} and r.revoked_at is not null)::text as ended`);
  const [row] = resultRows<{ users: string; grants: string; ended: string }>(result);
  if (!row) throw new Error('The live-stream access query answered no row.');
  const users = new Map(
    (JSON.parse(row.users) as [number, string, boolean][]).map(([id, role, active]) => [
      id,
      { role, active },
    ]),
  );
  const grants = new Set((JSON.parse(row.grants) as [number, number][]).map(([s, e]) => `${s}:${e}`));
  const ended = new Set(JSON.parse(row.ended) as string[]);
  return new Set(
    holders.filter((h) => {
      const user = users.get(h.staffId);
      if (!user?.active || user.role !== h.role) return false;
      if (h.role === 'scanner' && !grants.has(`${h.staffId}:${h.eventId}`)) return false;
      return !(h.signInId && ended.has(h.signInId));
    }),
  );
}

/**
 * Ends a live stream once its holder may no longer see it. A stream otherwise lives as long as the
 * access token that opened it (up to 15 minutes); checking each open stream every
 * LIVE_ACCESS_CHECK_MS ends it within that (plus one query) of a grant being withdrawn, a sign out
 * everywhere or a change of role, made in this process or another. One query covers every open
 * stream of the process, and nothing runs while none is open.
 */
export class LiveStreamAccess {
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly db: DbOrTx,
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly intervalMs = LIVE_ACCESS_CHECK_MS,
  ) {}

  /** Calls `end` once the holder loses the right to the stream; the answer stops watching. */
  watch(holder: LiveStreamHolder, end: () => void): () => void {
    const entry: Watched = { holder, end };
    this.watched.add(entry);
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.intervalMs);
      this.timer.unref();
    }
    return () => {
      this.watched.delete(entry);
      if (this.watched.size === 0) this.stop();
    };
  }

  /** Checks every open stream now (one at a time: a slow database does not pile checks up). */
  check(): Promise<void> {
    this.checking ??= this.run().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async run(): Promise<void> {
    const entries = [...this.watched];
    if (entries.length === 0) return;
    let allowed: Set<LiveStreamHolder>;
    try {
      allowed = await allowedHolders(
        this.db,
        entries.map((e) => e.holder),
      );
    } catch (err) {
      // The database restarting: the streams stay until the next check can tell.
      this.onError(err);
      return;
    }
    for (const entry of entries) {
      if (this.watched.has(entry) && !allowed.has(entry.holder)) entry.end();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
