// Benchmark target of bench:guessing: the real app (API and built web app) on a fresh database
// (PGlite in memory, or a scratch database on the PostgreSQL server in BENCH_DATABASE_URL), with a
// staff user, one event of BENCH_SEED participants whose codes it reports, one login link, and a
// control server that sets guessing counters as if failures had happened.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { events, loginLinks, participants, rateLimitBuckets } from '../apps/api/src/db/schema';
import { createScratchDatabase } from '../apps/api/src/db/scratch';
import { createStaffUser } from '../apps/api/src/services/auth/create-staff-user';
import { generateUniqueCode } from '../apps/api/src/services/events/generate-codes';
import { randomToken, sha256 } from '../apps/api/src/lib/tokens';
import { webDistDir } from '../apps/api/src/lib/root';

const GUESS_STAFF = { username: 'bench', password: 'bench-password-1' };
const GUESS_EVENT_CODE = 'GUESS1';

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ kind: 'pglite' }), drop: async () => {} };
  const scratch = await createScratchDatabase(serverUrl, { prefix: 'attend_bench' });
  return { database: await openDatabase({ kind: 'postgres', url: scratch.url }), drop: scratch.drop };
}

const seedCount = Number(process.env.BENCH_SEED ?? 1000);
const { database, drop } = await open();
const db = database.db;
const staff = await createStaffUser(db, GUESS_STAFF);
const [event] = await db
  .insert(events)
  .values({
    name: 'Guessing Benchmark',
    startDate: new Date(),
    endDate: new Date(Date.now() + 3 * 86_400_000),
    eventCode: GUESS_EVENT_CODE,
  })
  .returning();
if (!event) throw new Error('no event');
const codes = new Set<string>();
while (codes.size < seedCount) codes.add(generateUniqueCode());
const list = [...codes];
for (let start = 0; start < list.length; start += 1000) {
  await db.insert(participants).values(
    list.slice(start, start + 1000).map((uniqueCode, i) => ({
      eventId: event.id,
      username: `guest${start + i}`,
      fullName: `Guest ${start + i}`,
      email: `guest${start + i}@example.org`,
      uniqueCode,
      confirmedAttendance: true,
      confirmedAt: new Date(),
    })),
  );
}
const [first] = await db.select().from(participants).limit(1);
const linkToken = randomToken(16);
await db.insert(loginLinks).values({
  tokenHash: sha256(linkToken),
  eventId: event.id,
  participantId: first?.id ?? 0,
  createdBy: staff.id,
  expiresAt: event.endDate,
});

const config = loadConfig(
  { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'attend-bench-')), LOG_LEVEL: 'silent' },
  { secretKey: randomBytes(32).toString('hex'), webDist: webDistDir },
);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });

const ctl = Fastify();
ctl.get('/codes', async () => ({ codes: list, link: linkToken, eventId: event.id }));
// Counters as if their failures had happened: { key: hits }, for a window of a day.
ctl.post('/counters', async (request) => {
  for (const [key, hits] of Object.entries(request.body as Record<string, number>)) {
    await db
      .insert(rateLimitBuckets)
      .values({ key, hits, expiresAt: new Date(Date.now() + 86_400_000) })
      .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { hits } });
  }
  return { ok: true };
});
await ctl.listen({ port: 0, host: '127.0.0.1' });

const port = (server: typeof app) => {
  const address = server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
console.log(JSON.stringify({ app: port(app), ctl: port(ctl), kind: database.kind }));

process.on('SIGTERM', () => {
  void (async () => {
    await ctl.close();
    await app.close();
    await drop();
    process.exit(0);
  })();
});
