// npm run bench:waitlist: the registration rush with waiting lists on (issue 32), on embedded
// PGlite and on PostgreSQL (a fresh database on BENCH_DATABASE_URL, default the local server's
// "test" database, created and dropped). 1,000 confirmed participants register at once for 20
// sessions of 60 places chosen with Zipf popularity; half of those refused as full join the
// session's waiting list; then 200 random registrants unregister at once. It checks that no session
// is overbooked, that every freed seat of a session with a line went to the line in order, and that
// the promoted registration exists when the freeing request returns (its answer counts it), and
// runs the existing registration rush (bench/registration-rush.ts) in the same run for the ratio.
//
// The server runs in a child process (as in production), as in the registration rush.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';

const PARTICIPANTS = 1000;
const SESSIONS = 20;
const CAPACITY = 60;
const UNREGISTRATIONS = 200;

type Person = { participantId: number; token: string };
type Line = { sessionId: number; waiting: { id: number; at: string }[]; registered: number };
type Promotion = { session_id: number; waitlist_id: number; joined_at: string };
type FromChild =
  | { type: 'ready'; port: number; kind: string; people: Person[]; sessionIds: number[] }
  | { type: 'reset' }
  | { type: 'state'; lines: Line[]; promotions: Promotion[] }
  | { type: 'error'; message: string };
type ToChild = { type: 'reset' } | { type: 'state' } | { type: 'stop' };

// ---------------------------------------------------------------------------------------------
// Child: the real app on a fresh database with one event, 20 sessions and 1,000 participants.
// ---------------------------------------------------------------------------------------------
async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config');
  const { openDatabase, resultRows } = await import('../apps/api/src/db/client');
  const { createScratchDatabase } = await import('../apps/api/src/db/scratch');
  const { events, participants, sessions } = await import('../apps/api/src/db/schema');

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
  // No outbox worker (the default): the promotions' messages stay queued; the bench measures requests.
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
      eventCode: `W${randomBytes(3).toString('hex').toUpperCase()}`,
    })
    .returning();
  if (!event) throw new Error('no event');
  const sessionRows = await db
    .insert(sessions)
    .values(
      Array.from({ length: SESSIONS }, (_, i) => ({
        eventId: event.id,
        name: `Session ${i + 1}`,
        startTime: new Date(start.getTime() + i * 3_600_000),
        endTime: new Date(start.getTime() + (i + 1) * 3_600_000),
        maxParticipants: CAPACITY,
      })),
    )
    .returning({ id: sessions.id });
  const rows = await db
    .insert(participants)
    .values(
      Array.from({ length: PARTICIPANTS }, (_, i) => ({
        eventId: event.id,
        username: `p${i}`,
        fullName: `Participant ${i}`,
        email: `p${i}@example.org`,
        phone: `+2547${String(10_000_000 + i).slice(-8)}`,
        uniqueCode: `U${String(i).padStart(7, '0')}`,
        confirmedAttendance: true,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: participants.id });
  const people = await Promise.all(
    rows.map(async (p) => ({
      participantId: p.id,
      token: await app.tokens.signAccess({ kind: 'participant', participantId: p.id, eventId: event.id }),
    })),
  );
  const address = app.server.address();
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    kind: database.kind,
    people,
    sessionIds: sessionRows.map((s) => s.id),
  });

  process.on('message', (msg: ToChild) => {
    void (async () => {
      try {
        if (msg.type === 'reset') {
          await db.execute(sql`delete from session_registrations`);
          await db.execute(sql`delete from session_waitlist`);
          await db.execute(sql`delete from outgoing_messages`);
          await db.execute(sql`delete from audit_log where action = 'session.waitlist_auto_promote'`);
          send({ type: 'reset' });
        } else if (msg.type === 'state') {
          const lines: Line[] = [];
          for (const s of sessionRows) {
            const waiting = resultRows<{ id: number; created_at: Date | string }>(
              await db.execute(
                sql`select id, created_at from session_waitlist where session_id = ${s.id} order by created_at, id`,
              ),
            ).map((w) => ({ id: w.id, at: new Date(w.created_at).toISOString() }));
            const [n] = resultRows<{ n: number }>(
              await db.execute(
                sql`select count(*)::int as n from session_registrations where session_id = ${s.id}`,
              ),
            );
            lines.push({ sessionId: s.id, waiting, registered: n?.n ?? 0 });
          }
          const promotions = resultRows<{ details: Promotion }>(
            await db.execute(
              sql`select details from audit_log where action = 'session.waitlist_auto_promote'`,
            ),
          ).map((r) => r.details);
          send({ type: 'state', lines, promotions });
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

  static async start(databaseUrl: string) {
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

type Answer = { status: number; ms: number; body: string };

function call(agent: http.Agent, port: number, method: string, path: string, token: string): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { authorization: `Bearer ${token}`, 'content-length': 0 },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - start,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A seeded generator, so both databases see the same choices. */
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

type Result = {
  label: string;
  registered: number;
  refused: number;
  joined: number;
  rushRate: number;
  rushP99: number;
  freed: number;
  freedWithLine: number;
  refilledInAnswer: number;
  promoted: number;
  overbooked: number;
  outOfOrder: number;
  unfilled: number;
  promoP50: number;
  promoP99: number;
};

async function round(port: number, people: Person[], sessionIds: number[]) {
  const random = rng(20261127);
  const weights = sessionIds.map((_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let r = random() * total;
    for (let k = 0; k < weights.length; k++) {
      r -= weights[k] ?? 0;
      if (r <= 0) return sessionIds[k] ?? 0;
    }
    return sessionIds[0] ?? 0;
  };
  const choice = people.map((p) => ({ p, sessionId: pick() }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let joinIndex = 0;
  const registerMs: number[] = [];
  const t0 = performance.now();
  const outcome = await Promise.all(
    choice.map(async ({ p, sessionId }) => {
      const reg = await call(
        agent,
        port,
        'POST',
        `/api/sessions/${sessionId}/register/${p.participantId}/`,
        p.token,
      );
      registerMs.push(reg.ms);
      if (reg.status !== 409) return { p, sessionId, status: reg.status, joined: false };
      // Half of those refused as full join the line.
      if (joinIndex++ % 2 === 1) return { p, sessionId, status: reg.status, joined: false };
      const join = await call(
        agent,
        port,
        'POST',
        `/api/sessions/${sessionId}/waitlist/${p.participantId}/`,
        p.token,
      );
      if (join.status !== 201) throw new Error(`join answered ${join.status}: ${join.body}`);
      return { p, sessionId, status: reg.status, joined: true };
    }),
  );
  const rushMs = performance.now() - t0;
  const registered = outcome.filter((o) => o.status === 201);
  const refused = outcome.filter((o) => o.status === 409);
  const joined = outcome.filter((o) => o.joined);
  const others = outcome.filter((o) => o.status !== 201 && o.status !== 409);
  if (others.length > 0) throw new Error(`unexpected answers: ${others.map((o) => o.status).join(', ')}`);
  // 200 random registrants unregister at once.
  const leaving = [...registered].sort(() => random() - 0.5).slice(0, UNREGISTRATIONS);
  const freed = await Promise.all(
    leaving.map(async (o) => {
      const res = await call(
        agent,
        port,
        'DELETE',
        `/api/sessions/${o.sessionId}/register/${o.p.participantId}/`,
        o.p.token,
      );
      if (res.status !== 200) throw new Error(`unregister answered ${res.status}: ${res.body}`);
      return {
        sessionId: o.sessionId,
        ms: res.ms,
        count: (JSON.parse(res.body) as { registered_count: number }).registered_count,
      };
    }),
  );
  agent.destroy();
  return { registered, refused, joined, rushMs, registerMs, freed };
}

async function benchDatabase(label: string, databaseUrl: string): Promise<Result> {
  const { target, ready } = await Target.start(databaseUrl);
  try {
    // A warm-up round (JIT, pool, plan caches), then the measured round on the same choices.
    await round(ready.port, ready.people, ready.sessionIds);
    await target.ask({ type: 'reset' }, 'reset');
    const r = await round(ready.port, ready.people, ready.sessionIds);
    const state = await target.ask({ type: 'state' }, 'state');
    const joinedPerSession = new Map<number, number>();
    for (const j of r.joined) joinedPerSession.set(j.sessionId, (joinedPerSession.get(j.sessionId) ?? 0) + 1);
    const freedPerSession = new Map<number, number>();
    for (const f of r.freed) freedPerSession.set(f.sessionId, (freedPerSession.get(f.sessionId) ?? 0) + 1);
    let overbooked = 0;
    let outOfOrder = 0;
    let unfilled = 0;
    for (const line of state.lines) {
      if (line.registered > CAPACITY) overbooked++;
      // Nobody here clashes: whoever waits is eligible, so a free seat beside a line is a miss.
      if (line.registered < CAPACITY && line.waiting.length > 0) unfilled++;
      const first = line.waiting[0];
      for (const p of state.promotions.filter((x) => x.session_id === line.sessionId)) {
        if (first && (first.at < p.joined_at || (first.at === p.joined_at && first.id < p.waitlist_id)))
          outOfOrder++;
      }
    }
    // Freed seats of a session that had a line: each must be filled by the time its answer comes.
    const withLine = r.freed.filter((f) => (joinedPerSession.get(f.sessionId) ?? 0) > 0);
    const expectedPromotions = [...freedPerSession].reduce(
      (n, [s, k]) => n + Math.min(k, joinedPerSession.get(s) ?? 0),
      0,
    );
    if (state.promotions.length !== expectedPromotions) {
      throw new Error(`${label}: ${state.promotions.length} promotions, expected ${expectedPromotions}`);
    }
    const refilled = withLine.filter((f) => f.count === CAPACITY).length;
    return {
      label,
      registered: r.registered.length,
      refused: r.refused.length,
      joined: r.joined.length,
      rushRate: (PARTICIPANTS / r.rushMs) * 1000,
      rushP99: percentile(r.registerMs, 99),
      freed: r.freed.length,
      freedWithLine: withLine.length,
      refilledInAnswer: refilled,
      promoted: state.promotions.length,
      overbooked,
      outOfOrder,
      unfilled,
      promoP50: percentile(
        withLine.map((f) => f.ms),
        50,
      ),
      promoP99: percentile(
        withLine.map((f) => f.ms),
        99,
      ),
    };
  } finally {
    await target.stop();
  }
}

/** Today's registration rush (bench/registration-rush.ts), run now: reg/s per database. */
function existingRush(): Map<string, number> {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./registration-rush.ts', import.meta.url))],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const rates = new Map<string, number>();
  for (const line of out.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length >= 3 && /^(PGlite|PostgreSQL)/.test(cells[0] ?? ''))
      rates.set(cells[0] ?? '', Number(cells[2]));
  }
  return rates;
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
  const today = existingRush();
  console.log(
    `\n${PARTICIPANTS} participants register at once for ${SESSIONS} sessions of ${CAPACITY} (Zipf popularity), ` +
      `half of the refused join the line, then ${UNREGISTRATIONS} random unregistrations at once`,
  );
  console.log(
    'database            | reg 201/409 | joined | rush req/s | p99 ms | today reg/s | ratio | freed (line) | promoted | refilled in answer | overbooked | out of order | promo p50/p99 ms',
  );
  for (const r of rows) {
    const base = today.get(r.label) ?? Number.NaN;
    console.log(
      [
        r.label.padEnd(19),
        `${r.registered}/${r.refused}`.padStart(11),
        String(r.joined).padStart(6),
        r.rushRate.toFixed(0).padStart(10),
        r.rushP99.toFixed(0).padStart(6),
        base.toFixed(0).padStart(11),
        (r.rushRate / base).toFixed(2).padStart(5),
        `${r.freed} (${r.freedWithLine})`.padStart(12),
        String(r.promoted).padStart(8),
        `${r.refilledInAnswer}/${r.promoted}`.padStart(18),
        String(r.overbooked).padStart(10),
        String(r.outOfOrder + r.unfilled).padStart(12),
        `${r.promoP50.toFixed(0)}/${r.promoP99.toFixed(0)}`.padStart(16),
      ].join(' | '),
    );
  }
}

if (process.argv[2] === 'serve') await serve();
else await main();
