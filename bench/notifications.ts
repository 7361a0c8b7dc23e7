// npm run bench:notifications: login details by e-mail for a whole event, through the outbox and a
// real SMTP server, on embedded PGlite and on PostgreSQL (a fresh database on BENCH_DATABASE_URL,
// default the local server's "test" database, created and dropped). One event with 10,000
// participants, written in batches of 1,000 before the server listens; an admin queues them all
// with one POST /api/events/{id}/participants/send_notifications/ ({participant_ids, type: 'email'})
// and the outbox worker sends them to an SMTP sink (smtp-server on loopback) through SMTP_URL.
//
// 1. Clean run: time from the call until the sink has accepted every message, messages/s, the
//    call's own latency, and the server's RSS, sampled every 100 ms in the server process: idle
//    before the call, once the first 10 % were sent (warm), and the peak. Memory is flat when the
//    peak over the last 90 % stays within BENCH_FLAT_MB of the warm RSS.
// 2. Deferred run, on fresh data: the sink answers 451 to 20 % of the recipients on their first
//    attempt only. Once the first pass is over (the rest accepted, nothing pending or in flight),
//    the retries still waiting are made due (next_attempt_at = now(), instead of waiting out the
//    30 s backoff) and an admin presses Retry Now (POST /api/accounts/admin/failed-emails/retry/).
//    Time until all are delivered, and every recipient received exactly once: none lost, none
//    duplicated (unique recipients and total messages the sink accepted).
// 3. Email & SMS, on fresh data: the same call with type 'both', so each participant gets an e-mail
//    (SMTP sink) and an SMS through the Twilio transport, whose API (TWILIO_API_URL) is a fake SMS
//    provider, an HTTP server in this process on loopback answering 201 at once. Time until the
//    sink and the provider have accepted every message (20,000 for 10,000 participants), memory as
//    above. Every participant's number in participants-data.ts is already E.164 (+25078…), so the
//    code before phone numbers were parsed queued every SMS too.
//
// BENCH_RUNS picks the runs (comma-separated: email, deferred, both; default all three).
//
// BENCH_CHILD_ARGS adds Node options to the server process (e.g. `--cpu-prof --cpu-prof-dir=DIR`).
// The server runs in a child process (as in production), a fresh one on a fresh database for each
// run; the SMTP sink runs in this process, out of the server's event loop.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { SmtpSink } from '../apps/api/test/fixtures/smtp-sink';
import { DATABASES, table } from './participants-common';
import { participantRow } from './participants-data';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);
/** Share of recipients the sink defers (451) on their first attempt, in the second run. */
const DEFER_SHARE = Number(process.env.BENCH_DEFER_SHARE ?? 0.2);
/** Milliseconds the sink takes to accept each message (0: as fast as it can). */
const SMTP_DELAY_MS = Number(process.env.BENCH_SMTP_DELAY_MS ?? 0);
/** The server's outbox settings (the defaults of the app's config). */
const CONCURRENCY = Number(process.env.OUTBOX_CONCURRENCY ?? 8);
const LEASE_SECONDS = Number(process.env.OUTBOX_LEASE_SECONDS ?? 120);
/** A run gives up when not everything is delivered after this many seconds. */
const TIMEOUT_SECONDS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 900);
const BATCH = 1000;
const SAMPLE_MS = 100;
const ADMIN = { username: 'bench', password: 'bench-password' };
const RUNS = new Set((process.env.BENCH_RUNS ?? 'email,deferred,both').split(',').map((r) => r.trim()));
const TARGETS = {
  /** 10,000 e-mails in under 60 s, scaled to BENCH_PARTICIPANTS. */
  seconds: (60 * PARTICIPANTS) / 10_000,
  /** 10,000 e-mails and 10,000 SMS in under 90 s, scaled to BENCH_PARTICIPANTS. */
  bothSeconds: (90 * PARTICIPANTS) / 10_000,
  /**
   * "Memory flat": the server's peak RSS over the last 90 % of the messages at most this far above
   * its RSS once the first 10 % were sent (the growth from idle, one-off, is reported beside it).
   */
  driftMb: Number(process.env.BENCH_FLAT_MB ?? 64),
};

/** `cpuPct`: the server process's CPU time since the last reset, in % of one core. */
type Memory = { rssMb: number; peakRssMb: number; cpuPct: number };
type Counts = Record<string, number>;
type FromChild =
  | { type: 'ready'; port: number; kind: string; eventId: number; ids: number[] }
  | ({ type: 'memory' } & Memory)
  | { type: 'heap'; heapMb: number }
  | { type: 'counts'; counts: Counts }
  | { type: 'due'; rows: number }
  | { type: 'error'; message: string };
type ToChild =
  /** `reset`: start a new peak; `cpu`: and a new CPU measure. */
  | { type: 'memory'; reset: boolean; cpu?: boolean }
  /** The heap still in use after a full garbage collection: what is kept, not yet collected. */
  | { type: 'heap' }
  | { type: 'counts' }
  | { type: 'due' }
  | { type: 'stop' };

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Child: the real app with its outbox worker, on a fresh database seeded with one event.
// ---------------------------------------------------------------------------------------------
async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config');
  const { openDatabase, resultRows } = await import('../apps/api/src/db/client');
  const { createScratchDatabase } = await import('../apps/api/src/db/scratch');
  const { events, participants } = await import('../apps/api/src/db/schema');
  const { createStaffUser } = await import('../apps/api/src/services/auth/create-staff-user');
  const { generateUniqueCode } = await import('../apps/api/src/services/events/generate-codes');
  const { refreshSearchIndexes } = await import('../apps/api/src/services/participants/maintenance');

  const send = (m: FromChild) => process.send?.(m);
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, { prefix: 'attend_bench' }) : null;
  const database = scratch
    ? await openDatabase({ kind: 'postgres', url: scratch.url })
    : await openDatabase({ kind: 'pglite' });
  const db = database.db;

  const [event] = await db
    .insert(events)
    .values({
      name: 'Benchmark Conference',
      startDate: new Date(Date.now() + 86_400_000),
      endDate: new Date(Date.now() + 3 * 86_400_000),
      location: 'Here',
      eventCode: `B${randomBytes(3).toString('hex').toUpperCase()}`,
    })
    .returning();
  if (!event) throw new Error('no event');
  await createStaffUser(db, { ...ADMIN, role: 'admin' });
  const ids: number[] = [];
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
      });
    }
    const rows = await db.insert(participants).values(batch).returning({ id: participants.id });
    for (const p of rows) ids.push(p.id);
  }
  // As after a bulk upload: search indexes flushed, planner statistics fresh.
  await refreshSearchIndexes(db);

  // The server as `npm start` runs it: outbox worker on, SMTP_URL set, the default outbox settings.
  const config = loadConfig(
    {
      DATA_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      SMTP_URL: process.env.SMTP_URL,
      OUTBOX_CONCURRENCY: String(CONCURRENCY),
      OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
      ...(process.env.BENCH_SMS_URL
        ? {
            SMS_PROVIDER: 'twilio',
            TWILIO_ACCOUNT_SID: 'ACbench',
            TWILIO_AUTH_TOKEN: 'bench-token',
            TWILIO_FROM: '+15005550006',
            TWILIO_API_URL: process.env.BENCH_SMS_URL,
          }
        : {}),
    },
    { secretKey: randomBytes(32).toString('hex') },
  );
  const app = await buildApp({ config, database, jobs: true });
  await app.listen({ port: 0, host: '127.0.0.1' });

  // Memory, sampled every 100 ms; the peak and the CPU time are reset on request.
  let peakRss = process.memoryUsage().rss;
  let cpu = process.cpuUsage();
  let since = performance.now();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, SAMPLE_MS);
  sampler.unref();

  const address = app.server.address();
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    kind: database.kind,
    eventId: event.id,
    ids,
  });

  process.on('message', (msg: ToChild) => {
    void (async () => {
      try {
        if (msg.type === 'memory') {
          const rss = process.memoryUsage().rss;
          peakRss = Math.max(peakRss, rss);
          const used = process.cpuUsage(cpu);
          const cpuPct = Math.round(((used.user + used.system) / 1000 / (performance.now() - since)) * 100);
          send({ type: 'memory', rssMb: mb(rss), peakRssMb: mb(peakRss), cpuPct });
          if (msg.reset) peakRss = rss;
          if (msg.cpu) {
            cpu = process.cpuUsage();
            since = performance.now();
          }
        } else if (msg.type === 'heap') {
          (globalThis as { gc?: () => void }).gc?.();
          send({ type: 'heap', heapMb: mb(process.memoryUsage().heapUsed) });
        } else if (msg.type === 'counts') {
          const rows = resultRows<{ status: string; n: number }>(
            await db.execute(sql`select status, count(*)::int as n from outgoing_messages group by status`),
          );
          send({ type: 'counts', counts: Object.fromEntries(rows.map((r) => [r.status, r.n])) });
        } else if (msg.type === 'due') {
          // The deferred messages' backoff (30 s and up) cut short, so Retry Now takes them.
          const rows = resultRows<{ id: number }>(
            await db.execute(sql`
              update outgoing_messages set next_attempt_at = now()
              where status = 'retry_scheduled'
              returning id
            `),
          );
          send({ type: 'due', rows: rows.length });
        } else if (msg.type === 'stop') {
          clearInterval(sampler);
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
// Parent: the SMTP sink, the admin over HTTP, and the tables.
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
    smtpUrl: string,
    smsUrl: string,
  ): Promise<{ target: Target; ready: Extract<FromChild, { type: 'ready' }> }> {
    const child = fork(fileURLToPath(import.meta.url), ['serve'], {
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.BENCH_CHILD_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, SMTP_URL: smtpUrl, BENCH_SMS_URL: smsUrl },
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

/**
 * What the sink accepted, counted as it arrives: the sink's list is taken over at each look, so
 * 10,000 raw messages are not kept in memory.
 */
class Tally {
  total = 0;
  deferred = 0;
  private recipients = new Set<string>();
  constructor(private readonly sink: SmtpSink) {}

  get unique(): number {
    this.drain();
    return this.recipients.size;
  }

  drain(): void {
    const received = this.sink.received;
    this.sink.received = [];
    this.total += received.length;
    for (const r of received) this.recipients.add(r.to);
  }
}

/**
 * A fake SMS provider on loopback, speaking Twilio's Messages resource: every POST is answered
 * 201 with a message sid at once. Counts what it accepted (total and unique numbers) and the
 * segments the texts take, read back as UTF-8 from the form body as the provider reads them.
 */
class FakeSmsProvider {
  total = 0;
  private numbers = new Set<string>();
  segments = 0;
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      this.total++;
      this.numbers.add(to);
      // GSM-7 up to 160 (153 a part), else UCS-2 up to 70 (67 a part): a rough tally for the log.
      const gsm = /^[\x20-\x7e\n\r£¥èéùìòÇØøÅåÉÄÖÑÜäöñüà§¿¡]*$/.test(body);
      const [one, part] = gsm ? [160, 153] : [70, 67];
      this.segments += body.length <= one ? 1 : Math.ceil(body.length / part);
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${this.total}` }));
    });
  });
  url = '';
  get unique(): number {
    return this.numbers.size;
  }
  reset(): void {
    this.total = 0;
    this.segments = 0;
    this.numbers.clear();
  }
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls `check` every `everyMs` until it holds; throws with `what()` after BENCH_TIMEOUT_SECONDS. */
async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: () => string,
  everyMs = 10,
  seconds = TIMEOUT_SECONDS,
): Promise<void> {
  const until = performance.now() + seconds * 1000;
  while (!(await check())) {
    if (performance.now() > until) throw new Error(`timed out waiting: ${what()}`);
    await sleep(everyMs);
  }
}

type Run = {
  kind: string;
  /** 'email' (runs 1 and 2) or 'both' (run 3). */
  type: 'email' | 'both';
  /** Messages expected: one per participant, two with 'both'. */
  expected: number;
  /** The call's own latency. */
  callMs: number;
  /** From the call until the sink had accepted every message. */
  deliveredMs: number;
  /** Until every outbox row was marked sent. */
  settledMs: number;
  idle: Memory;
  /** Once the first 10 % were delivered. */
  warm: Memory;
  peakAfterWarmMb: number;
  peakRssMb: number;
  endRssMb: number;
  /** Heap in use after a full GC, before the call and once everything was sent. */
  heapMb: { idle: number; end: number };
  serverCpuPct: number;
  /** Accepted by the sink and the SMS provider together (total, unique recipients). */
  total: number;
  unique: number;
  deferred: number;
  sms: { total: number; unique: number; segments: number };
  /** How many SMS the call queued (success_count counts participants). */
  counts: Counts;
  retry?: { firstPassMs: number; due: number; callMs: number; retried: number };
};

async function runOnce(
  databaseUrl: string,
  sink: SmtpSink,
  smtpUrl: string,
  provider: FakeSmsProvider,
  opts: { defer: number; type: 'email' | 'both' },
): Promise<Run> {
  const { defer, type } = opts;
  const expected = type === 'both' ? 2 * PARTICIPANTS : PARTICIPANTS;
  /** Messages delivered before memory counts as warm (code loaded, JIT done, pools open). */
  const WARM = Math.ceil(expected / 10);
  const { target, ready } = await Target.start(databaseUrl, smtpUrl, type === 'both' ? provider.url : '');
  const url = `http://127.0.0.1:${ready.port}`;
  try {
    const login = await fetch(`${url}/api/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
    const { access } = (await login.json()) as { access: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${access}` };

    // Every 1/defer-th participant is deferred once (451), then accepted on the retry.
    const every = defer > 0 ? Math.round(1 / defer) : 0;
    const toDefer = new Set<string>();
    for (let i = 0; every && i < PARTICIPANTS; i += every) toDefer.add(participantRow(i).email);
    const expectDeferred = toDefer.size;
    sink.received = [];
    sink.delayMs = SMTP_DELAY_MS;
    provider.reset();
    const tally = new Tally(sink);
    const delivered = () => tally.unique + provider.unique;
    sink.answer = (to) => {
      if (!toDefer.delete(to)) return 'accept';
      tally.deferred++;
      return 'defer';
    };
    const counts = async () => (await target.ask({ type: 'counts' }, 'counts')).counts;

    // Idle: the server up, seeded and signed in to, nothing sent yet.
    await sleep(1000);
    const idleHeap = await target.ask({ type: 'heap' }, 'heap');
    const idle = await target.ask({ type: 'memory', reset: true, cpu: true }, 'memory');

    const t0 = performance.now();
    const res = await fetch(`${url}/api/events/${ready.eventId}/participants/send_notifications/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ participant_ids: ready.ids, type }),
    });
    const callMs = performance.now() - t0;
    const body = (await res.json()) as { success_count?: number };
    if (res.status !== 200 || body.success_count !== PARTICIPANTS) {
      throw new Error(`send_notifications answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }

    // Warm: the first 10 % sent (code loaded, JIT done, pools open); flat means no growth after.
    await waitFor(
      () => delivered() >= WARM,
      () => `${delivered()} of ${WARM} delivered`,
    );
    const warm = await target.ask({ type: 'memory', reset: true }, 'memory');

    let retry: Run['retry'];
    if (expectDeferred) {
      // First pass over: all the others accepted, every deferral answered, and nothing left
      // pending or in flight (the deferred ones wait for their retry; those whose 30 s backoff ran
      // out during the pass may already have been retried and accepted, as they would be live).
      await waitFor(
        () => tally.unique >= PARTICIPANTS - expectDeferred && tally.deferred >= expectDeferred,
        () => `${tally.unique} accepted, ${tally.deferred} deferred`,
      );
      let last: Counts = {};
      await waitFor(
        async () => {
          last = await counts();
          return (last.pending ?? 0) + (last.sending ?? 0) === 0;
        },
        () => `first pass: ${JSON.stringify(last)}`,
        50,
      );
      const firstPassMs = performance.now() - t0;
      const due = await target.ask({ type: 'due' }, 'due');
      const r0 = performance.now();
      // Retry Now answers once the outbox is idle (or after 10 s); delivery is timed meanwhile.
      const retried = fetch(`${url}/api/accounts/admin/failed-emails/retry/`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
      }).then(async (r) => {
        const b = (await r.json()) as { results?: { total_retried?: number } };
        if (r.status !== 200) throw new Error(`Retry Now answered ${r.status}: ${JSON.stringify(b)}`);
        return { callMs: performance.now() - r0, retried: b.results?.total_retried ?? 0 };
      });
      retried.catch(() => {}); // awaited below, once everything is delivered
      await waitFor(
        () => tally.unique >= PARTICIPANTS,
        () => `${tally.unique} of ${PARTICIPANTS} delivered after Retry Now`,
      );
      retry = { firstPassMs, due: due.rows, ...(await retried) };
    } else {
      await waitFor(
        () => delivered() >= expected,
        () => `${tally.unique} e-mails and ${provider.unique} SMS of ${expected} delivered`,
      );
    }
    const deliveredMs = performance.now() - t0;

    let last: Counts = {};
    await waitFor(
      async () => {
        last = await counts();
        return (last.sent ?? 0) >= expected;
      },
      () => `outbox: ${JSON.stringify(last)}`,
      50,
    );
    const settledMs = performance.now() - t0;
    const memory = await target.ask({ type: 'memory', reset: false }, 'memory');
    // Let a straggler (a message sent twice) show itself before counting.
    await sleep(1500);
    const endHeap = await target.ask({ type: 'heap' }, 'heap');
    tally.drain();
    return {
      kind: ready.kind,
      type,
      expected,
      callMs,
      deliveredMs,
      settledMs,
      idle: { rssMb: idle.rssMb, peakRssMb: idle.peakRssMb, cpuPct: idle.cpuPct },
      serverCpuPct: memory.cpuPct,
      warm: { rssMb: warm.rssMb, peakRssMb: warm.peakRssMb, cpuPct: warm.cpuPct },
      peakRssMb: Math.max(warm.peakRssMb, memory.peakRssMb),
      peakAfterWarmMb: memory.peakRssMb,
      endRssMb: memory.rssMb,
      heapMb: { idle: idleHeap.heapMb, end: endHeap.heapMb },
      total: tally.total + provider.total,
      unique: tally.unique + provider.unique,
      deferred: tally.deferred,
      sms: { total: provider.total, unique: provider.unique, segments: provider.segments },
      counts: await counts(),
      retry,
    };
  } finally {
    await target.stop();
  }
}

type Result = { label: string; kind: string; clean?: Run; deferred?: Run; both?: Run };

async function benchDatabase(
  label: string,
  databaseUrl: string,
  sink: SmtpSink,
  smtpUrl: string,
  provider: FakeSmsProvider,
): Promise<Result> {
  const run = (defer: number, type: 'email' | 'both') =>
    runOnce(databaseUrl, sink, smtpUrl, provider, { defer, type });
  const clean = RUNS.has('email') ? await run(0, 'email') : undefined;
  const deferred = RUNS.has('deferred') ? await run(DEFER_SHARE, 'email') : undefined;
  const both = RUNS.has('both') ? await run(0, 'both') : undefined;
  const kind = (clean ?? deferred ?? both)?.kind ?? '';
  return { label, kind, clean, deferred, both };
}

const secs = (ms: number) => (ms / 1000).toFixed(2);
const perS = (r: Run) => (r.expected / r.deliveredMs) * 1000;
const growth = (r: Run) => Math.round((r.peakRssMb - r.idle.rssMb) * 10) / 10;
const heapChange = (r: Run) => `${r.heapMb.idle.toFixed(0)} → ${r.heapMb.end.toFixed(0)} MB`;
const drift = (r: Run) => Math.round((r.peakAfterWarmMb - r.warm.rssMb) * 10) / 10;
const lost = (r: Run) => r.expected - r.unique;
const duplicates = (r: Run) => r.total - r.unique;
const targetSeconds = (r: Run) => (r.type === 'both' ? TARGETS.bothSeconds : TARGETS.seconds);
const met = (r: Run) =>
  r.deliveredMs <= targetSeconds(r) * 1000 &&
  drift(r) <= TARGETS.driftMb &&
  lost(r) === 0 &&
  duplicates(r) === 0 &&
  (r.counts.sent ?? 0) === r.expected;

function report(r: Result): { text: string; json: Record<string, unknown> } {
  const row = (name: string, run: Run) => [
    name,
    run.callMs.toFixed(0),
    secs(run.deliveredMs),
    perS(run).toFixed(0),
    run.idle.rssMb.toFixed(0),
    run.warm.rssMb.toFixed(0),
    run.peakRssMb.toFixed(0),
    `+${drift(run).toFixed(0)}`,
    run.total,
    run.unique,
    lost(run),
    duplicates(run),
    `< ${targetSeconds(run).toFixed(0)} s, +≤ ${TARGETS.driftMb} MB, 0 lost/dup`,
    met(run) ? 'yes' : 'NO',
  ];
  const text = table(
    [
      'run',
      'call ms',
      'delivered s',
      'msg/s',
      'RSS MB: idle',
      'at 10 %',
      'peak',
      'peak − at 10 %',
      'received',
      'unique',
      'lost',
      'dup',
      'target',
      'met',
    ],
    [
      ...(r.clean ? [row('e-mail, all accepted', r.clean)] : []),
      ...(r.deferred
        ? [row(`e-mail, ${Math.round(DEFER_SHARE * 100)} % deferred once (451), Retry Now`, r.deferred)]
        : []),
      ...(r.both ? [row('Email & SMS (both), all accepted', r.both)] : []),
    ],
  );
  const json = (run: Run) => ({
    type: run.type,
    messages: run.expected,
    call_ms: Math.round(run.callMs),
    delivered_s: +secs(run.deliveredMs),
    all_sent_s: +secs(run.settledMs),
    per_s: Math.round(perS(run)),
    idle_rss_mb: run.idle.rssMb,
    warm_rss_mb: run.warm.rssMb,
    peak_rss_mb: run.peakRssMb,
    end_rss_mb: run.endRssMb,
    growth_mb: growth(run),
    drift_mb: drift(run),
    heap_after_gc_mb: run.heapMb,
    server_cpu_pct: run.serverCpuPct,
    received: run.total,
    unique: run.unique,
    deferred: run.deferred,
    lost: lost(run),
    duplicates: duplicates(run),
    ...(run.type === 'both' ? { sms: run.sms } : {}),
    outbox: run.counts,
    ...(run.retry
      ? {
          first_pass_s: +secs(run.retry.firstPassMs),
          made_due: run.retry.due,
          retry_now_ms: Math.round(run.retry.callMs),
          retried: run.retry.retried,
        }
      : {}),
    met: met(run),
  });
  return {
    text,
    json: {
      bench: 'notifications',
      database: r.label,
      kind: r.kind,
      participants: PARTICIPANTS,
      outbox_concurrency: CONCURRENCY,
      outbox_lease_seconds: LEASE_SECONDS,
      smtp_delay_ms: SMTP_DELAY_MS,
      target_s: TARGETS.seconds,
      target_both_s: TARGETS.bothSeconds,
      target_drift_mb: TARGETS.driftMb,
      ...(r.clean ? { clean: json(r.clean) } : {}),
      ...(r.deferred ? { deferred: { share: DEFER_SHARE, ...json(r.deferred) } } : {}),
      ...(r.both ? { both: json(r.both) } : {}),
    },
  };
}

async function main(): Promise<void> {
  const { SmtpSink } = await import('../apps/api/test/fixtures/smtp-sink');
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const provider = new FakeSmsProvider();
  await provider.start();
  const results: Result[] = [];
  try {
    for (const database of DATABASES) {
      try {
        results.push(await benchDatabase(database.label, database.url, sink, smtpUrl, provider));
      } catch (err) {
        // PGlite is in-process and must work; the PostgreSQL server may simply not be there.
        if (!database.url) throw err;
        console.error(`${database.label} run skipped: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  } finally {
    await sink.close();
    await provider.close();
  }
  console.log(
    `\nLogin details, one POST /api/events/{id}/participants/send_notifications/ for ` +
      `${PARTICIPANTS.toLocaleString('en-US')} participants (admin token), sent by the outbox ` +
      `(OUTBOX_CONCURRENCY=${CONCURRENCY}) to an SMTP sink on loopback` +
      (SMTP_DELAY_MS ? ` taking ${SMTP_DELAY_MS} ms a message` : '') +
      ` and, with type 'both', to a fake SMS provider (Twilio's API) on loopback` +
      `; a fresh server and database for each run; RSS of the server process, sampled every ` +
      `${SAMPLE_MS} ms. Targets: 10,000 e-mails in under 60 s; 10,000 e-mails and 10,000 SMS in ` +
      `under 90 s; memory flat (peak RSS over the last 90 % at most ${TARGETS.driftMb} MB above ` +
      `the RSS once 10 % were sent), none lost or duplicated`,
  );
  const reports = results.map(report);
  for (const [i, r] of results.entries()) {
    console.log(`\n${r.label}\n${reports[i]?.text}`);
    for (const [name, run] of [
      ['e-mail, all accepted', r.clean],
      ['e-mail, deferred', r.deferred],
      ['Email & SMS', r.both],
    ] as const) {
      if (!run) continue;
      console.log(
        `${name}: server CPU ${run.serverCpuPct}% of a core; RSS from idle to peak +${growth(run)} MB; ` +
          `heap after a full GC, idle → end: ${heapChange(run)}; all rows marked sent at ` +
          `${secs(run.settledMs)} s` +
          (run.type === 'both'
            ? `; SMS accepted ${run.sms.total} (${run.sms.unique} numbers, ${run.sms.segments} segments)`
            : ''),
      );
    }
    const retry = r.deferred?.retry;
    if (r.deferred && retry) {
      console.log(
        `deferred run: first pass over at ${secs(retry.firstPassMs)} s (${r.deferred.deferred} deferred, ` +
          `${r.deferred.deferred - retry.due} of them already retried on their own backoff), ` +
          `${retry.due} made due, Retry Now took ${retry.retried} and answered in ` +
          `${secs(retry.callMs)} s; all rows marked sent at ${secs(r.deferred.settledMs)} s`,
      );
    }
  }
  console.log('');
  for (const r of reports) console.log(JSON.stringify(r.json));
  const runs = results.flatMap((r) => [r.clean, r.deferred, r.both].filter((run) => run !== undefined));
  if (runs.some((run) => lost(run) || duplicates(run))) {
    console.error('\nSome messages were lost or sent twice.');
    process.exitCode = 1;
  }
}

if (process.argv[2] === 'serve') await serve();
else await main();
