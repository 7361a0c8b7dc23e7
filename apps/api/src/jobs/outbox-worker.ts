import { inArray, sql } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client';
import { outgoingMessages } from '../db/schema';
import {
  markFailed,
  markSent,
  prepareMessage,
  type PreparedMessage,
  type ClaimedMessage,
} from '../services/notifications/deliver-message';
import { OUTBOX_CHANNEL } from '../services/notifications/outbox-channel';
import type { Transports } from '../services/notifications/transports';
import type { JobDeps } from './job-deps';

export type OutboxDeps = Pick<JobDeps, 'db' | 'config' | 'log'> & {
  transports: Transports;
  listen: Database['listen'];
};

export type OutboxOptions = {
  /** How long a claim lasts: a row still `sending` after it belonged to a process that died. */
  leaseMs?: number;
  /** Rows claimed per round (default twice the concurrency: a claim is in flight, not queued). */
  batch?: number;
  /** How often to look for retries that fell due without anyone waking the worker. */
  pollMs?: number;
};

export type OutboxWorker = {
  /** Look for due messages now. */
  wake: () => void;
  /** Resolves when nothing is due (for tests and benchmarks). */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
};

/** Claims due rows (and rows whose sender's lease ran out) without blocking other processes. */
async function claim(deps: OutboxDeps, batch: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const result = await deps.db.execute(sql`
    update outgoing_messages set
      status = 'sending',
      attempts = attempts + 1,
      lease_until = now() + ${`${leaseMs} milliseconds`}::interval,
      updated_at = now()
    where id in (
      select id from outgoing_messages
      where (status in ('pending', 'retry_scheduled') and next_attempt_at <= now())
         or (status = 'sending' and lease_until < now())
      order by next_attempt_at, id
      limit ${batch}
      for update skip locked
    )
    returning id
  `);
  const ids = resultRows<{ id: number }>(result).map((r) => r.id);
  if (!ids.length) return [];
  return deps.db
    .select()
    .from(outgoingMessages)
    .where(inArray(outgoingMessages.id, ids))
    .orderBy(outgoingMessages.id);
}

/** Gives claimed rows back unsent: due again now, the claim's attempt not counted. */
async function release(deps: OutboxDeps, ids: number[]): Promise<void> {
  await deps.db.execute(sql`
    update outgoing_messages set status = 'pending', attempts = attempts - 1, lease_until = null, updated_at = now()
    where status = 'sending' and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
  `);
}

/**
 * The outbox worker of one API process: woken at once by NOTIFY when messages are queued (and
 * every few seconds for retries that fall due), it claims rows with FOR UPDATE SKIP LOCKED and
 * sends with bounded concurrency. Several processes share the outbox; each message is claimed by
 * one of them, and a claim left by a crashed process is taken up once its lease runs out.
 */
export function startOutboxWorker(deps: OutboxDeps, options: OutboxOptions = {}): OutboxWorker {
  const leaseMs = options.leaseMs ?? deps.config.outboxLeaseSeconds * 1000;
  const concurrency = deps.config.outboxConcurrency;
  // Claim little at a time: a claimed row waiting behind others would see its lease run out.
  const batch = options.batch ?? concurrency * 2;
  const pollMs = options.pollMs ?? 5_000;
  let stopping = false;
  let running: Promise<void> | null = null;
  let again = false;
  let idleWaiters: (() => void)[] = [];

  const sendOne = async (row: ClaimedMessage) => {
    let prepared: PreparedMessage | undefined;
    try {
      prepared = await prepareMessage(deps.db, row, deps.config.publicUrl, deps.config.secretKey);
      const delivery = await prepared.send(deps.transports);
      await markSent(deps.db, prepared, delivery);
    } catch (err) {
      const outcome = await markFailed(deps.db, row, err, prepared?.copy).catch((e: unknown) => {
        deps.log.error({ err: e, messageId: row.id }, 'outbox: could not record a failed send');
        return 'unknown';
      });
      deps.log.warn({ messageId: row.id, channel: row.channel, outcome, err }, 'outbox: send failed');
    }
  };

  const round = async (): Promise<number> => {
    const rows = await claim(deps, batch, leaseMs);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, rows.length) }, async () => {
        while (next < rows.length && !stopping) {
          const row = rows[next++];
          if (row) await sendOne(row);
        }
      }),
    );
    // Stopping: the rows claimed but not started go back at once, for another process (or the next
    // start) to send, instead of waiting for the lease to run out.
    const unsent = rows.slice(next).map((r) => r.id);
    if (unsent.length) await release(deps, unsent);
    return rows.length;
  };

  const loop = async () => {
    do {
      again = false;
      try {
        while (!stopping && (await round()) > 0) {
          // keep going while there is work
        }
      } catch (err) {
        deps.log.error({ err }, 'outbox: claiming messages failed');
      }
    } while (again && !stopping);
    running = null;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const wake = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = loop();
  };

  const timer = setInterval(wake, pollMs);
  timer.unref();
  const unlisten = deps.listen(OUTBOX_CHANNEL, wake).catch((err: unknown) => {
    deps.log.warn({ err }, 'outbox: LISTEN failed; polling only');
    return null;
  });
  wake();

  return {
    wake,
    idle: () =>
      new Promise<void>((resolve) => {
        // A round already under way may have claimed before the caller's rows were committed (their
        // NOTIFY can arrive after it ends): wake() asks it for one more round.
        wake();
        if (!running) resolve();
        else idleWaiters.push(resolve);
      }),
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
      const stop = await unlisten;
      await stop?.();
      deps.transports.close();
    },
  };
}
