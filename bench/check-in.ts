// npm run bench:checkin: door check-in (POST /api/events/{id}/check-in/) over real HTTP with a
// scanner's Bearer token, on embedded PGlite and on PostgreSQL (a fresh database on
// BENCH_DATABASE_URL, default the local server's "test" database, created and dropped). One event
// with 20,000 confirmed participants and their signed QR credentials; half the scans send the
// credential, half the unique code typed by hand, like a real door.
//
// 1. Closed loop: 50 stations, each sending its next participant as soon as the previous answer
//    arrives, until everyone is in (or BENCH_CLOSED_SECONDS): check-ins/s, latency, non-201 answers.
// 2. Open loop: 300 scans/s for 30 s on a fixed schedule whatever the answers; latency counted from
//    the scheduled send time, so a stalled server is not hidden by sending less (coordinated omission).
// 3. Offline pack (GET …/check-in/offline-pack/) with everyone and the open loop's check-ins:
//    bytes gzipped and raw, and the time to the whole answer (median of 5, gzipped as a station asks
//    for it, and not), then the delta a station's next refresh asks for (`?since=` the pack's time
//    less the 30 s overlap).
// 4. Offline sync (POST …/check-ins/sync/): one station's queue of 2,000 scans in one request; the
//    same batch replayed; a second station's 500 scans of people already in. Rows are counted after
//    each: none lost, none doubled.
// 5. Baseline, same run: the bare single-row INSERT into check_ins through the same driver in the
//    server process (PGlite in-process, or the pg pool of 10), 50 in flight, and the ratio.
//
// Every participant is registered for 3 of the event's 8 sessions (the pack carries registrations).
//
// BENCH_CHILD_ARGS adds Node options to the server process (e.g. `--cpu-prof --cpu-prof-dir=DIR`).
// The server runs in a child process (as in production) so the client's own work does not slow
// the server's event loop; the child also runs the bare-insert baseline.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { TOfflinePack, TSyncItem, TSyncResponse } from '@attend/shared';
import { DATABASES, table } from './participants-common';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 20_000);
const STATIONS = Number(process.env.BENCH_STATIONS ?? 50);
/** The closed loop stops at this many seconds even if not everyone is in yet. */
const CLOSED_SECONDS = Number(process.env.BENCH_CLOSED_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 300);
/** Seconds of the open loop. */
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
/** `scanner` (a door station's account, checked against the event on every scan) or `admin`. */
const ROLE = process.env.BENCH_ROLE === 'admin' ? 'admin' : 'scanner';
const WARMUP = Math.min(PARTICIPANTS, Math.max(500, Math.round(PARTICIPANTS / 10)));
const BATCH = 1000;
const SESSIONS = 8;
const PACK_RUNS = 5;
/** One station's queue after a network outage, and a second station's overlapping scans. */
const QUEUE = Math.min(PARTICIPANTS, 2000);
const OVERLAP = Math.min(QUEUE, 500);
const TARGETS = {
  closed: { pglite: 600, postgres: 1000 } as Record<string, number>,
  openP99Ms: 50,
  packMs: 1000,
  packGzipBytes: 2_000_000,
};

type Person = { id: number; credential: string; code: string };
type Timing = { count: number; ms: number; p50: number; p99: number; max: number };
type FromChild =
  | { type: 'ready'; port: number; kind: string; eventId: number; people: Person[] }
  | { type: 'reset'; deleted: number }
  | { type: 'counts'; total: number }
  | { type: 'bare'; timing: Timing }
  | { type: 'error'; message: string };
type ToChild =
  | { type: 'reset' }
  | { type: 'counts' }
  | { type: 'bare'; rows: number; concurrency: number }
  | { type: 'stop' };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function timing(latencies: number[], ms: number): Timing {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: latencies.length,
    ms,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Child: the real app on a fresh database, seeded with one event and its confirmed participants.
// ---------------------------------------------------------------------------------------------
async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config');
  const { openDatabase } = await import('../apps/api/src/db/client');
  const { createScratchDatabase } = await import('../apps/api/src/db/scratch');
  const { checkIns, events, participants, sessionRegistrations, sessions } =
    await import('../apps/api/src/db/schema');
  const { createStaffUser } = await import('../apps/api/src/services/auth/create-staff-user');
  const { generateUniqueCode } = await import('../apps/api/src/services/events/generate-codes');
  const { refreshSearchIndexes } = await import('../apps/api/src/services/participants/maintenance');
  const { participantRow } = await import('./participants-data');

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
      name: 'Benchmark Conference',
      startDate: new Date(),
      endDate: new Date(Date.now() + 2 * 86_400_000),
      location: 'Here',
      eventCode: `B${randomBytes(3).toString('hex').toUpperCase()}`,
    })
    .returning();
  if (!event) throw new Error('no event');
  const staff = await createStaffUser(db, {
    username: 'bench',
    password: 'bench-password',
    role: ROLE,
    eventIds: [event.id],
  });
  const sessionRows = await db
    .insert(sessions)
    .values(
      Array.from({ length: SESSIONS }, (_, i) => ({
        eventId: event.id,
        name: `Session ${i + 1}`,
        startTime: new Date(Date.now() + (i + 1) * 3_600_000),
        endTime: new Date(Date.now() + (i + 2) * 3_600_000),
      })),
    )
    .returning({ id: sessions.id });
  const sign = await app.qrKeys.signer(db, event.id);
  const people: Person[] = [];
  const codes = new Set<string>();
  for (let start = 0; start < PARTICIPANTS; start += BATCH) {
    const batch = [];
    for (let i = start; i < Math.min(PARTICIPANTS, start + BATCH); i++) {
      let code = generateUniqueCode();
      while (codes.has(code)) code = generateUniqueCode();
      codes.add(code);
      const r = participantRow(i);
      batch.push({
        eventId: event.id,
        username: `${r.email.split('@')[0]}`,
        fullName: r.full_name,
        email: r.email,
        phone: r.phone,
        organization: r.organization,
        jobTitle: r.job_title,
        uniqueCode: code,
        confirmedAttendance: true,
        confirmedAt: new Date(),
      });
    }
    const rows = await db
      .insert(participants)
      .values(batch)
      .returning({ id: participants.id, code: participants.uniqueCode });
    for (const p of rows) {
      people.push({ id: p.id, code: p.code, credential: sign({ eventId: event.id, participantId: p.id }) });
    }
    await db.insert(sessionRegistrations).values(
      rows.flatMap((p, i) =>
        [0, 3, 5].map((k) => ({
          participantId: p.id,
          sessionId: sessionRows[(start + i + k) % SESSIONS]?.id ?? 0,
        })),
      ),
    );
  }
  // As after a bulk upload: search indexes flushed, planner statistics fresh.
  await refreshSearchIndexes(db);
  const address = app.server.address();
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    kind: database.kind,
    eventId: event.id,
    people,
  });

  process.on('message', (msg: ToChild) => {
    void (async () => {
      try {
        if (msg.type === 'reset') {
          // Everyone back out, and the table as fresh as at the doors' opening (dead rows gone).
          const deleted = await db.delete(checkIns).returning({ id: checkIns.id });
          await db.execute(sql`vacuum analyze check_ins`);
          send({ type: 'reset', deleted: deleted.length });
        } else if (msg.type === 'counts') {
          const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(checkIns);
          send({ type: 'counts', total: row?.n ?? 0 });
        } else if (msg.type === 'bare') {
          // The row the endpoint writes, one INSERT statement each, `concurrency` in flight, same
          // driver and pool.
          const latencies: number[] = [];
          const rows = people.slice(0, msg.rows);
          let next = 0;
          const t0 = performance.now();
          await Promise.all(
            Array.from({ length: msg.concurrency }, async () => {
              for (let i = next++; i < rows.length; i = next++) {
                const p = rows[i];
                if (!p) break;
                const s = performance.now();
                await db.insert(checkIns).values({
                  eventId: event.id,
                  participantId: p.id,
                  sessionId: null,
                  checkedInBy: staff.id,
                  notes: '',
                  forced: false,
                  clientNonce: `bare-${i}-${randomBytes(4).toString('hex')}`,
                });
                latencies.push(performance.now() - s);
              }
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
// Parent: the door stations over HTTP, and the tables.
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
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_CHILD_ARGS?.split(' ').filter(Boolean) ?? [])],
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

type Door = { agent: http.Agent; port: number; eventId: number; token: string };

/** One scan; resolves when the answer has been read, to its status (0: no answer) and end time. */
function scan(door: Door, p: Person, index: number, nonce: string): Promise<{ status: number; end: number }> {
  const body = JSON.stringify({
    // Half the people show their QR code, the other half give their code to be typed.
    qr_code_data: index % 2 === 0 ? p.credential : p.code,
    session: null,
    notes: '',
    client_nonce: nonce,
  });
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent: door.agent,
        host: '127.0.0.1',
        port: door.port,
        method: 'POST',
        path: `/api/events/${door.eventId}/check-in/`,
        headers: {
          authorization: `Bearer ${door.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, end: performance.now() }));
        res.on('error', () => resolve({ status: 0, end: performance.now() }));
      },
    );
    req.on('error', () => resolve({ status: 0, end: performance.now() }));
    req.end(body);
  });
}

/** `clientCpu`: the load generator's own CPU time over the phase, in % of one core. */
type Load = { timing: Timing; statuses: Map<number, number>; created: number; clientCpu: number };

function load(latencies: number[], statuses: number[], ms: number, cpu: NodeJS.CpuUsage): Load {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  const used = process.cpuUsage(cpu);
  return {
    timing: timing(latencies, ms),
    statuses: counts,
    created: counts.get(201) ?? 0,
    clientCpu: ((used.user + used.system) / 1000 / ms) * 100,
  };
}

/** `stations` clients, each scanning the next person as soon as its previous answer is in. */
async function closedLoop(door: Door, people: Person[], stations: number, seconds: number): Promise<Load> {
  const run = randomBytes(3).toString('hex');
  const latencies: number[] = [];
  const statuses: number[] = [];
  let next = 0;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: stations }, async (_, station) => {
      for (let i = next++; i < people.length && performance.now() < until; i = next++) {
        const p = people[i];
        if (!p) break;
        const start = performance.now();
        const r = await scan(door, p, i, `st${station}-${run}-${i}`);
        latencies.push(r.end - start);
        statuses.push(r.status);
      }
    }),
  );
  return load(latencies, statuses, performance.now() - t0, cpu);
}

/** One scan every 1/rate s whatever the answers; latency from the scheduled send time. */
async function openLoop(door: Door, people: Person[], rate: number, seconds: number): Promise<Load> {
  const run = randomBytes(3).toString('hex');
  const total = Math.min(people.length, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const pending: Promise<{ status: number; ms: number }>[] = [];
  const cpu = process.cpuUsage();
  const t0 = performance.now() + 5;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (pending.length < total && t0 + pending.length * interval <= now) {
        const i = pending.length;
        const scheduled = t0 + i * interval;
        const p = people[i] as Person;
        pending.push(scan(door, p, i, `open-${run}-${i}`).then((r) => ({ ...r, ms: r.end - scheduled })));
      }
      if (pending.length >= total) resolve();
      else setTimeout(tick, Math.max(0, t0 + pending.length * interval - performance.now()));
    };
    tick();
  });
  const results = await Promise.all(pending);
  return load(
    results.map((r) => r.ms),
    results.map((r) => r.status),
    performance.now() - t0,
    cpu,
  );
}

/** An HTTP answer read whole: status, body bytes as sent, and milliseconds to the last byte. */
type Answer = { status: number; body: Buffer; ms: number; encoding: string | undefined };

function call(door: Door, method: string, path: string, body?: string, gzip = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request(
      {
        agent: door.agent,
        host: '127.0.0.1',
        port: door.port,
        method,
        path,
        headers: {
          authorization: `Bearer ${door.token}`,
          'accept-encoding': gzip ? 'gzip' : 'identity',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            ms: performance.now() - start,
            encoding: res.headers['content-encoding'],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

type PackFigures = {
  participants: number;
  checkIns: number;
  gzipBytes: number;
  rawBytes: number;
  gzipMs: number;
  rawMs: number;
  deltaBytes: number;
  deltaMs: number;
};

/** The station's pack: full (gzipped and not) and its refresh, median of PACK_RUNS each. */
async function offlinePack(door: Door): Promise<PackFigures> {
  const path = `/api/events/${door.eventId}/check-in/offline-pack/`;
  const read = async (gzip: boolean, query = '') => {
    const answer = await call(door, 'GET', path + query, undefined, gzip);
    if (answer.status !== 200) throw new Error(`offline pack answered ${answer.status}`);
    if (gzip !== (answer.encoding === 'gzip')) throw new Error('offline pack: unexpected encoding');
    const pack = JSON.parse((gzip ? gunzipSync(answer.body) : answer.body).toString()) as TOfflinePack;
    return { answer, pack };
  };
  await read(true); // warm-up
  const zipped = [];
  const plain = [];
  for (let i = 0; i < PACK_RUNS; i++) {
    zipped.push(await read(true));
    plain.push(await read(false));
  }
  const last = zipped.at(-1);
  if (!last) throw new Error('no pack');
  const since = new Date(Date.parse(last.pack.generated_at) - 30_000).toISOString();
  const deltas = [];
  for (let i = 0; i < PACK_RUNS; i++) deltas.push(await read(true, `?since=${encodeURIComponent(since)}`));
  return {
    participants: last.pack.participants.length,
    checkIns: last.pack.check_ins.length,
    gzipBytes: last.answer.body.length,
    rawBytes: plain.at(-1)?.answer.body.length ?? 0,
    gzipMs: median(zipped.map((z) => z.answer.ms)),
    rawMs: median(plain.map((p) => p.answer.ms)),
    deltaBytes: deltas.at(-1)?.answer.body.length ?? 0,
    deltaMs: median(deltas.map((d) => d.answer.ms)),
  };
}

type SyncRun = { items: number; ms: number; statuses: Record<string, number> };
type SyncFigures = { first: SyncRun; replay: SyncRun; overlap: SyncRun; rows: number };

/**
 * A station back online with QUEUE scans made over the last hour (half QR, half typed) syncs them in
 * one request; it replays the same batch (its answer was lost); a second station then syncs its
 * OVERLAP scans of people the first already recorded. Rows are counted after each.
 */
async function offlineSync(door: Door, people: Person[], rows: () => Promise<number>): Promise<SyncFigures> {
  const run = randomBytes(3).toString('hex');
  const now = Date.now();
  const queue = (station: string, from: Person[]): TSyncItem[] =>
    from.map((p, i) => ({
      client_nonce: `${station}-${run}-${i}`,
      qr_code_data: i % 2 === 0 ? p.credential : p.code,
      session: null,
      scanned_at: new Date(now - 3_600_000 + i * 1000).toISOString(),
      notes: '',
    }));
  const send = async (station: string, items: TSyncItem[]): Promise<SyncRun> => {
    const body = JSON.stringify({ station_id: station, check_ins: items });
    const answer = await call(door, 'POST', `/api/events/${door.eventId}/check-ins/sync/`, body);
    if (answer.status !== 200) throw new Error(`sync answered ${answer.status}: ${answer.body.toString()}`);
    const statuses: Record<string, number> = {};
    for (const r of (JSON.parse(answer.body.toString()) as TSyncResponse).results) {
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
    return { items: items.length, ms: answer.ms, statuses };
  };
  const batch = queue('station-a', people.slice(0, QUEUE));
  const first = await send('station-a', batch);
  const afterFirst = await rows();
  const replay = await send('station-a', batch);
  const afterReplay = await rows();
  const overlap = await send('station-b', queue('station-b', people.slice(QUEUE - OVERLAP, QUEUE)));
  const afterOverlap = await rows();
  if (first.statuses.created !== QUEUE || afterFirst !== QUEUE) {
    throw new Error(`sync: ${JSON.stringify(first.statuses)}, ${afterFirst} records for ${QUEUE} scans`);
  }
  if (replay.statuses.created !== QUEUE || afterReplay !== QUEUE) {
    throw new Error(`sync replay: ${JSON.stringify(replay.statuses)}, ${afterReplay} records`);
  }
  if (overlap.statuses.duplicate !== OVERLAP || afterOverlap !== QUEUE) {
    throw new Error(`second station: ${JSON.stringify(overlap.statuses)}, ${afterOverlap} records`);
  }
  return { first, replay, overlap, rows: afterOverlap };
}

type Result = {
  label: string;
  kind: string;
  closed: Load;
  open: Load;
  pack: PackFigures;
  sync: SyncFigures;
  bare: Timing;
};

async function benchDatabase(label: string, databaseUrl: string): Promise<Result> {
  const { target, ready } = await Target.start(databaseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  try {
    const login = await fetch(`http://127.0.0.1:${ready.port}/api/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
    });
    if (login.status !== 200) throw new Error(`${label}: sign-in answered ${login.status}`);
    const { access } = (await login.json()) as { access: string };
    const door: Door = { agent, port: ready.port, eventId: ready.eventId, token: access };
    const people = ready.people;
    const expectCount = async (n: number, what: string) => {
      const { total } = await target.ask({ type: 'counts' }, 'counts');
      if (total !== n) throw new Error(`${label}: ${what}: ${n} answered 201, ${total} records`);
    };

    // Warm-up (JIT, connections, plan caches) on some of the people, then everyone back out.
    await closedLoop(door, people.slice(0, WARMUP), STATIONS, CLOSED_SECONDS);
    await target.ask({ type: 'reset' }, 'reset');

    const closed = await closedLoop(door, people, STATIONS, CLOSED_SECONDS);
    await expectCount(closed.created, 'closed loop');
    await target.ask({ type: 'reset' }, 'reset');

    const open = await openLoop(door, people, RATE, DURATION);
    await expectCount(open.created, 'open loop');
    const pack = await offlinePack(door);
    await target.ask({ type: 'reset' }, 'reset');

    const sync = await offlineSync(
      door,
      people,
      async () => (await target.ask({ type: 'counts' }, 'counts')).total,
    );
    await target.ask({ type: 'reset' }, 'reset');

    const bare = await target.ask(
      { type: 'bare', rows: Math.max(closed.timing.count, 1), concurrency: STATIONS },
      'bare',
    );
    return { label, kind: ready.kind, closed, open, pack, sync, bare: bare.timing };
  } finally {
    agent.destroy();
    await target.stop();
  }
}

const rate = (t: Timing) => (t.count / t.ms) * 1000;
const ms = (n: number) => n.toFixed(1);
const answers = (l: Load) =>
  [...l.statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${n}×${s || 'error'}`)
    .join(' ');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const statusText = (run: SyncRun) =>
  Object.entries(run.statuses)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');

function offlineReport(r: Result): { text: string; met: boolean } {
  const { pack, sync } = r;
  const packOk = pack.gzipMs < TARGETS.packMs && pack.gzipBytes < TARGETS.packGzipBytes;
  const syncRow = (label: string, run: SyncRun): (string | number)[] => [
    label,
    run.items,
    statusText(run),
    ms(run.ms),
    ((run.items / run.ms) * 1000).toFixed(0),
    sync.rows,
  ];
  const text = [
    table(
      ['offline pack', 'participants', 'check-ins', 'bytes', 'ms', 'target', 'met'],
      [
        [
          'full, gzipped (median)',
          pack.participants,
          pack.checkIns,
          kb(pack.gzipBytes),
          ms(pack.gzipMs),
          `< ${TARGETS.packMs} ms, < 2 MB`,
          packOk ? 'yes' : 'NO',
        ],
        [
          'full, not compressed (median)',
          pack.participants,
          pack.checkIns,
          kb(pack.rawBytes),
          ms(pack.rawMs),
          '',
          '',
        ],
        ['refresh, ?since= pack time - 30 s (median)', '', '', kb(pack.deltaBytes), ms(pack.deltaMs), '', ''],
      ],
    ),
    table(
      ['offline sync, one request', 'items', 'answers', 'ms', 'items/s', 'records after'],
      [
        syncRow(`station A's queue`, sync.first),
        syncRow('the same batch replayed', sync.replay),
        syncRow(`station B, ${OVERLAP} already in`, sync.overlap),
      ],
    ),
  ].join('\n\n');
  return { text, met: packOk };
}

function report(r: Result): { text: string; json: Record<string, unknown> } {
  const closedRate = (r.closed.created / r.closed.timing.ms) * 1000;
  const nonCreated = r.closed.timing.count - r.closed.created;
  const closedTarget = TARGETS.closed[r.kind] ?? 0;
  const closedOk = closedRate >= closedTarget && nonCreated === 0;
  const openOk = r.open.timing.p99 < TARGETS.openP99Ms && r.open.created === r.open.timing.count;
  const bareRate = rate(r.bare);
  const ratio = closedRate / bareRate;
  const text = table(
    ['measure', 'scans', 'answers', 'rate/s', 'p50 ms', 'p99 ms', 'max ms', 'target', 'met'],
    [
      [
        `closed loop, ${STATIONS} stations`,
        r.closed.timing.count,
        answers(r.closed),
        closedRate.toFixed(0),
        ms(r.closed.timing.p50),
        ms(r.closed.timing.p99),
        ms(r.closed.timing.max),
        `≥ ${closedTarget.toLocaleString('en-US')}/s, 0 non-201`,
        closedOk ? 'yes' : 'NO',
      ],
      [
        `open loop, ${RATE}/s for ${DURATION} s`,
        r.open.timing.count,
        answers(r.open),
        rate(r.open.timing).toFixed(0),
        ms(r.open.timing.p50),
        ms(r.open.timing.p99),
        ms(r.open.timing.max),
        `p99 < ${TARGETS.openP99Ms} ms`,
        openOk ? 'yes' : 'NO',
      ],
      [
        `bare INSERT, ${STATIONS} in flight`,
        r.bare.count,
        '',
        bareRate.toFixed(0),
        ms(r.bare.p50),
        ms(r.bare.p99),
        ms(r.bare.max),
        '',
        '',
      ],
      ['closed loop / bare INSERT', '', '', ratio.toFixed(3), '', '', '', '', ''],
    ],
  );
  const offline = offlineReport(r);
  const json = {
    bench: 'check-in',
    database: r.label,
    kind: r.kind,
    participants: PARTICIPANTS,
    role: ROLE,
    closed: {
      stations: STATIONS,
      scans: r.closed.timing.count,
      per_s: Math.round(closedRate),
      p50_ms: +ms(r.closed.timing.p50),
      p99_ms: +ms(r.closed.timing.p99),
      max_ms: +ms(r.closed.timing.max),
      non_201: nonCreated,
      target_per_s: closedTarget,
      met: closedOk,
      client_cpu_pct: Math.round(r.closed.clientCpu),
    },
    open: {
      rate: RATE,
      seconds: DURATION,
      scans: r.open.timing.count,
      p50_ms: +ms(r.open.timing.p50),
      p99_ms: +ms(r.open.timing.p99),
      max_ms: +ms(r.open.timing.max),
      statuses: Object.fromEntries(r.open.statuses),
      target_p99_ms: TARGETS.openP99Ms,
      met: openOk,
      client_cpu_pct: Math.round(r.open.clientCpu),
    },
    baseline: {
      concurrency: STATIONS,
      rows: r.bare.count,
      per_s: Math.round(bareRate),
      p50_ms: +ms(r.bare.p50),
      p99_ms: +ms(r.bare.p99),
    },
    offline_pack: {
      participants: r.pack.participants,
      registrations_each: 3,
      check_ins: r.pack.checkIns,
      gzip_bytes: r.pack.gzipBytes,
      raw_bytes: r.pack.rawBytes,
      gzip_ms: +ms(r.pack.gzipMs),
      raw_ms: +ms(r.pack.rawMs),
      delta_bytes: r.pack.deltaBytes,
      delta_ms: +ms(r.pack.deltaMs),
      met: offline.met,
    },
    offline_sync: {
      queued: r.sync.first.items,
      ms: +ms(r.sync.first.ms),
      statuses: r.sync.first.statuses,
      replay_ms: +ms(r.sync.replay.ms),
      replay_statuses: r.sync.replay.statuses,
      overlap_ms: +ms(r.sync.overlap.ms),
      overlap_statuses: r.sync.overlap.statuses,
      records: r.sync.rows,
    },
    ratio: +ratio.toFixed(3),
  };
  return { text: `${text}\n\n${offline.text}`, json };
}

async function main(): Promise<void> {
  if (RATE * DURATION > PARTICIPANTS) {
    throw new Error(
      `The open loop needs ${RATE * DURATION} participants not yet in; BENCH_PARTICIPANTS is ${PARTICIPANTS}.`,
    );
  }
  const results: Result[] = [];
  for (const database of DATABASES) {
    try {
      results.push(await benchDatabase(database.label, database.url));
    } catch (err) {
      // PGlite is in-process and must work; the PostgreSQL server may simply not be there.
      if (!database.url) throw err;
      console.error(`${database.label} run skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  console.log(
    `\nDoor check-in, POST /api/events/{id}/check-in/ (${ROLE} token, half QR credentials, half typed ` +
      `codes), ${PARTICIPANTS.toLocaleString('en-US')} confirmed participants, fresh each phase; ` +
      `baseline: the same check_ins row inserted directly with the same driver`,
  );
  const reports = results.map(report);
  for (const [i, r] of results.entries()) {
    console.log(`\n${r.label}\n${reports[i]?.text}`);
    console.log(
      `load generator CPU: ${r.closed.clientCpu.toFixed(0)}% of a core (closed loop), ` +
        `${r.open.clientCpu.toFixed(0)}% (open loop)`,
    );
  }
  console.log('');
  for (const r of reports) console.log(JSON.stringify(r.json));
  if (results.some((r) => r.closed.created !== r.closed.timing.count)) {
    console.error('\nSome closed-loop scans were not answered 201.');
    process.exitCode = 1;
  }
}

if (process.argv[2] === 'serve') await serve();
else await main();
