import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { events, participants } from '../src/db/schema';
import { repoRoot } from '../src/lib/root';
import { SmtpSink } from './fixtures/smtp-sink';
import { freshPostgresUrl } from './helper';
import { testPorts } from './ports';

// The outbox across processes: a kill -9 in the middle of a batch, and two processes sharing one
// PostgreSQL outbox. Real server processes, a real SMTP server on loopback.

const ADMIN = { username: 'boss', password: 'boss-password-1' };
const CONCURRENCY = 8;
const running: ChildProcess[] = [];
const dirs: string[] = [];
const sink = new SmtpSink();
let smtpUrl = '';

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await sink.close();
});

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtpUrl,
      OUTBOX_CONCURRENCY: String(CONCURRENCY),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

async function waitFor(check: () => boolean, what: () => string, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An event with `count` participants, written straight to the database before the server starts. */
async function seed(database: Database, count: number): Promise<{ eventId: number; ids: number[] }> {
  const start = new Date(Date.now() + 86_400_000);
  const [event] = await database.db
    .insert(events)
    .values({
      name: 'Outbox Event',
      startDate: start,
      endDate: new Date(start.getTime() + 86_400_000),
      eventCode: 'OUTBX1',
    })
    .returning();
  if (!event) throw new Error('no event');
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1000) {
    const rows = await database.db
      .insert(participants)
      .values(
        Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
          eventId: event.id,
          username: `p${i + j}`,
          fullName: `Person ${i + j}`,
          email: `person${i + j}@example.org`,
          uniqueCode: `U${String(i + j).padStart(7, '0')}`,
        })),
      )
      .returning({ id: participants.id });
    ids.push(...rows.map((r) => r.id));
  }
  return { eventId: event.id, ids };
}

async function sendAll(port: number, eventId: number, ids: number[]) {
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access } = (await login.json()) as { access: string };
  const res = await fetch(`http://127.0.0.1:${port}/api/events/${eventId}/participants/send_notifications/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify({ participant_ids: ids, type: 'email' }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { success_count: number }).success_count).toBe(ids.length);
}

const unique = () => new Set(sink.received.map((r) => r.to)).size;
const port = () => testPorts();

describe('the outbox across processes', () => {
  it.skipIf(inject('pgTemplate'))(
    'a kill -9 in the middle of a 2,000-message batch loses nothing; duplicates stay under what was in flight',
    async () => {
      smtpUrl = await sink.start();
      sink.received = [];
      sink.delayMs = 5;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'attend-outbox-'));
      dirs.push(dataDir);
      const database = await openDatabase({ kind: 'pglite', dataDir });
      const { eventId, ids } = await seed(database, 2000);
      await database.close();

      const p = port();
      // A short lease, so the restarted process takes over the dead one's claims quickly.
      const first = startServer({ DATA_DIR: dataDir, PORT: String(p), OUTBOX_LEASE_SECONDS: '2' });
      await waitFor(() => first.output().includes('Attend is running at'), first.output);
      await sendAll(p, eventId, ids);
      await waitFor(
        () => sink.received.length >= 300,
        () => `${sink.received.length} received`,
      );
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      const atKill = sink.received.length;
      expect(atKill).toBeLessThan(2000);

      const second = startServer({ DATA_DIR: dataDir, PORT: String(p + 1), OUTBOX_LEASE_SECONDS: '2' });
      await waitFor(
        () => unique() === 2000,
        () => `${unique()} of 2000 delivered\n${second.output()}`,
      );
      const duplicates = sink.received.length - unique();
      expect(duplicates).toBeLessThanOrEqual(CONCURRENCY);
      second.child.kill('SIGTERM');
    },
    180_000,
  );

  it.skipIf(!inject('pgTemplate'))(
    'two processes on one PostgreSQL send every message exactly once',
    async () => {
      smtpUrl = await sink.start();
      sink.received = [];
      sink.delayMs = 2;
      const url = await freshPostgresUrl();
      if (!url) throw new Error('no PostgreSQL');
      const database = await openDatabase({ kind: 'postgres', url });
      const { eventId, ids } = await seed(database, 1000);
      await database.close();
      const p = port();
      const shared = { DATABASE_URL: url, SECRET_KEY: 'outbox-test-secret-0123456789-abcdefghijkl' };
      const dir = mkdtempSync(path.join(tmpdir(), 'attend-two-'));
      dirs.push(dir);
      const a = startServer({ ...shared, PORT: String(p), DATA_DIR: dir });
      await waitFor(() => a.output().includes('Attend is running at'), a.output);
      const b = startServer({ ...shared, PORT: String(p + 1), DATA_DIR: dir });
      await waitFor(() => b.output().includes('Attend is running at'), b.output);
      await sendAll(p + 1, eventId, ids);
      await waitFor(
        () => unique() === 1000,
        () => `${unique()} of 1000 delivered`,
      );
      // Let any straggler show itself before counting.
      await new Promise((r) => setTimeout(r, 1500));
      expect(sink.received.length).toBe(1000);
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
    },
    180_000,
  );
});
