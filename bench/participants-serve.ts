// Benchmark target for the participant benchmarks: the real app on a fresh database (PGlite in
// memory, or a scratch database on the PostgreSQL server in BENCH_DATABASE_URL), one event seeded
// with BENCH_SEED generated participants, and a control server that reports memory and runs the
// list's statements directly through the database driver (the baselines).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { events, participants } from '../apps/api/src/db/schema';
import { createScratchDatabase } from '../apps/api/src/db/scratch';
import { createStaffUser } from '../apps/api/src/services/auth/create-staff-user';
import { sql } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE } from '@attend/shared';
import { listParticipants, participantWhere } from '../apps/api/src/services/participants/list-participants';
import { refreshSearchIndexes } from '../apps/api/src/services/participants/maintenance';
import { generateUniqueCode } from '../apps/api/src/services/events/generate-codes';
import { participantRow } from './participants-data';

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ kind: 'pglite' }), drop: async () => {} };
  const scratch = await createScratchDatabase(serverUrl, { prefix: 'attend_bench' });
  return { database: await openDatabase({ kind: 'postgres', url: scratch.url }), drop: scratch.drop };
}

const seedCount = Number(process.env.BENCH_SEED ?? 0);
const confirmed = process.env.BENCH_CONFIRMED === '1';

const { database, drop } = await open();
const db = database.db;
await createStaffUser(db, { username: 'bench', password: 'bench-password' });
const [event] = await db
  .insert(events)
  .values({
    name: 'Benchmark Conference',
    startDate: new Date(),
    endDate: new Date(Date.now() + 3 * 86_400_000),
    eventCode: 'BENCH2',
  })
  .returning();
if (!event) throw new Error('no event');
const codes = new Set<string>();
for (let start = 0; start < seedCount; start += 1000) {
  const batch = [];
  for (let i = start; i < Math.min(seedCount, start + 1000); i++) {
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
      confirmedAttendance: confirmed,
      confirmedAt: confirmed ? new Date() : null,
    });
  }
  await db.insert(participants).values(batch);
}
// As after a bulk upload: search indexes flushed, planner statistics fresh.
await refreshSearchIndexes(db);

const dataDir = mkdtempSync(path.join(tmpdir(), 'attend-bench-'));
const config = loadConfig(
  { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  { secretKey: randomBytes(32).toString('hex') },
);
// BENCH_LISTINGS=unlimited: every listing at once, as before lib/admission.ts (for a before/after).
const app = await buildApp({
  config,
  database,
  ...(process.env.BENCH_LISTINGS === 'unlimited' && { listingConcurrency: null }),
});
await app.listen({ port: 0, host: '127.0.0.1' });

// Memory: sampled every 10 ms (reset per measurement) plus the kernel's lifetime peak.
let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
setInterval(sample, 10).unref();
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

type Statement = { sql: string; params: unknown[] };
type Query = (text: string, params: unknown[]) => Promise<unknown>;
type Client = {
  query: Query;
  /** The embedded database's thread only: a listing's statements, in line once (see backToBack). */
  together?: () => { query: Query };
};
const client = (db as unknown as { $client: Client }).$client;

/** `query`, noting each statement it sends in `recorded`. */
function recording(query: Query, recorded: Statement[]): Query {
  return (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[]?];
    recorded.push(
      typeof first === 'string'
        ? { sql: first, params: second ?? [] }
        : { sql: first.text, params: second ?? first.values ?? [] },
    );
    return (query as (...a: unknown[]) => Promise<unknown>)(...args);
  };
}

/** A search's recorded statements, and whether the service sent them together. */
type Recorded = { statements: Statement[]; together: boolean };

/**
 * The statements GET …/participants/?search=… runs for `term` (page 1), recorded from the service
 * itself as the driver sees them, to be replayed without HTTP and the query builder.
 */
async function listStatements(term: string): Promise<Recorded> {
  const statements: Statement[] = [];
  let together = false;
  const { query, together: start } = client;
  client.query = recording(query.bind(client), statements);
  if (start) {
    client.together = () => {
      together = true;
      const scoped = start.call(client);
      return { ...scoped, query: recording(scoped.query, statements) };
    };
  }
  try {
    await listParticipants(db, {
      eventId: event?.id ?? 0,
      query: { search: term, page: 1, page_size: DEFAULT_PAGE_SIZE }, // what the API answers by default
      qrUrlFor: () => null,
    });
  } finally {
    client.query = query;
    if (start) client.together = start;
  }
  return { statements, together };
}

/** Runs recorded statements the way the service did: together, or one after the other. */
async function replay({ statements, together }: Recorded): Promise<void> {
  const q = together && client.together ? client.together().query : client.query.bind(client);
  for (const s of statements) await q(s.sql, s.params);
}

/**
 * The work of a search that counts and sorts every match (the design before the bounded count):
 * the matches found through the same trigram index, counted with a window and sorted for one page.
 */
function fullCountStatements(term: string): Recorded {
  const where = participantWhere(event?.id ?? 0, { search: term });
  const matches = db
    .select()
    .from(participants)
    .where(where)
    .limit(2 ** 31 - 1)
    .as('matches');
  const q = db
    .select({ ...matches._.selectedFields, total: sql<number>`count(*) over ()`.as('total') })
    .from(matches)
    .orderBy(matches.fullName, matches.id)
    .limit(50);
  return { statements: [q.toSQL()], together: false };
}

const ctl = Fastify();
ctl.get('/stats', async (request) => {
  sample();
  const result = {
    rssMb: mb(process.memoryUsage().rss),
    peakRssMb: mb(peakRss),
    peakHeapMb: mb(peakHeap),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  if ((request.query as { reset?: string }).reset) {
    peakRss = 0;
    peakHeap = 0;
    sample();
  }
  return result;
});
ctl.get('/baseline', async (request) => {
  const q = request.query as { seconds?: string; connections?: string; terms?: string; kind?: string };
  const seconds = Number(q.seconds ?? 10);
  const connections = Number(q.connections ?? 20);
  const terms = (q.terms ?? 'a').split(',');
  const statements: Recorded[] = [];
  // One at a time: the recording sees every statement the driver is sent meanwhile.
  for (const term of terms) {
    statements.push(q.kind === 'full' ? fullCountStatements(term) : await listStatements(term));
  }
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const set = statements[next++ % statements.length] ?? { statements: [], together: false };
        const started = performance.now();
        await replay(set);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), total: latencies.length };
});
await ctl.listen({ port: 0, host: '127.0.0.1' });

const portOf = (addr: ReturnType<typeof app.server.address>) =>
  typeof addr === 'object' && addr ? addr.port : 0;
console.log(
  JSON.stringify({
    app: portOf(app.server.address()),
    ctl: portOf(ctl.server.address()),
    eventId: event.id,
    kind: database.kind,
  }),
);

const stop = async () => {
  await ctl.close();
  await app.close();
  await database.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
