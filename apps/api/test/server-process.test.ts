import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { generateQrKeyPair } from '@attend/shared';
import { openDatabase } from '../src/db/client';
import { events } from '../src/db/schema';
import { repoRoot } from '../src/lib/root';
import { openQrPrivateKey, qrSealKey } from '../src/services/qr/key-seal';
import { xlsxFile } from './fixtures/spreadsheets';
import { freshPostgresUrl } from './helper';
import { testPorts } from './ports';

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

// An undefined value leaves the variable out of the child's environment.
function startServer(env: Record<string, string | undefined>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean, what: () => string, ms = 150_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting; output so far:\n${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'attend-proc-'));
// This port and the six after it (PORT + 1 to + 6 below).
const port = String(testPorts(7));
const env = { DATA_DIR: dataDir, PORT: port, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'boss-password-1' };
const running: Running[] = [];

afterAll(async () => {
  for (const r of running) r.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs one of the npm CLI scripts (apps/api/src/cli/NAME.ts) on the embedded database. */
function runCli(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${name}.ts`, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', SECRET_KEY: undefined, ...env },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

async function login(): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'boss', password: 'boss-password-1' }),
  });
  return res.status;
}

describe.skipIf(inject('pgTemplate'))('the server process on the embedded database', () => {
  it('starts, refuses a second instance on the same DATA_DIR, shuts down cleanly and keeps its data', async () => {
    // Left readable by an earlier version: made private at start.
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'left-over'), 'x', { mode: 0o666 });
    chmodSync(path.join(dataDir, 'left-over'), 0o666);
    const first = startServer(env);
    running.push(first);
    // The admin line follows the start line; they may come in separate chunks.
    await waitFor(() => first.output().includes('Created staff user'), first.output);
    expect(first.output()).toContain('Attend is running at');
    expect(first.output()).toContain('Created staff user "boss" from ADMIN_USERNAME/ADMIN_PASSWORD.');
    expect(await login()).toBe(200);
    // The embedded database, the secret and everything else in DATA_DIR: only the server's user.
    const open: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        const mode = statSync(full).mode & 0o777;
        if (mode & 0o077) open.push(`${full} ${mode.toString(8)}`);
        if (entry.isDirectory()) walk(full);
      }
    };
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    walk(dataDir);
    expect(open).toEqual([]);

    const second = startServer({ ...env, PORT: String(Number(port) + 1) });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already in use by another running instance');
    expect(await login()).toBe(200); // the first one is unharmed

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = startServer(env);
    running.push(again);
    await waitFor(() => again.output().includes('Attend is running at'), again.output);
    expect(again.output()).toContain('Staff users already exist');
    expect(await login()).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 300_000);

  it('create-staff adds a staff user who can then sign in, and refuses a duplicate', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'attend-proc-'));
    const cli = (args: string[]) => runCli('create-staff', args, { DATA_DIR: dir });
    const created = await cli(['--username', 'alice', '--password', 'alice-password-1']);
    expect(created.out).toContain('Staff user "alice" created.');
    expect(created.code).toBe(0);
    const duplicate = await cli(['--username', 'ALICE', '--password', 'another-password']);
    expect(duplicate.code).toBe(1);
    expect(duplicate.out).toContain('A staff user named "ALICE" already exists.');
    const missing = await cli(['--username', 'bob']);
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('Usage: npm run create-staff -- --username U --password P');

    const p = String(Number(port) + 4);
    const server = startServer({ DATA_DIR: dir, PORT: p });
    running.push(server);
    await waitFor(() => server.output().includes('Attend is running at'), server.output);
    expect(server.output()).not.toContain('Created staff user');
    const res = await fetch(`http://127.0.0.1:${p}/api/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', password: 'alice-password-1' }),
    });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  it('seals QR private keys at rest, rotates SECRET_KEY with npm run rotate-secret, and refuses a wrong one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'attend-proc-'));
    const p = String(Number(port) + 5);
    // An event whose key was stored in clear by an earlier version.
    const pair = await generateQrKeyPair();
    const storedKey = async () => {
      const database = await openDatabase({ kind: 'pglite', dataDir: dir });
      try {
        const [row] = await database.db.select().from(events).where(eq(events.eventCode, 'SEAL22'));
        return { id: row?.id ?? 0, text: row?.qrPrivateKey ?? '', publicKey: row?.qrPublicKey };
      } finally {
        await database.close();
      }
    };
    {
      const database = await openDatabase({ kind: 'pglite', dataDir: dir });
      await database.db.insert(events).values({
        name: 'Sealed',
        startDate: new Date(),
        endDate: new Date(Date.now() + 86_400_000),
        eventCode: 'SEAL22',
        qrPublicKey: pair.publicKey,
        qrPrivateKey: pair.privateKey,
      });
      await database.close();
    }
    const first = startServer({ DATA_DIR: dir, PORT: p, SECRET_KEY: undefined });
    running.push(first);
    await waitFor(() => first.output().includes('Attend is running at'), first.output);
    expect(first.output()).toContain('Sealed the QR signing keys of 1 event(s) under SECRET_KEY.');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const secretFile = path.join(dir, 'secret_key');
    const oldSecret = readFileSync(secretFile, 'utf8').trim();
    const sealed = await storedKey();
    expect(sealed.text).toMatch(/^v1\./);
    expect(sealed.text).not.toContain(pair.privateKey);
    expect(openQrPrivateKey(qrSealKey(oldSecret), sealed.id, sealed.text)).toBe(pair.privateKey);

    const short = await runCli('rotate-secret', [], { DATA_DIR: dir, NEW_SECRET_KEY: 'too-short' });
    expect(short.code).toBe(2);
    expect(short.out).toContain('NEW_SECRET_KEY must be at least 32 characters.');
    const rotated = await runCli('rotate-secret', [], { DATA_DIR: dir });
    expect(rotated.out).toContain('Re-sealed the QR signing keys of 1 event(s) under the new secret.');
    expect(rotated.code).toBe(0);
    const newSecret = readFileSync(secretFile, 'utf8').trim();
    expect(newSecret).not.toBe(oldSecret);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const resealed = await storedKey();
    expect(resealed.publicKey).toBe(pair.publicKey);
    expect(openQrPrivateKey(qrSealKey(newSecret), resealed.id, resealed.text)).toBe(pair.privateKey);
    expect(() => openQrPrivateKey(qrSealKey(oldSecret), resealed.id, resealed.text)).toThrow(/SECRET_KEY/);

    // The old secret no longer opens the keys: the server says so and does not start.
    const wrong = startServer({ DATA_DIR: dir, PORT: p, SECRET_KEY: oldSecret });
    running.push(wrong);
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain('cannot be opened with this SECRET_KEY');
    const again = startServer({ DATA_DIR: dir, PORT: p, SECRET_KEY: undefined });
    running.push(again);
    await waitFor(() => again.output().includes('Attend is running at'), again.output);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  it('runs compiled: the API bundle npm start runs serves sign-in without a TypeScript loader', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-api.mjs'], { cwd: repoRoot, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const entry = path.join(repoRoot, 'apps/api/dist/server.mjs');
    expect(readFileSync(entry, 'utf8')).not.toMatch(/from ["']tsx/);
    const dir = mkdtempSync(path.join(tmpdir(), 'attend-proc-'));
    const p = String(Number(port) + 6);
    const child = spawn(process.execPath, [entry], {
      cwd: repoRoot,
      env: { ...env, ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', DATA_DIR: dir, PORT: p },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    running.push({ child, output: () => out, exited });
    await waitFor(
      () => out.includes('Attend is running at'),
      () => out,
    );
    const res = await fetch(`http://127.0.0.1:${p}/api/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'boss', password: 'boss-password-1' }),
    });
    expect(res.status).toBe(200);
    // The worker thread the bundle starts to read a spreadsheet is found beside it.
    const auth = { authorization: `Bearer ${((await res.json()) as { access: string }).access}` };
    const day = 86_400_000;
    const created = await fetch(`http://127.0.0.1:${p}/api/events/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Compiled',
        start_date: new Date(Date.now() + day).toISOString(),
        end_date: new Date(Date.now() + 2 * day).toISOString(),
        location: 'Here',
      }),
    });
    expect(created.status).toBe(201);
    const form = new FormData();
    const sheet = await xlsxFile([
      ['full_name', 'email'],
      ['Ada Compiled', 'ada@example.org'],
    ]);
    form.append('file', new Blob([new Uint8Array(sheet)]), 'people.xlsx');
    const eventId = ((await created.json()) as { id: number }).id;
    const upload = await fetch(`http://127.0.0.1:${p}/api/events/${eventId}/participants/bulk_upload/`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(upload.status).toBe(200);
    expect(((await upload.json()) as { created: number }).created).toBe(1);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  it('prints a generated admin password once on a fresh directory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'attend-proc-'));
    const p = String(Number(port) + 2);
    const server = startServer({ DATA_DIR: dir, PORT: p });
    running.push(server);
    // The password is printed just after 'Attend is running at', possibly in a later chunk of output.
    const line = /Created staff user "admin" with password: (\S+)\r?\n/;
    await waitFor(() => line.test(server.output()), server.output);
    expect(server.output()).toContain('Attend is running at');
    const match = line.exec(server.output());
    expect(match).not.toBeNull();
    const res = await fetch(`http://127.0.0.1:${p}/api/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: match?.[1] }),
    });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  }, 300_000);
});

describe.runIf(inject('pgTemplate'))('the server process on PostgreSQL (DATABASE_URL)', () => {
  it('migrates an empty database, creates the admin and serves sign-in', async () => {
    const url = await freshPostgresUrl({ empty: true });
    const p = String(Number(port) + 3);
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: p,
      DATABASE_URL: url ?? '',
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'boss-password-1',
    });
    running.push(server);
    await waitFor(() => server.output().includes('Attend is running at'), server.output);
    expect(server.output()).toContain('database: PostgreSQL');
    const res = await fetch(`http://127.0.0.1:${p}/api/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'boss', password: 'boss-password-1' }),
    });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);
});
