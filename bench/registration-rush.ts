// npm run bench:registration: 1,000 confirmed participants register at once for 20 sessions
// (50 places each) over real HTTP, on embedded PGlite and on PostgreSQL (a fresh database on
// BENCH_DATABASE_URL, default the local server's "test" database, created and dropped). The same
// run then inserts the same 1,000 registration rows directly with the same driver, at the same
// concurrency, and prints the ratio.
//
// The server runs in a child process (as in production) so the client's own work does not slow
// the server's event loop; the child also runs the bare-insert baseline.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 1000);
const SESSIONS = 20;
const CAPACITY = Math.ceil(PARTICIPANTS / SESSIONS);

type Ticket = { participantId: number; sessionId: number; token: string };
type Timing = { count: number; ms: number; p50: number; p99: number };
type FromChild =
  | { type: 'ready'; port: number; kind: string; tickets: Ticket[] }
  | { type: 'reset'; deleted: number }
  | { type: 'counts'; total: number; perSession: number[] }
  | { type: 'bare'; timing: Timing }
  | { type: 'error'; message: string };
type ToChild = { type: 'reset' } | { type: 'counts' } | { type: 'bare' } | { type: 'stop' };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function timing(latencies: number[], ms: number): Timing {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: latencies.length, ms, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

// ---------------------------------------------------------------------------------------------
// Child: the real app on a fresh database, seeded with one event, 20 sessions, 1,000 participants.
// ---------------------------------------------------------------------------------------------
async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config');
  const { openDatabase } = await import('../apps/api/src/db/client');
  const { createScratchDatabase } = await import('../apps/api/src/db/scratch');
  const { events, participants, sessionRegistrations, sessions } = await import('../apps/api/src/db/schema');

  const send = (m: FromChild) => process.send?.(m);
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, { prefix: 'attend_bench' }) : null;
  const database = scratch
    ? await openDatabase({ kind: 'postgres', url: scratch.url })
    : await openDatabase({ kind: 'pglite' });
  const db = database.db;
  const config = loadConfig(
    { DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' },
    { secretKey: randomBytes(32).toString('hex') },
  );
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });

  const start = new Date(Date.now() + 7 * 86_400_000);
  const [event] = await db
    .insert(events)
    .values({
      name: 'Benchmark',
      startDate: start,
      endDate: new Date(start.getTime() + 2 * 86_400_000),
      location: 'Here',
      eventCode: `B${randomBytes(3).toString('hex').toUpperCase()}`,
    })
    .returning();
  if (!event) throw new Error('no event');
  const sessionRows = await db
    .insert(sessions)
    .values(
      Array.from({ length: SESSIONS }, (_, i) => ({
        eventId: event.id,
        name: `Session ${i + 1}`,
        // Back-to-back hours: no time conflicts, so every registration walks the full path.
        startTime: new Date(start.getTime() + i * 3_600_000),
        endTime: new Date(start.getTime() + (i + 1) * 3_600_000),
        maxParticipants: CAPACITY,
      })),
    )
    .returning({ id: sessions.id });
  const people = await db
    .insert(participants)
    .values(
      Array.from({ length: PARTICIPANTS }, (_, i) => ({
        eventId: event.id,
        username: `p${i}`,
        fullName: `Participant ${i}`,
        email: `p${i}@example.org`,
        uniqueCode: `U${String(i).padStart(7, '0')}`,
        confirmedAttendance: true,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: participants.id });
  const tickets: Ticket[] = await Promise.all(
    people.map(async (p, i) => ({
      participantId: p.id,
      sessionId: sessionRows[i % SESSIONS]?.id ?? 0,
      token: await app.tokens.signAccess({ kind: 'participant', participantId: p.id, eventId: event.id }),
    })),
  );
  const address = app.server.address();
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    kind: database.kind,
    tickets,
  });

  process.on('message', (msg: ToChild) => {
    void (async () => {
      try {
        if (msg.type === 'reset') {
          const deleted = await db.delete(sessionRegistrations).returning({ id: sessionRegistrations.id });
          send({ type: 'reset', deleted: deleted.length });
        } else if (msg.type === 'counts') {
          const rows = await db
            .select({ sessionId: sessionRegistrations.sessionId, n: sql<number>`count(*)::int` })
            .from(sessionRegistrations)
            .groupBy(sessionRegistrations.sessionId);
          send({
            type: 'counts',
            total: rows.reduce((a, r) => a + r.n, 0),
            perSession: rows.map((r) => r.n),
          });
        } else if (msg.type === 'bare') {
          // The same rows, one INSERT statement each, all in flight at once, same driver and pool.
          const latencies: number[] = [];
          const t0 = performance.now();
          await Promise.all(
            tickets.map(async (t) => {
              const s = performance.now();
              await db
                .insert(sessionRegistrations)
                .values({ sessionId: t.sessionId, participantId: t.participantId });
              latencies.push(performance.now() - s);
            }),
          );
          send({ type: 'bare', timing: timing(latencies, performance.now() - t0) });
        } else if (msg.type === 'stop') {
          await app.close();
          await database.close();
          await scratch?.drop();
          process.exit(0);
        }
      } catch (err) {
        send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
      }
    })();
  });
}

// ---------------------------------------------------------------------------------------------
// Parent: drives the rush over HTTP and prints the table.
// ---------------------------------------------------------------------------------------------
class Target {
  private waiters: ((m: FromChild) => void)[] = [];
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: FromChild) => {
      if (m.type === 'error') console.error(`benchmark server: ${m.message}`);
      this.waiters.shift()?.(m);
    });
  }

  static async start(
    databaseUrl: string,
  ): Promise<{ target: Target; ready: Extract<FromChild, { type: 'ready' }> }> {
    const child = fork(fileURLToPath(import.meta.url), ['serve'], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const target = new Target(child);
    const ready = await new Promise<FromChild>((resolve, reject) => {
      target.waiters.push(resolve);
      child.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
    });
    if (ready.type !== 'ready') throw new Error('benchmark server did not start');
    return { target, ready };
  }

  ask<T extends FromChild['type']>(msg: ToChild, type: T): Promise<Extract<FromChild, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.waiters.push((m) =>
        m.type === type
          ? resolve(m as Extract<FromChild, { type: T }>)
          : reject(new Error(JSON.stringify(m))),
      );
      this.child.send(msg);
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.send({ type: 'stop' } satisfies ToChild);
    });
  }
}

function post(agent: http.Agent, port: number, t: Ticket): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/sessions/${t.sessionId}/register/${t.participantId}/`,
        headers: { authorization: `Bearer ${t.token}`, 'content-length': 0 },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function rush(
  port: number,
  tickets: Ticket[],
): Promise<{ timing: Timing; statuses: Map<number, number> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const t0 = performance.now();
  const results = await Promise.all(tickets.map((t) => post(agent, port, t)));
  const ms = performance.now() - t0;
  agent.destroy();
  const statuses = new Map<number, number>();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  return {
    timing: timing(
      results.map((r) => r.ms),
      ms,
    ),
    statuses,
  };
}

type Row = { label: string; rush: Timing; bare: Timing; statuses: string };

async function benchDatabase(label: string, databaseUrl: string): Promise<Row> {
  const { target, ready } = await Target.start(databaseUrl);
  try {
    // A full warm-up round (JIT, connection pool, plan caches), then the measured round.
    await rush(ready.port, ready.tickets);
    await target.ask({ type: 'reset' }, 'reset');
    const measured = await rush(ready.port, ready.tickets);
    const counts = await target.ask({ type: 'counts' }, 'counts');
    if (counts.total !== PARTICIPANTS || counts.perSession.some((n) => n > CAPACITY)) {
      throw new Error(`${label}: expected ${PARTICIPANTS} registrations, got ${JSON.stringify(counts)}`);
    }
    await target.ask({ type: 'reset' }, 'reset');
    const bare = await target.ask({ type: 'bare' }, 'bare');
    const statuses = [...measured.statuses].map(([s, n]) => `${n}×${s}`).join(' ');
    return { label, rush: measured.timing, bare: bare.timing, statuses };
  } finally {
    await target.stop();
  }
}

async function main(): Promise<void> {
  const rows = [await benchDatabase('PGlite (embedded)', '')];
  const pgUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  try {
    rows.push(await benchDatabase('PostgreSQL server', pgUrl));
  } catch (err) {
    console.error(`PostgreSQL run skipped: ${err instanceof Error ? err.message : String(err)}`);
  }
  const rate = (t: Timing) => (t.count / t.ms) * 1000;
  console.log(
    `\n${PARTICIPANTS} confirmed participants register at once for ${SESSIONS} sessions of ${CAPACITY} places ` +
      '(POST /api/sessions/{id}/register/{participant}/ over HTTP, 256 keep-alive sockets),\n' +
      'against the same rows inserted directly with the same driver, all in flight at once',
  );
  console.log(
    'database            | answers    | reg/s  | p50 ms | p99 ms | bare ins/s | bare p99 ms | reg/bare',
  );
  for (const r of rows) {
    console.log(
      [
        r.label.padEnd(19),
        r.statuses.padEnd(10),
        rate(r.rush).toFixed(0).padStart(6),
        r.rush.p50.toFixed(0).padStart(6),
        r.rush.p99.toFixed(0).padStart(6),
        rate(r.bare).toFixed(0).padStart(10),
        r.bare.p99.toFixed(0).padStart(11),
        (rate(r.rush) / rate(r.bare)).toFixed(3).padStart(8),
      ].join(' | '),
    );
  }
}

if (process.argv[2] === 'serve') await serve();
else await main();
