import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { repoRoot } from '../src/lib/root';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { xlsxFile } from './fixtures/spreadsheets';
import { freshPostgresUrl } from './helper';
import { testPorts } from './ports';

// Several server processes on one PostgreSQL server, as a user outgrows one process: separate
// processes behind a round-robin proxy, and WEB_CONCURRENCY's cluster.

type Proc = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
const procs: Proc[] = [];
const dirs: string[] = [];
const SECRET = 'multi-process-secret-0123456789-abcdefghijklmnop';
// This port and the three after it.
const basePort = testPorts(4);

function start(env: Record<string, string>): Proc {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'attend-multi-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SECRET_KEY: SECRET,
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'boss-password-1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const proc = { child, output: () => out, exited };
  procs.push(proc);
  return proc;
}

async function running(proc: Proc, ms = 150_000): Promise<void> {
  const until = Date.now() + ms;
  while (!proc.output().includes('Attend is running at')) {
    if (Date.now() > until || proc.child.exitCode !== null)
      throw new Error(`did not start:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A round-robin HTTP proxy: request N goes to target N mod 2, from the loopback address the client
 * came from (so the servers tell clients apart as they would without a proxy).
 */
function roundRobin(targets: number[]): Promise<Server> {
  let next = 0;
  const server = createServer((req, res) => {
    const port = targets[next++ % targets.length];
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        localAddress: req.socket.remoteAddress,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

afterAll(() => {
  for (const p of procs) p.child.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** POST a JSON body from the loopback address `from` (127.x.y.z); resolves with the status. */
function postFrom(url: string, body: unknown, from: string): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe.runIf(inject('pgTemplate'))(
  'two server processes on one PostgreSQL, behind a round-robin proxy',
  () => {
    let proxy: Server;
    let via: string;
    const a = `http://127.0.0.1:${basePort}`;
    const b = `http://127.0.0.1:${basePort + 1}`;
    let url = '';

    beforeAll(async () => {
      url = (await freshPostgresUrl({ empty: true })) ?? '';
      const first = start({ DATABASE_URL: url, PORT: String(basePort) });
      await running(first); // it migrates; the second then finds the database ready
      const second = start({ DATABASE_URL: url, PORT: String(basePort + 1) });
      await running(second);
      proxy = await roundRobin([basePort, basePort + 1]);
      via = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    }, 300_000);
    afterAll(() => proxy.close());

    it('signs in on one process and refreshes on the other; shares the guessing budgets under a burst', async () => {
      const login = await fetch(
        `${via}/api/auth/token/`,
        json({ username: 'boss', password: 'boss-password-1' }),
      );
      expect(login.status).toBe(200);
      const { refresh } = (await login.json()) as { refresh: string };
      const refreshed = await fetch(`${via}/api/auth/token/refresh/`, json({ refresh }));
      expect(refreshed.status).toBe(200);
      const { access } = (await refreshed.json()) as { access: string };
      const me = await fetch(`${via}/api/accounts/me/`, { headers: { authorization: `Bearer ${access}` } });
      expect(me.status).toBe(200);

      // Five failures per network in all, counted before argon2 runs: a burst of 300 through both
      // processes at once has five passwords checked; the rest are asked for a proof of work.
      const burst = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          postFrom(`${via}/api/auth/token/`, { username: 'eve', password: `wrong-${i}` }, '127.0.0.9'),
        ),
      );
      expect(burst.filter((s) => s === 401)).toHaveLength(5);
      expect(burst.filter((s) => s === 428)).toHaveLength(295);
      // The same for participant codes.
      const codes = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          postFrom(
            `${via}/api/auth/login/`,
            { event_code: 'NOPE42', unique_code: `GUESS${i}` },
            '127.0.0.10',
          ),
        ),
      );
      expect(codes.filter((s) => s === 401)).toHaveLength(5);
      expect(codes.filter((s) => s === 428)).toHaveLength(295);
      // Another network signs in at once.
      expect(
        await postFrom(
          `${via}/api/auth/token/`,
          { username: 'boss', password: 'boss-password-1' },
          '127.0.0.11',
        ),
      ).toBe(200);
    });

    it('serves an upload results file from the process that did not import it', async () => {
      const login = await fetch(
        `${a}/api/auth/token/`,
        json({ username: 'boss', password: 'boss-password-1' }),
      );
      const auth = { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
      const day = 86_400_000;
      const created = await fetch(`${a}/api/events/`, {
        ...json({
          name: 'Two Processes',
          start_date: new Date(Date.now() + day).toISOString(),
          end_date: new Date(Date.now() + 2 * day).toISOString(),
          location: 'Here',
        }),
        headers: { ...auth, 'content-type': 'application/json' },
      });
      const eventId = ((await created.json()) as { id: number }).id;
      const form = new FormData();
      const sheet = await xlsxFile([
        ['full_name', 'email'],
        ['Ada Two', 'ada.two@example.org'],
      ]);
      form.append('file', new Blob([new Uint8Array(sheet)]), 'people.xlsx');
      const upload = await fetch(`${a}/api/events/${eventId}/participants/bulk_upload/`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      expect(upload.status).toBe(200);
      const { download_url } = (await upload.json()) as { download_url: string };
      const file = await fetch(`${b}${download_url}`, { headers: auth });
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');

      // A check-in on one process reaches the live stream open on the other.
      const list = await fetch(`${a}/api/events/${eventId}/participants/`, { headers: auth });
      const person = ((await list.json()) as { results: { id: number; unique_code: string }[] }).results[0];
      await fetch(`${a}/api/events/${eventId}/participants/${person?.id}/confirm_attendance/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      });
      const controller = new AbortController();
      const stream = await fetch(`${b}/api/events/${eventId}/check-ins/live/`, {
        headers: auth,
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const reader = stream.body?.pipeThrough(new TextDecoderStream()).getReader();
      let seen = '';
      const received = (async () => {
        while (!seen.includes('event: check_in')) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) return;
          seen += chunk.value;
        }
      })();
      const checkIn = await fetch(`${a}/api/events/${eventId}/check-in/`, {
        ...json({ qr_code_data: person?.unique_code, session: null }),
        headers: { ...auth, 'content-type': 'application/json' },
      });
      expect(checkIn.status).toBe(201);
      await Promise.race([received, new Promise((r) => setTimeout(r, 5000))]);
      controller.abort();
      expect(seen).toContain('event: check_in');
      expect(seen).toContain('Ada Two');
    });

    it("ends a scanner's live stream on one process within 5 s of a change made through the other", async () => {
      const login = await fetch(
        `${a}/api/auth/token/`,
        json({ username: 'boss', password: 'boss-password-1' }),
      );
      const auth = {
        authorization: `Bearer ${((await login.json()) as { access: string }).access}`,
        'content-type': 'application/json',
      };
      const day = 86_400_000;
      const created = await fetch(`${a}/api/events/`, {
        ...json({
          name: 'Door Duty',
          start_date: new Date(Date.now() + day).toISOString(),
          end_date: new Date(Date.now() + 2 * day).toISOString(),
          location: 'Gate',
        }),
        headers: auth,
      });
      const eventId = ((await created.json()) as { id: number }).id;
      const database = await openDatabase({ kind: 'postgres', url, migrate: false });
      const doors = await Promise.all(
        [1, 2].map((n) =>
          createStaffUser(database.db, {
            username: `door${n}`,
            password: 'door-password-1',
            role: 'scanner',
            eventIds: [eventId],
          }),
        ),
      );
      await database.close();
      const changes = [
        // Withdrawing the scanner's event, through process a.
        (token: string, id: number) =>
          fetch(`${a}/api/accounts/staff/${id}/`, {
            method: 'PATCH',
            headers: auth,
            body: JSON.stringify({ role: 'scanner', event_ids: [] }),
          }),
        // Sign out everywhere, through process a.
        (token: string) =>
          fetch(`${a}/api/auth/revoke-sessions/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          }),
      ];
      for (const [i, change] of changes.entries()) {
        const door = doors[i];
        const signIn = await fetch(
          `${a}/api/auth/token/`,
          json({ username: door?.username, password: 'door-password-1' }),
        );
        const token = ((await signIn.json()) as { access: string }).access;
        const controller = new AbortController();
        const stream = await fetch(`${b}/api/events/${eventId}/check-ins/live/`, {
          headers: { authorization: `Bearer ${token}` },
          signal: controller.signal,
        });
        expect(stream.status).toBe(200);
        const reader = stream.body?.getReader();
        const ended = (async () => {
          for (;;) {
            const chunk = await reader?.read();
            if (!chunk || chunk.done) return Date.now();
          }
        })();
        const started = Date.now();
        expect((await change(token, door?.id ?? 0)).status).toBe(200);
        const at = await Promise.race([ended, new Promise<null>((r) => setTimeout(() => r(null), 8_000))]);
        controller.abort();
        expect(at, 'the stream on process b was still open 8 s later').not.toBeNull();
        const ms = (at ?? 0) - started;
        console.info(
          `${i === 0 ? 'grant withdrawn' : 'sign out everywhere'} on a -> stream on b ended in ${ms} ms`,
        );
        expect(ms).toBeLessThan(5_000);
      }
    });
  },
);

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('WEB_CONCURRENCY', () => {
  it.runIf(inject('pgTemplate'))(
    'runs N server processes on one port; SIGTERM stops them all',
    async () => {
      const url = (await freshPostgresUrl()) ?? '';
      const port = basePort + 2;
      const primary = start({ DATABASE_URL: url, PORT: String(port), WEB_CONCURRENCY: '2' });
      await running(primary);
      expect(primary.output()).toContain('(2 processes, database: PostgreSQL (DATABASE_URL))');
      const workers = childrenOf(primary.child.pid ?? 0);
      expect(workers).toHaveLength(2);
      for (let i = 0; i < 4; i++) {
        const res = await fetch(
          `http://127.0.0.1:${port}/api/auth/token/`,
          json({ username: 'boss', password: 'boss-password-1' }),
        );
        expect(res.status).toBe(200);
      }
      primary.child.kill('SIGTERM');
      expect(await primary.exited).toBe(0);
      expect(workers.filter((pid) => readdirSync('/proc').includes(String(pid)))).toEqual([]);
    },
    300_000,
  );

  it('is refused on the embedded database, with the reason', async () => {
    const proc = start({ DATABASE_URL: '', PORT: String(basePort + 3), WEB_CONCURRENCY: '2' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain(
      'WEB_CONCURRENCY=2 runs several server processes, which share a PostgreSQL server (set DATABASE_URL)',
    );
  }, 300_000);
});
