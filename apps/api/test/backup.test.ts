import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../src/lib/root';
import { testPorts } from './ports';

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
type Env = Record<string, string | undefined>;

// Short paths: the server's socket lives in DATA_DIR, and Unix socket paths are limited to ~100 bytes.
const work = mkdtempSync(path.join(tmpdir(), 'attend-bk-'));
const dataDir = path.join(work, 'data');
const port = String(testPorts());
const base = `http://127.0.0.1:${port}`;
const serverEnv = {
  DATA_DIR: dataDir,
  PORT: port,
  ADMIN_USERNAME: 'boss',
  ADMIN_PASSWORD: 'boss-password-1',
};
const running: Running[] = [];

afterAll(() => {
  for (const r of running) r.child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

// An undefined value leaves the variable out of the child's environment.
function withEnv(env: Env): NodeJS.ProcessEnv {
  const all: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    SECRET_KEY: undefined,
  };
  for (const [k, v] of Object.entries(env)) all[k] = v;
  for (const k of Object.keys(all)) if (all[k] === undefined) delete all[k];
  return all;
}

function startServer(env: Env): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: withEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const r = { child, output: () => out, exited };
  running.push(r);
  return r;
}

async function started(r: Running): Promise<void> {
  const until = Date.now() + 90_000;
  while (!r.output().includes('Attend is running at')) {
    if (Date.now() > until || r.child.exitCode !== null)
      throw new Error(`the server did not start:\n${r.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(r: Running): Promise<void> {
  r.child.kill('SIGTERM');
  expect(await r.exited).toBe(0);
}

/** `npm run NAME -- args`, or the CLI file through tsx (faster) when `npm` is false. */
function runCli(
  name: 'backup' | 'restore',
  args: string[],
  env: Env = {},
  opts: { npm?: boolean } = {},
): Promise<{ code: number | null; out: string }> {
  const command = opts.npm
    ? spawn('npm', ['run', '--silent', name, '--', ...args], {
        cwd: repoRoot,
        env: withEnv({ DATA_DIR: dataDir, ...env }),
      })
    : spawn(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${name}.ts`, ...args], {
        cwd: repoRoot,
        env: withEnv({ DATA_DIR: dataDir, ...env }),
      });
  return new Promise((resolve) => {
    let out = '';
    command.stdout.on('data', (d: Buffer) => (out += d.toString()));
    command.stderr.on('data', (d: Buffer) => (out += d.toString()));
    command.on('exit', (code) => resolve({ code, out }));
  });
}

async function staffToken(): Promise<string> {
  const res = await fetch(`${base}/api/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'boss', password: 'boss-password-1' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

async function createEvent(token: string, name: string): Promise<number> {
  const day = 86_400_000;
  const res = await fetch(`${base}/api/events/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      start_date: new Date(Date.now() + day).toISOString(),
      end_date: new Date(Date.now() + 2 * day).toISOString(),
      location: 'Hall A',
    }),
  });
  return res.status;
}

async function eventNames(token: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/events/?page_size=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { next: string | null; results: { name: string }[] };
    names.push(...body.results.map((e) => e.name));
    if (!body.next) return names.sort();
  }
}

/** Runs a Python script (a tar reader the app does not use); its standard output. */
function python(script: string, args: string[]): string {
  const r = spawnSync('python3', ['-c', script, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return r.stdout;
}

/** The member names of a tarball as Python's tarfile reads them. */
function tarNames(file: string): string[] {
  return JSON.parse(
    python('import json, sys, tarfile; print(json.dumps(tarfile.open(sys.argv[1]).getnames()))', [file]),
  ) as string[];
}

/** Everything in DATA_DIR with its modification time: "nothing changed" is this staying equal. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      out.push(`${path.relative(dir, full)} ${statSync(full).mtimeMs}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out.sort();
}

describe.skipIf(inject('pgTemplate'))('npm run backup and npm run restore on the embedded database', () => {
  const whileRunning = path.join(work, 'while-running.tar.gz');
  const whileStopped = path.join(work, 'while-stopped.tar.gz');

  it('backs up the running server while it serves requests, refuses to restore under it, and restores after it stops', async () => {
    const server = startServer(serverEnv);
    await started(server);
    expect(statSync(path.join(dataDir, 'attend.sock')).isSocket()).toBe(true);
    expect(statSync(path.join(dataDir, 'attend.sock')).mode & 0o777).toBe(0o600);
    const token = await staffToken();
    for (const name of ['Kept one', 'Kept two']) expect(await createEvent(token, name)).toBe(201);

    // Requests go on while the dump is taken; each answers, and the backup holds all of them or none.
    let writing = true;
    const statuses: number[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i++) statuses.push(await createEvent(token, `During ${i}`));
    })();
    const backup = await runCli('backup', [whileRunning], {}, { npm: true });
    writing = false;
    await writer;
    expect(backup.out).toContain(`Wrote ${whileRunning} (`);
    expect(backup.out).toContain('from the running server');
    expect(backup.code).toBe(0);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect(statSync(whileRunning).mode & 0o777).toBe(0o600);
    expect(readFileSync(whileRunning).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(readdirSync(work).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // Without a file name: attend-backup-<date>-<time>.tar.gz where npm run was typed.
    const here = mkdtempSync(path.join(work, 'here-'));
    const named = await runCli('backup', [], { INIT_CWD: here });
    expect(named.code).toBe(0);
    const [made, ...others] = readdirSync(here);
    expect(others).toEqual([]);
    expect(made).toMatch(/^attend-backup-\d{8}-\d{6}\.tar\.gz$/);
    // An existing file is never replaced.
    const again = await runCli('backup', [path.join(here, made ?? '')]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('already exists');

    // The running server writes its own files meanwhile: what must not change is what is there.
    const before = readdirSync(dataDir).sort();
    const refused = await runCli('restore', [whileRunning]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      `is using the database in ${dataDir}: stop it, then run npm run restore again`,
    );
    expect(refused.out).toContain('Nothing was changed.');
    expect(readdirSync(dataDir).sort()).toEqual(before);

    // Changed after the backup: gone once it is restored.
    expect(await createEvent(token, 'After the backup')).toBe(201);
    const backedUp = (await eventNames(token)).filter((n) => n !== 'After the backup');
    await stop(server);
    expect(existsSync(path.join(dataDir, 'attend.sock'))).toBe(false);

    // With the server stopped, the backup reads the directory itself (this one holds "After the backup").
    const stopped = await runCli('backup', [whileStopped]);
    expect(stopped.out).toContain('the server is not running: read directly');
    expect(stopped.code).toBe(0);

    const restored = await runCli('restore', [whileRunning]);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(`Restored ${whileRunning} into ${path.join(dataDir, 'pglite')}`);
    const kept = /kept in (\S+): delete it yourself/.exec(restored.out)?.[1] ?? '';
    expect(path.basename(kept)).toMatch(/^pglite\.before-restore-\d{8}-\d{6}$/);
    expect(existsSync(path.join(kept, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('restoring-'))).toEqual([]);

    const back = startServer(serverEnv);
    await started(back);
    const token2 = await staffToken();
    const names = await eventNames(token2);
    expect(names).not.toContain('After the backup');
    expect(names).toEqual(expect.arrayContaining(['Kept one', 'Kept two']));
    // The writes that raced the dump are a prefix: each in the restored copy was also in the server,
    // and writes went on both before and after the moment of the dump.
    expect(backedUp).toEqual(expect.arrayContaining(names));
    const during = (list: string[]) => list.filter((n) => n.startsWith('During ')).length;
    expect(during(names)).toBeGreaterThan(0);
    expect(during(backedUp)).toBeGreaterThan(during(names));
    expect(await createEvent(token2, 'Written after restoring')).toBe(201);
    await stop(back);
  }, 300_000);

  it('refuses a file that is not a backup and changes nothing', async () => {
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    const random = path.join(work, 'random.bin');
    writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));
    const text = path.join(work, 'text.tar.gz');
    writeFileSync(text, gzipSync('not a tarball at all'));
    const truncated = path.join(work, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(whileStopped).subarray(0, 100_000));
    // A real PostgreSQL data directory, but not this app's database.
    const other = path.join(work, 'other.tar.gz');
    const pg = await PGlite.create();
    writeFileSync(other, Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer()));
    await pg.close();

    const before = snapshot(dataDir);
    for (const [file, reason] of [
      [random, 'it is neither a gzip nor a tar file'],
      [text, 'it does not open as a database'],
      [truncated, 'it does not open as a database'],
      [other, 'it is a database without the events table'],
    ] as const) {
      const res = await runCli('restore', [file]);
      expect(res.out).toContain(`${file} is not a backup of this app's database: ${reason}`);
      expect(res.out).toContain('Nothing was changed.');
      expect(res.code).toBe(1);
      expect(snapshot(dataDir)).toEqual(before);
    }
    const missing = await runCli('restore', [path.join(work, 'no-such-file.tar.gz')]);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('(ENOENT). Nothing was changed.');
    const usage = await runCli('restore', []);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage: npm run restore -- FILE');
    expect(snapshot(dataDir)).toEqual(before);
  }, 300_000);

  it('restores the backup taken with the server stopped', async () => {
    const restored = await runCli('restore', [whileStopped]);
    expect(restored.code, restored.out).toBe(0);
    const back = startServer(serverEnv);
    await started(back);
    expect(await eventNames(await staffToken())).toContain('After the backup');
    await stop(back);
  }, 300_000);

  it('names every entry relative to the database, without lock files, so tar readers unpack it where they are told', async () => {
    for (const file of [whileRunning, whileStopped]) {
      const names = tarNames(file);
      expect(names).toContain('PG_VERSION');
      expect(names.filter((n) => n.startsWith('/') || n.split('/').includes('..'))).toEqual([]);
      expect(names.filter((n) => /(^|\/)postmaster\.pid$|\.(pid|lock)$/.test(n))).toEqual([]);
      // Python's tarfile without a filter (what `tar -P` does too) writes where the names say.
      const into = mkdtempSync(path.join(work, 'untar-'));
      python('import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])', [file, into]);
      expect(readFileSync(path.join(into, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
      rmSync(into, { recursive: true, force: true });
    }
  }, 120_000);

  it('restores a backup written the old way, with absolute names and postmaster.pid', async () => {
    // What npm run backup wrote before: PGlite's own dump of a running database.
    const old = path.join(work, 'old-style.tar.gz');
    const pg = await PGlite.create({
      loadDataDir: new Blob([readFileSync(whileStopped)], { type: 'application/gzip' }),
    });
    writeFileSync(old, Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer()));
    await pg.close();
    const names = tarNames(old);
    expect(names).toContain('/PG_VERSION');
    expect(names).toContain('/postmaster.pid');

    const restored = await runCli('restore', [old]);
    expect(restored.code, restored.out).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))).toBe(false);
    const back = startServer(serverEnv);
    await started(back);
    expect(await eventNames(await staffToken())).toContain('After the backup');
    await stop(back);
  }, 300_000);

  it('says so when DATA_DIR holds no database', async () => {
    const empty = path.join(work, 'empty');
    const res = await runCli('backup', [path.join(work, 'nothing.tar.gz')], { DATA_DIR: empty });
    expect(res.code).toBe(1);
    expect(res.out).toContain(`There is no embedded database in ${empty} to back up`);
    // Nothing made on the way, not even a secret.
    expect(existsSync(empty)).toBe(false);
    expect(existsSync(path.join(work, 'nothing.tar.gz'))).toBe(false);
  }, 120_000);
});

describe('npm run backup and npm run restore on PostgreSQL', () => {
  it('print the pg_dump and pg_restore commands instead', async () => {
    const env = { DATABASE_URL: 'postgres://attend@db.invalid:5432/attend', DATA_DIR: path.join(work, 'pg') };
    const backup = await runCli('backup', ['nightly.dump'], env);
    expect(backup.code).toBe(1);
    expect(backup.out).toContain('The server runs on PostgreSQL (DATABASE_URL): back it up with pg_dump');
    expect(backup.out).toContain('pg_dump -Fc -d "$DATABASE_URL" -f nightly.dump');
    const restore = await runCli('restore', ['nightly.dump'], env);
    expect(restore.code).toBe(1);
    expect(restore.out).toContain(
      'pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" nightly.dump',
    );
    expect(existsSync(path.join(work, 'pg'))).toBe(false);
  }, 120_000);
});
