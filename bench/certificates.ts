// npm run bench:certificates: certificates of attendance over real HTTP with an admin's Bearer
// token, on embedded PGlite and on PostgreSQL (a fresh database on BENCH_DATABASE_URL, default the
// local server's "test" database, created and dropped). One event with a logo and BENCH_MAX
// (5,000) participants, every tenth named in another script; the rule is "checked in at the door".
// For 1,000 and then 5,000 checked-in participants: POST .../certificates/issue/ (timed), then
// GET .../certificates.pdf, one A4 landscape page each (time to the last byte; the server's peak
// RSS while it streamed, sampled every 10 ms in the child process that serves, only while a PDF
// streams, reset per run, and the PDF's own part of it: that peak over the RSS the run started from).
// Then GET /api/verify/{id}/ with autocannon, 50 connections for 10 s over the issued ids. The serving
// process runs with `npm start`'s allocator setting (MALLOC_MMAP_THRESHOLD_).
// BENCH_COUNTS (1000,5000), BENCH_SECONDS (10) and BENCH_ONLY (pglite or postgres) narrow a run;
// BENCH_NODE_ARGS adds Node options to the serving process (--cpu-prof --cpu-prof-dir=DIR profiles it).
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DATABASES, table } from './participants-common';

const COUNTS = (process.env.BENCH_COUNTS ?? '1000,5000').split(',').map(Number);
const MAX = Math.max(...COUNTS);
const TARGET_PDF_SECONDS_PER_1000 = 15;
const TARGET_VERIFY_P99_MS = 20;
const VERIFY_CONNECTIONS = 50;
const VERIFY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

type Stats = {
  rssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
  peakExternalMb: number;
  maxRssMb: number;
};
type FromChild =
  | { type: 'ready'; port: number; kind: string; eventId: number }
  | { type: 'checkedIn'; count: number }
  | { type: 'stats'; stats: Stats }
  | { type: 'error'; message: string };
type ToChild = { type: 'checkIn'; count: number } | { type: 'stats'; reset: boolean } | { type: 'stop' };

const OTHER_SCRIPTS = [
  'Σωκράτης Παπαδόπουλος',
  'Александра Иванова',
  'محمد عبدالله',
  'अनिल कुमार',
  '王小明',
  '山田 花子',
  'דוד כהן',
  'สมชาย ใจดี',
  'አበበ ቢቂላ',
  '김민준',
];

async function serve(): Promise<void> {
  const { createHash } = await import('node:crypto');
  const { asc } = await import('drizzle-orm');
  const { PNG } = await import('pngjs');
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config');
  const { openDatabase } = await import('../apps/api/src/db/client');
  const { createScratchDatabase } = await import('../apps/api/src/db/scratch');
  const { checkIns, eventLogos, events, participants } = await import('../apps/api/src/db/schema');
  const { createStaffUser } = await import('../apps/api/src/services/auth/create-staff-user');
  const { generateUniqueCode } = await import('../apps/api/src/services/events/generate-codes');
  const { participantRow } = await import('./participants-data');

  const send = (m: FromChild) => process.send?.(m);
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, { prefix: 'attend_bench' }) : null;
  const database = scratch
    ? await openDatabase({ kind: 'postgres', url: scratch.url })
    : await openDatabase({ kind: 'pglite' });
  const db = database.db;
  const config = loadConfig(
    { DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://attend.example.org' },
    { secretKey: randomBytes(32).toString('hex') },
  );
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });

  const logo = new PNG({ width: 200, height: 200 });
  for (let i = 0; i < logo.data.length; i += 4) logo.data.set([30, 120, 200, 255], i);
  const logoPng = PNG.sync.write(logo);
  const logoHash = createHash('sha256').update(logoPng).digest('hex').slice(0, 32);
  const [event] = await db
    .insert(events)
    .values({
      name: 'Benchmark Conference on Primary Health Care',
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 86_400_000),
      location: 'Nairobi',
      eventCode: `C${randomBytes(3).toString('hex').toUpperCase()}`,
      logoHash,
      certificateRules: { door: 'any_day', min_sessions: null, min_dsa_days: null },
      certificateDesign: { signatory_name: 'Dr. Achieng Odhiambo', signatory_title: 'Programme Director' },
    })
    .returning();
  if (!event) throw new Error('no event');
  await db.insert(eventLogos).values({
    eventId: event.id,
    content: logoPng,
    mimeType: 'image/png',
    hash: logoHash,
    width: 200,
    height: 200,
  });
  await createStaffUser(db, { username: 'bench', password: 'bench-password' });
  const codes = new Set<string>();
  for (let start = 0; start < MAX; start += 1000) {
    const batch = [];
    for (let i = start; i < Math.min(MAX, start + 1000); i++) {
      let code = generateUniqueCode();
      while (codes.has(code)) code = generateUniqueCode();
      codes.add(code);
      const r = participantRow(i);
      batch.push({
        eventId: event.id,
        username: `${r.email.split('@')[0]}`,
        fullName:
          i % 10 === 9 ? `${OTHER_SCRIPTS[Math.floor(i / 10) % OTHER_SCRIPTS.length]} ${i}` : r.full_name,
        email: r.email,
        organization: r.organization,
        uniqueCode: code,
        confirmedAttendance: true,
        confirmedAt: new Date(),
      });
    }
    await db.insert(participants).values(batch);
  }
  const ids = (await db.select({ id: participants.id }).from(participants).orderBy(asc(participants.id))).map(
    (r) => r.id,
  );
  let checkedIn = 0;

  let peakRss = 0;
  let peakHeap = 0;
  let peakExternal = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapTotal);
    peakExternal = Math.max(peakExternal, m.external);
  };
  // Sampled only while a PDF streams (from a reset to the next read): memoryUsage() reads /proc and
  // would otherwise cost the server CPU during the verify run too.
  let sampler: NodeJS.Timeout | undefined;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const address = app.server.address();
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    kind: database.kind,
    eventId: event.id,
  });

  process.on('message', (msg: ToChild) => {
    void (async () => {
      try {
        if (msg.type === 'checkIn') {
          // Door check-ins for everyone up to `count` (in id order).
          const chosen = ids.slice(checkedIn, msg.count);
          for (let i = 0; i < chosen.length; i += 1000) {
            await db
              .insert(checkIns)
              .values(
                chosen.slice(i, i + 1000).map((participantId) => ({ eventId: event.id, participantId })),
              );
          }
          checkedIn = Math.max(checkedIn, msg.count);
          send({ type: 'checkedIn', count: checkedIn });
        } else if (msg.type === 'stats') {
          sample();
          clearInterval(sampler);
          sampler = undefined;
          send({
            type: 'stats',
            stats: {
              rssMb: mb(process.memoryUsage().rss),
              peakRssMb: mb(peakRss),
              peakHeapMb: mb(peakHeap),
              peakExternalMb: mb(peakExternal),
              maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
            },
          });
          if (msg.reset) {
            global.gc?.();
            peakRss = 0;
            peakHeap = 0;
            peakExternal = 0;
            sample();
            sampler = setInterval(sample, 10).unref();
          }
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
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []),
      ],
      // The allocator as `npm start` sets it (package.json): large freed blocks go back to the system.
      env: {
        MALLOC_MMAP_THRESHOLD_: '131072',
        ...process.env,
        BENCH_DATABASE_URL: databaseUrl,
      },
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

/** GETs the PDF as it streams: bytes, pages (page objects are written uncompressed) and time. */
async function download(
  url: string,
  token: string,
): Promise<{ pages: number; bytes: number; lastMs: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  let bytes = 0;
  let pages = 0;
  let tail = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    const text = tail + Buffer.from(value).toString('latin1');
    pages += text.match(/\/Type \/Page[^s]/g)?.length ?? 0;
    tail = text.slice(-12);
    pages -= tail.match(/\/Type \/Page[^s]/g)?.length ?? 0;
  }
  pages += tail.match(/\/Type \/Page[^s]/g)?.length ?? 0;
  return { pages, bytes, lastMs: performance.now() - started };
}

type Run = {
  database: string;
  count: number;
  issueMs: number;
  pdf: { pages: number; bytes: number; lastMs: number };
  before: Stats;
  after: Stats;
};
type Verify = {
  database: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
};

async function benchDatabase(label: string, databaseUrl: string): Promise<{ runs: Run[]; verify: Verify }> {
  const { target, ready } = await Target.start(databaseUrl);
  try {
    const base = `http://127.0.0.1:${ready.port}`;
    const login = await fetch(`${base}/api/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
    });
    if (login.status !== 200) throw new Error(`${label}: sign-in answered ${login.status}`);
    const { access } = (await login.json()) as { access: string };
    const headers = { authorization: `Bearer ${access}` };
    const pdfUrl = `${base}/api/events/${ready.eventId}/certificates.pdf`;
    const issue = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/events/${ready.eventId}/certificates/issue/`, {
        method: 'POST',
        headers,
      });
      if (res.status !== 200) throw new Error(`issue answered ${res.status}: ${await res.text()}`);
      return performance.now() - started;
    };

    // Warm-up: fonts read and parsed, code compiled, on a few certificates.
    await target.ask({ type: 'checkIn', count: 40 }, 'checkedIn');
    await issue();
    await download(pdfUrl, access);

    const runs: Run[] = [];
    for (const count of COUNTS) {
      await target.ask({ type: 'checkIn', count }, 'checkedIn');
      const issueMs = await issue();
      const { stats: before } = await target.ask({ type: 'stats', reset: true }, 'stats');
      const pdf = await download(pdfUrl, access);
      const { stats: after } = await target.ask({ type: 'stats', reset: false }, 'stats');
      if (pdf.pages !== count) throw new Error(`${label}: ${pdf.pages} pages, expected ${count}`);
      runs.push({ database: label, count, issueMs, pdf, before, after });
    }

    const list = await fetch(`${base}/api/events/${ready.eventId}/certificates/`, { headers });
    const ids = ((await list.json()) as { results: { id: string }[] }).results.map((c) => c.id);
    const requests = ids.slice(0, 1000).map((id) => ({ method: 'GET' as const, path: `/api/verify/${id}/` }));
    await autocannon({ url: base, connections: 10, duration: 2, requests });
    let client = 0;
    const r = await autocannon({
      url: base,
      connections: VERIFY_CONNECTIONS,
      duration: VERIFY_SECONDS,
      requests,
      setupClient: (c) => {
        const start = (client++ * 17) % requests.length;
        c.setRequests([...requests.slice(start), ...requests.slice(0, start)]);
      },
    });
    const verify: Verify = {
      database: label,
      requests: r.requests.total,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors + r.non2xx,
    };
    return { runs, verify };
  } finally {
    await target.stop();
  }
}

async function main(): Promise<void> {
  const runs: Run[] = [];
  const verifies: Verify[] = [];
  for (const database of DATABASES) {
    try {
      const result = await benchDatabase(database.label, database.url);
      runs.push(...result.runs);
      verifies.push(result.verify);
    } catch (err) {
      if (!database.url) throw err;
      console.error(`${database.label} run skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `\nCertificates: POST .../certificates/issue/, then GET .../certificates.pdf (one A4 landscape page each, ` +
      `logo, every tenth name in another script); target: 1,000 in under ${TARGET_PDF_SECONDS_PER_1000} s, memory flat`,
  );
  console.log(
    table(
      [
        'database',
        'certificates',
        'issue s',
        'pages',
        'PDF MB',
        'PDF last byte s',
        'RSS before MB',
        'peak RSS MB',
        "PDF's own MB",
        'peak JS heap MB',
        'peak external MB',
        'process max RSS MB',
        'target met',
      ],
      runs.map((r) => [
        r.database,
        r.count.toLocaleString('en-US'),
        seconds(r.issueMs),
        r.pdf.pages,
        (r.pdf.bytes / 1024 / 1024).toFixed(1),
        seconds(r.pdf.lastMs),
        r.before.rssMb,
        r.after.peakRssMb,
        r.after.peakRssMb - r.before.rssMb,
        r.after.peakHeapMb,
        r.after.peakExternalMb,
        r.after.maxRssMb,
        r.pdf.lastMs <= (TARGET_PDF_SECONDS_PER_1000 * 1000 * r.count) / 1000 ? 'yes' : 'NO',
      ]),
    ),
  );
  // Memory flat: what streaming the PDF adds to the process (its peak RSS over the RSS it started
  // from), at the fewest and the most certificates, and the peaks themselves.
  for (const database of new Set(runs.map((r) => r.database))) {
    const mine = runs.filter((r) => r.database === database);
    const first = mine[0];
    const last = mine[mine.length - 1];
    if (!first || !last || first === last) continue;
    const counts = `${first.count.toLocaleString('en-US')} → ${last.count.toLocaleString('en-US')}`;
    console.log(
      `${database}, ${counts} certificates: peak RSS ${first.after.peakRssMb} → ${last.after.peakRssMb} MB; ` +
        `the PDF's own ${first.after.peakRssMb - first.before.rssMb} → ${last.after.peakRssMb - last.before.rssMb} MB`,
    );
  }
  console.log(
    `\nGET /api/verify/{id}/, ${VERIFY_CONNECTIONS} connections for ${VERIFY_SECONDS} s over 1,000 ids; target p99 under ${TARGET_VERIFY_P99_MS} ms`,
  );
  console.log(
    table(
      ['database', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'target met'],
      verifies.map((v) => [
        v.database,
        v.requests,
        v.rps,
        v.p50,
        v.p99,
        v.max,
        v.errors,
        v.p99 < TARGET_VERIFY_P99_MS ? 'yes' : 'NO',
      ]),
    ),
  );
  console.log('');
  console.log(JSON.stringify({ bench: 'certificates', runs, verify: verifies }));
}

if (process.argv[2] === 'serve') await serve();
else await main();
