// npm run bench:confirm: staff confirm 10,000 participants' attendance over real HTTP
// (POST /api/events/{id}/participants/bulk_confirm_attendance/), in requests of 500 one after the
// other and as one request of 10,000, on embedded PGlite and on PostgreSQL (a fresh database on
// BENCH_DATABASE_URL, default the local server's "test" database, created and dropped). In the same
// run the same rows are confirmed by a bare UPDATE … WHERE id = any($1) through the same driver (the
// ceiling), and GET /api/health/ is polled throughout: its p99 and worst latency show whether a
// confirmation holds the database (PGlite runs one transaction at a time) for long.
//
// The server runs in a child process (as in production) so the client's work does not slow it.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);
const CHUNK = 500;

type Shape = { label: string; size: number };
const SHAPES: Shape[] = [
  { label: `requests of ${CHUNK}`, size: CHUNK },
  { label: `1 request of ${PARTICIPANTS}`, size: PARTICIPANTS },
];

type FromChild =
  | { type: 'ready'; port: number; kind: string; eventId: number; token: string; ids: number[] }
  | { type: 'reset'; confirmed: number }
  | { type: 'bare'; ms: number; rows: number }
  | { type: 'error'; message: string };
type ToChild = { type: 'reset' } | { type: 'bare'; size: number } | { type: 'stop' };

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Child: the real app on a fresh database with one event of PARTICIPANTS pending participants.
// ---------------------------------------------------------------------------------------------
async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config');
  const { openDatabase } = await import('../apps/api/src/db/client');
  const { createScratchDatabase } = await import('../apps/api/src/db/scratch');
  const { events, participants } = await import('../apps/api/src/db/schema');
  const { refreshSearchIndexes } = await import('../apps/api/src/services/participants/maintenance');
  const { createStaffUser } = await import('../apps/api/src/services/auth/create-staff-user');

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

  const [event] = await db
    .insert(events)
    .values({
      name: 'Benchmark',
      startDate: new Date(),
      endDate: new Date(Date.now() + 2 * 86_400_000),
      location: 'Here',
      eventCode: `B${randomBytes(3).toString('hex').toUpperCase()}`,
    })
    .returning();
  if (!event) throw new Error('no event');
  const ids: number[] = [];
  for (const batch of chunks(
    Array.from({ length: PARTICIPANTS }, (_, i) => i),
    1000,
  )) {
    const rows = await db
      .insert(participants)
      .values(
        batch.map((i) => ({
          eventId: event.id,
          username: `p${i}`,
          fullName: `Participant ${i}`,
          email: `p${i}@example.org`,
          phone: `+2547${String(i).padStart(8, '0')}`,
          organization: `Organisation ${i % 97}`,
          uniqueCode: `U${String(i).padStart(7, '0')}`,
        })),
      )
      .returning({ id: participants.id });
    ids.push(...rows.map((r) => r.id));
  }
  await refreshSearchIndexes(db);
  const staff = await createStaffUser(db, { username: 'bench', password: 'bench-password' });
  const token = app.tokens.signAccess({ kind: 'staff', staffId: staff.id, username: 'bench', role: 'admin' });
  const address = app.server.address();
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    kind: database.kind,
    eventId: event.id,
    token,
    ids,
  });

  process.on('message', (msg: ToChild) => {
    void (async () => {
      try {
        if (msg.type === 'reset') {
          await db.execute(
            sql`update participants set confirmed_attendance = false, confirmed_at = null where event_id = ${event.id}`,
          );
          // Every round starts from the same tables: dead rows gone, index pending lists flushed.
          await db.execute(sql`vacuum participants`);
          await refreshSearchIndexes(db);
          const [row] = (
            (await db.execute(
              sql`select count(*)::int as n from participants where confirmed_attendance`,
            )) as unknown as { rows: { n: number }[] }
          ).rows;
          send({ type: 'reset', confirmed: row?.n ?? -1 });
        } else if (msg.type === 'bare') {
          // The ceiling: the bare UPDATE per chunk, same driver, one chunk after the other.
          let rows = 0;
          const t0 = performance.now();
          for (const part of chunks(ids, msg.size)) {
            const result = await db.execute(sql`update participants
                set confirmed_attendance = true, confirmed_at = now(), updated_at = now()
                where event_id = ${event.id} and id = any(${`{${part.join(',')}}`}::int[])
                  and not confirmed_attendance`);
            rows +=
              (result as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ??
              (result as unknown as { rowCount?: number }).rowCount ??
              0;
          }
          send({ type: 'bare', ms: performance.now() - t0, rows });
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
// Parent: drives the confirmations and the health poller over HTTP and prints the table.
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

function request(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - start }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls GET /api/health/ back to back on one connection until stopped; answers its latencies. */
function pollHealth(port: number): { stop: () => Promise<number[]> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const r = await request(agent, port, 'GET', '/api/health/', {});
      if (r.status !== 200) throw new Error(`health answered ${r.status}`);
      latencies.push(r.ms);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
      return latencies;
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

type Round = { ms: number; healthN: number; healthP50: number; healthP99: number; healthMax: number };

async function measure(port: number, work: () => Promise<void>): Promise<Round> {
  const poller = pollHealth(port);
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  const health = (await poller.stop()).sort((a, b) => a - b);
  return {
    ms,
    healthN: health.length,
    healthP50: percentile(health, 50),
    healthP99: percentile(health, 99),
    healthMax: health[health.length - 1] ?? 0,
  };
}

async function confirmOverHttp(
  port: number,
  ready: Extract<FromChild, { type: 'ready' }>,
  size: number,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let confirmed = 0;
  for (const part of chunks(ready.ids, size)) {
    const r = await request(
      agent,
      port,
      'POST',
      `/api/events/${ready.eventId}/participants/bulk_confirm_attendance/`,
      { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' },
      JSON.stringify({ participant_ids: part }),
    );
    if (r.status !== 200) throw new Error(`bulk confirm answered ${r.status}: ${r.body}`);
    confirmed += (JSON.parse(r.body) as { confirmed_count: number }).confirmed_count;
  }
  agent.destroy();
  if (confirmed !== ready.ids.length) throw new Error(`confirmed ${confirmed} of ${ready.ids.length}`);
}

type Row = { label: string; shape: string; app: Round; bare: Round };

async function benchDatabase(label: string, databaseUrl: string): Promise<Row[]> {
  const { target, ready } = await Target.start(databaseUrl);
  const reset = async () => {
    const r = await target.ask({ type: 'reset' }, 'reset');
    if (r.confirmed !== 0) throw new Error(`reset left ${r.confirmed} confirmed`);
  };
  try {
    // Warm-up (JIT, pools, plan caches), not measured.
    await reset();
    await confirmOverHttp(ready.port, ready, CHUNK);
    const rows: Row[] = [];
    for (const shape of SHAPES) {
      await reset();
      const app = await measure(ready.port, () => confirmOverHttp(ready.port, ready, shape.size));
      await reset();
      const bare = await measure(ready.port, async () => {
        const r = await target.ask({ type: 'bare', size: shape.size }, 'bare');
        if (r.rows !== ready.ids.length) throw new Error(`bare updated ${r.rows} rows`);
      });
      rows.push({ label, shape: shape.label, app, bare });
    }
    return rows;
  } finally {
    await target.stop();
  }
}

async function main(): Promise<void> {
  const rows = await benchDatabase('PGlite (embedded)', '');
  const pgUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  try {
    rows.push(...(await benchDatabase('PostgreSQL server', pgUrl)));
  } catch (err) {
    console.error(`PostgreSQL run skipped: ${err instanceof Error ? err.message : String(err)}`);
  }
  const rate = (r: Round) => (PARTICIPANTS / r.ms) * 1000;
  const health = (r: Round) =>
    `${r.healthN}, ${r.healthP50.toFixed(0)} / ${r.healthP99.toFixed(0)} / ${r.healthMax.toFixed(0)}`;
  console.log(
    `\n${PARTICIPANTS} pending participants confirmed over HTTP (bulk_confirm_attendance), one request ` +
      'after the other, against a bare UPDATE … WHERE id = any($1) of the same chunks through the same ' +
      'driver; GET /api/health/ polled on one connection throughout',
  );
  console.log(
    'database            | shape                  | confirmed/s | bare rows/s | ratio | health n, p50 / p99 / max ms | bare: health n, p50 / p99 / max ms',
  );
  for (const r of rows) {
    console.log(
      [
        r.label.padEnd(19),
        r.shape.padEnd(22),
        rate(r.app).toFixed(0).padStart(11),
        rate(r.bare).toFixed(0).padStart(11),
        (rate(r.app) / rate(r.bare)).toFixed(2).padStart(5),
        health(r.app).padStart(28),
        health(r.bare).padStart(34),
      ].join(' | '),
    );
  }
}

if (process.argv[2] === 'serve') await serve();
else await main();
