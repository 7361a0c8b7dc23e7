// npm run bench: authenticated GET /api/accounts/me/ against a bare Fastify route returning constant
// JSON, in the same run, on embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local
// server's "test" database; a fresh database is created and dropped).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Ports = { app: number; bare: number; kind: string };

async function startTarget(
  env: Record<string, string>,
): Promise<{ ports: Ports; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rl = createInterface({ input: child.stdout });
  const ports = await new Promise<Ports>((resolve, reject) => {
    rl.once('line', (line) => resolve(JSON.parse(line) as Ports));
    child.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { ports, stop };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, total: r.requests.total };
}

async function benchDatabase(label: string, env: Record<string, string>) {
  const { ports, stop } = await startTarget(env);
  try {
    const login = await fetch(`http://127.0.0.1:${ports.app}/api/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
    });
    const { access } = (await login.json()) as { access: string };
    // Warm both up so JIT and connection pools are in steady state.
    await autocannon({ url: `http://127.0.0.1:${ports.bare}/bare`, connections: 10, duration: 2 });
    await autocannon({
      url: `http://127.0.0.1:${ports.app}/api/accounts/me/`,
      connections: 10,
      duration: 2,
      headers: { authorization: `Bearer ${access}` },
    });
    const bare = await load(`http://127.0.0.1:${ports.bare}/bare`);
    const me = await load(`http://127.0.0.1:${ports.app}/api/accounts/me/`, {
      authorization: `Bearer ${access}`,
    });
    return { label, bare, me };
  } finally {
    await stop();
  }
}

const rows = [await benchDatabase('PGlite (embedded)', { BENCH_DATABASE_URL: '' })];
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
try {
  rows.push(await benchDatabase('PostgreSQL server', { BENCH_DATABASE_URL: pgUrl }));
} catch (err) {
  console.error(`PostgreSQL run skipped: ${err instanceof Error ? err.message : String(err)}`);
}

console.log(
  `\nGET /api/accounts/me/ (staff token) vs bare Fastify route; ${CONNECTIONS} connections, ${DURATION} s each`,
);
console.log('database            | bare req/s | bare p99 ms | me req/s | me p99 ms | me/bare');
for (const r of rows) {
  console.log(
    [
      r.label.padEnd(19),
      r.bare.rps.toFixed(0).padStart(10),
      r.bare.p99.toFixed(1).padStart(11),
      r.me.rps.toFixed(0).padStart(8),
      r.me.p99.toFixed(1).padStart(9),
      (r.me.rps / r.bare.rps).toFixed(3).padStart(7),
    ].join(' | '),
  );
}
