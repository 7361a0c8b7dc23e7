/**
 * The server the Playwright journeys run against: the real app (API and built web app) on a fresh
 * database seeded with a staff user and the demo event. Embedded PGlite in a new temporary DATA_DIR,
 * or, when E2E_DATABASE_URL is set, a new database on that PostgreSQL server (dropped on exit).
 * It does not build the web app: the test runner does that first. E-mail goes to a real SMTP
 * server on loopback (e2e-mail-sink.ts), whose control the journeys reach on port + 1.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { seedDemo } from '../apps/api/src/cli/seed-demo';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { createScratchDatabase } from '../apps/api/src/db/scratch';
import { webDistDir } from '../apps/api/src/lib/root';
import { createStaffUser } from '../apps/api/src/services/auth/create-staff-user';
import { startMailSink } from './e2e-mail-sink';

export const E2E_STAFF = { username: 'staff', password: 'staff-password-1' } as const;
/** A second admin for journeys that end every sign-in of their account (the others share E2E_STAFF). */
export const E2E_STAFF_ALONE = { username: 'organiser', password: 'organiser-password-1' } as const;
/** A scanner account (the seeded event; journeys grant it their own events). */
export const E2E_SCANNER = { username: 'doorscanner', password: 'doorscanner-password-1' } as const;
export const E2E_EVENT_CODE = 'E2ETST';
export const E2E_UNIQUE_CODES: [string, string] = ['ABCD2345', 'EFGH6789'];

const port = Number(process.env.E2E_PORT ?? 3100);
const host = '127.0.0.1';

type Fresh = { database: Database; dataDir: string; cleanup: () => Promise<void> };

async function freshPostgres(serverUrl: string, dataDir: string): Promise<Fresh> {
  const scratch = await createScratchDatabase(serverUrl, { prefix: 'attend_e2e' });
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  return { database, dataDir, cleanup: scratch.drop };
}

async function freshPglite(dataDir: string): Promise<Fresh> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  return { database, dataDir, cleanup: async () => {} };
}

async function main(): Promise<void> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    console.error(
      'e2e-server: apps/web/dist/index.html is missing. Build the web app first: npm run build -w apps/web',
    );
    process.exit(1);
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'attend-e2e-'));
  const serverUrl = process.env.E2E_DATABASE_URL;
  const fresh = serverUrl ? await freshPostgres(serverUrl, dataDir) : await freshPglite(dataDir);
  const { database } = fresh;

  await createStaffUser(database.db, { ...E2E_STAFF, fullName: 'Staff Member' });
  await createStaffUser(database.db, { ...E2E_STAFF_ALONE, fullName: 'Organiser' });
  const seed = await seedDemo(database.db, { eventCode: E2E_EVENT_CODE, uniqueCodes: E2E_UNIQUE_CODES });
  await createStaffUser(database.db, {
    ...E2E_SCANNER,
    fullName: 'Door Scanner',
    role: 'scanner',
    eventIds: [seed.event.id],
  });

  const sink = await startMailSink({
    host,
    controlPort: port + 1,
    makeDue: async () => {
      const done = await database.db.execute(
        sql`update outgoing_messages set next_attempt_at = now() where status = 'retry_scheduled'`,
      );
      const counts = done as { rowCount?: number | null; affectedRows?: number };
      return counts.rowCount ?? counts.affectedRows ?? 0;
    },
  });

  const publicUrl = `http://${host}:${port}`;
  const config = loadConfig(
    {
      ...process.env,
      HOST: host,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: publicUrl,
      SECRET_KEY: undefined,
      SMTP_URL: sink.smtpUrl,
      LOG_LEVEL: 'warn',
      // A journey may say it comes from another network (X-Forwarded-For, as a proxy on this host
      // would); requests without the header stay 127.0.0.1, the address of every other journey.
      TRUST_PROXY: '127.0.0.1',
    },
    { port, webDist: webDistDir, secretKey: randomBytes(48).toString('base64url') },
  );
  // Retries that fall due wait for Retry Now (no 5 s poll), so the journey decides when they go.
  const app = await buildApp({ config, database, jobs: true, outboxOptions: { pollMs: 60 * 60 * 1000 } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`e2e-server: ${signal}, closing`);
    try {
      await app.close();
      await sink.close();
      await database.close();
      await fresh.cleanup();
    } catch (err) {
      console.error('e2e-server: cleanup failed', err);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port, host });
  console.log(
    `e2e-server: ${publicUrl} (${database.kind}), event ${seed.event.eventCode} #${seed.event.id}, ` +
      `participants ${seed.participants.map((p) => `#${p.id} ${p.fullName}`).join(', ')}`,
  );
}

main().catch((err: unknown) => {
  console.error('e2e-server:', err instanceof Error ? err.message : err);
  process.exit(1);
});
