// npm run bench:badges: GET /api/events/{id}/badges.pdf?all_confirmed=1&layout=a4-4 over real HTTP
// with an admin's Bearer token, on embedded PGlite and on PostgreSQL (a fresh database on
// BENCH_DATABASE_URL, default the local server's "test" database, created and dropped). One event
// with a logo and BENCH_MAX (5,000) participants, every tenth named in another script (Greek,
// Cyrillic, Arabic, Hebrew, Devanagari, Bengali, Tamil, Thai, Georgian, Armenian, Ethiopic, Korean,
// Chinese, Japanese, or with an emoji); the first 1,000 and then all 5,000 are
// confirmed, and each set is printed as A4 sheets of four.
//
// Reported per run: time to the first and the last byte, pages and bytes of the PDF, and the
// server's resident memory (RSS) before and at its peak while the PDF streamed (sampled every
// 10 ms, reset before each run) and the process's lifetime peak. The server runs in a child process
// (as in production); a warm-up print first loads the fonts, so both runs start from the same state.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DATABASES, table } from './participants-common';

const COUNTS = (process.env.BENCH_COUNTS ?? '1000,5000').split(',').map(Number);
const MAX = Math.max(...COUNTS);
const TARGET_SECONDS_PER_1000 = 10;

type Stats = { rssMb: number; peakRssMb: number; maxRssMb: number; heapMb: number };
type FromChild =
  | { type: 'ready'; port: number; kind: string; eventId: number }
  | { type: 'confirmed'; count: number }
  | { type: 'stats'; stats: Stats }
  | { type: 'error'; message: string };
type ToChild = { type: 'confirm'; count: number } | { type: 'stats'; reset: boolean } | { type: 'stop' };

const OTHER_SCRIPTS = [
  'Σωκράτης Παπαδόπουλος',
  'Александра Иванова',
  'محمد عبدالله',
  'अनिल कुमार',
  '王小明',
  '山田 花子',
  'Zoë Ångström',
  'فاطمة الزهراء',
  'דוד כהן',
  'অমিত রায়',
  'முருகன் செல்வம்',
  'สมชาย ใจดี',
  'ნინო ბერიძე',
  'Արամ Պետրոսյան',
  'አበበ ቢቂላ',
  '김민준',
  'Ana 😀 Silva',
];

// ---------------------------------------------------------------------------------------------
// Child: the real app on a fresh database, one event with a logo and MAX participants.
// ---------------------------------------------------------------------------------------------
async function serve(): Promise<void> {
  const { createHash } = await import('node:crypto');
  const { asc, inArray } = await import('drizzle-orm');
  const { PNG } = await import('pngjs');
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config');
  const { openDatabase } = await import('../apps/api/src/db/client');
  const { createScratchDatabase } = await import('../apps/api/src/db/scratch');
  const { eventLogos, events, participants } = await import('../apps/api/src/db/schema');
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
    { DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' },
    { secretKey: randomBytes(32).toString('hex') },
  );
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });

  // A 200 × 200 logo with transparency, as an organiser would upload.
  const logo = new PNG({ width: 200, height: 200 });
  for (let y = 0; y < 200; y++) {
    for (let x = 0; x < 200; x++) {
      const i = (y * 200 + x) * 4;
      const inside = (x - 100) ** 2 + (y - 100) ** 2 < 90 ** 2;
      logo.data.set(inside ? [220, 60, 30, 255] : [0, 0, 0, 0], i);
    }
  }
  const logoPng = PNG.sync.write(logo);
  const logoHash = createHash('sha256').update(logoPng).digest('hex').slice(0, 32);
  const [event] = await db
    .insert(events)
    .values({
      name: 'Benchmark Conference on Primary Health Care',
      startDate: new Date(),
      endDate: new Date(Date.now() + 2 * 86_400_000),
      location: 'Here',
      eventCode: `B${randomBytes(3).toString('hex').toUpperCase()}`,
      logoHash,
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
        phone: r.phone,
        organization: r.organization,
        jobTitle: r.job_title,
        uniqueCode: code,
      });
    }
    await db.insert(participants).values(batch);
  }
  const ids = (await db.select({ id: participants.id }).from(participants).orderBy(asc(participants.id))).map(
    (r) => r.id,
  );

  // Memory: sampled every 10 ms (reset per run) plus the kernel's lifetime peak.
  let peakRss = 0;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  setInterval(sample, 10).unref();
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
        if (msg.type === 'confirm') {
          // Everyone up to `count` confirmed (in id order), nobody after.
          const chosen = ids.slice(0, msg.count);
          for (let i = 0; i < chosen.length; i += 1000) {
            await db
              .update(participants)
              .set({ confirmedAttendance: true, confirmedAt: new Date() })
              .where(inArray(participants.id, chosen.slice(i, i + 1000)));
          }
          send({ type: 'confirmed', count: chosen.length });
        } else if (msg.type === 'stats') {
          sample();
          const m = process.memoryUsage();
          send({
            type: 'stats',
            stats: {
              rssMb: mb(m.rss),
              peakRssMb: mb(peakRss),
              maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
              heapMb: mb(m.heapUsed),
            },
          });
          if (msg.reset) {
            global.gc?.();
            peakRss = 0;
            sample();
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

// ---------------------------------------------------------------------------------------------
// Parent: the downloads over HTTP, and the table.
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
      execArgv: ['--import', 'tsx', '--expose-gc'],
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

type Download = {
  status: number;
  badges: number;
  pages: number;
  bytes: number;
  firstMs: number;
  lastMs: number;
};

/** GETs the PDF, reading it as it streams: bytes, and pages counted from the page objects. */
async function download(url: string, token: string): Promise<Download> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  let bytes = 0;
  let firstMs = 0;
  let pages = 0;
  let tail = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstMs) firstMs = performance.now() - started;
    bytes += value.length;
    // Page objects ("/Type /Page" but not "/Pages") are written uncompressed; the end of each
    // chunk is carried over so that one split between chunks still counts.
    const textChunk = tail + Buffer.from(value).toString('latin1');
    pages += textChunk.match(/\/Type \/Page[^s]/g)?.length ?? 0;
    tail = textChunk.slice(-12);
    pages -= tail.match(/\/Type \/Page[^s]/g)?.length ?? 0;
  }
  pages += tail.match(/\/Type \/Page[^s]/g)?.length ?? 0;
  return {
    status: res.status,
    badges: Number(res.headers.get('x-badge-count')),
    pages,
    bytes,
    firstMs,
    lastMs: performance.now() - started,
  };
}

type Run = { database: string; kind: string; count: number; download: Download; before: Stats; after: Stats };

async function benchDatabase(label: string, databaseUrl: string): Promise<Run[]> {
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
    const url = `${base}/api/events/${ready.eventId}/badges.pdf?all_confirmed=1&layout=a4-4`;

    // Warm-up: fonts read and parsed, code compiled, on a few badges.
    await target.ask({ type: 'confirm', count: 40 }, 'confirmed');
    await download(url, access);

    const runs: Run[] = [];
    for (const count of COUNTS) {
      await target.ask({ type: 'confirm', count }, 'confirmed');
      const { stats: before } = await target.ask({ type: 'stats', reset: true }, 'stats');
      const result = await download(url, access);
      const { stats: after } = await target.ask({ type: 'stats', reset: false }, 'stats');
      if (result.badges !== count) throw new Error(`${label}: ${result.badges} badges, expected ${count}`);
      runs.push({ database: label, kind: ready.kind, count, download: result, before, after });
    }
    return runs;
  } finally {
    await target.stop();
  }
}

async function main(): Promise<void> {
  const runs: Run[] = [];
  for (const database of DATABASES) {
    try {
      runs.push(...(await benchDatabase(database.label, database.url)));
    } catch (err) {
      // PGlite is in-process and must work; the PostgreSQL server may simply not be there.
      if (!database.url) throw err;
      console.error(`${database.label} run skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `\nBadge sheets, GET /api/events/{id}/badges.pdf?all_confirmed=1&layout=a4-4 (four badges a page, ` +
      `event logo, every tenth name in another script), target: 1,000 badges in under ` +
      `${TARGET_SECONDS_PER_1000} s, memory flat as the count grows`,
  );
  console.log(
    table(
      [
        'database',
        'badges',
        'pages',
        'PDF MB',
        'first byte s',
        'last byte s',
        'badges/s',
        'RSS before MB',
        'peak RSS MB',
        'process max RSS MB',
        'target met',
      ],
      runs.map((r) => [
        r.database,
        r.count.toLocaleString('en-US'),
        r.download.pages,
        (r.download.bytes / 1024 / 1024).toFixed(1),
        seconds(r.download.firstMs),
        seconds(r.download.lastMs),
        Math.round((r.count / r.download.lastMs) * 1000),
        r.before.rssMb,
        r.after.peakRssMb,
        r.after.maxRssMb,
        r.download.lastMs <= (TARGET_SECONDS_PER_1000 * 1000 * r.count) / 1000 ? 'yes' : 'NO',
      ]),
    ),
  );
  const byDatabase = new Map<string, Run[]>();
  for (const r of runs) byDatabase.set(r.database, [...(byDatabase.get(r.database) ?? []), r]);
  for (const [database, list] of byDatabase) {
    const first = list[0];
    const last = list[list.length - 1];
    if (first && last && first !== last) {
      console.log(
        `${database}: peak RSS ${first.after.peakRssMb} MB at ${first.count.toLocaleString('en-US')} badges, ` +
          `${last.after.peakRssMb} MB at ${last.count.toLocaleString('en-US')} ` +
          `(${last.after.peakRssMb - first.after.peakRssMb >= 0 ? '+' : ''}${last.after.peakRssMb - first.after.peakRssMb} MB)`,
      );
    }
  }
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'badges',
      layout: 'a4-4',
      target_seconds_per_1000: TARGET_SECONDS_PER_1000,
      runs: runs.map((r) => ({
        database: r.database,
        kind: r.kind,
        badges: r.count,
        pages: r.download.pages,
        bytes: r.download.bytes,
        first_byte_s: +seconds(r.download.firstMs),
        last_byte_s: +seconds(r.download.lastMs),
        rss_before_mb: r.before.rssMb,
        peak_rss_mb: r.after.peakRssMb,
        process_max_rss_mb: r.after.maxRssMb,
      })),
    }),
  );
  const slow = runs.filter((r) => r.count === 1000 && r.download.lastMs > TARGET_SECONDS_PER_1000 * 1000);
  if (slow.length > 0) process.exitCode = 1;
}

if (process.argv[2] === 'serve') await serve();
else await main();
