// Benchmark target of bench:station: the real app (API and built web app) on a fresh database
// (PGlite in memory, or a scratch database on the PostgreSQL server in BENCH_DATABASE_URL), with an
// admin, one event under way with BENCH_SEED confirmed participants (realistic names), and a control
// server that hands out participants' QR credentials (what their badges carry).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { events, participants } from '../apps/api/src/db/schema';
import { createScratchDatabase } from '../apps/api/src/db/scratch';
import { webDistDir } from '../apps/api/src/lib/root';
import { createStaffUser } from '../apps/api/src/services/auth/create-staff-user';
import { generateUniqueCode } from '../apps/api/src/services/events/generate-codes';
import { participantRow } from './participants-data';
import { STATION_STAFF } from './station-serve-config';

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ kind: 'pglite' }), drop: async () => {} };
  const scratch = await createScratchDatabase(serverUrl, { prefix: 'attend_bench' });
  return { database: await openDatabase({ kind: 'postgres', url: scratch.url }), drop: scratch.drop };
}

const seedCount = Number(process.env.BENCH_SEED ?? 20_000);
const { database, drop } = await open();
const db = database.db;
await createStaffUser(db, { ...STATION_STAFF, fullName: 'Bench Door' });
const [event] = await db
  .insert(events)
  .values({
    name: 'Station Benchmark',
    startDate: new Date(Date.now() - 3_600_000),
    endDate: new Date(Date.now() + 3 * 86_400_000),
    eventCode: 'STATN1',
  })
  .returning();
if (!event) throw new Error('no event');
// Multi-row inserts of 1,000 in one transaction: 20,000 people in a few seconds on either database.
const codes = new Set<string>();
await db.transaction(async (tx) => {
  for (let start = 0; start < seedCount; start += 1000) {
    const batch = [];
    for (let i = start; i < Math.min(seedCount, start + 1000); i++) {
      let code = generateUniqueCode();
      while (codes.has(code)) code = generateUniqueCode();
      codes.add(code);
      const r = participantRow(i);
      batch.push({
        eventId: event.id,
        username: `station${i}`,
        fullName: r.full_name,
        email: r.email,
        organization: r.organization,
        uniqueCode: code,
        confirmedAttendance: true,
        confirmedAt: new Date(),
      });
    }
    await tx.insert(participants).values(batch);
  }
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'attend-bench-'));
const config = loadConfig(
  { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  { secretKey: randomBytes(32).toString('hex'), webDist: webDistDir },
);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });

const ctl = Fastify();
// Participants in id order from `from` (0-based), with what their badge's QR code holds.
ctl.get('/badges', async (request) => {
  const q = request.query as { from?: string; count?: string };
  const rows = await db
    .select({ id: participants.id, name: participants.fullName })
    .from(participants)
    .where(eq(participants.eventId, event.id))
    .orderBy(asc(participants.id))
    .offset(Number(q.from ?? 0))
    .limit(Number(q.count ?? 10));
  const sign = await app.qrKeys.signer(db, event.id);
  return rows.map((r) => ({ ...r, credential: sign({ eventId: event.id, participantId: r.id }) }));
});
await ctl.listen({ port: 0, host: '127.0.0.1' });

const port = (server: { server: { address: () => unknown } }) => {
  const address = server.server.address();
  return typeof address === 'object' && address && 'port' in address ? Number(address.port) : 0;
};
console.log(JSON.stringify({ app: port(app), ctl: port(ctl), kind: database.kind, eventId: event.id }));

process.on('SIGTERM', () => {
  void (async () => {
    await ctl.close();
    await app.close();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
