// npm run bench:start: how long the server takes to start and how much memory it holds once idle,
// run as before (TypeScript through the tsx loader) and as `npm start` runs it now (the compiled
// bundle), on a fresh embedded database (the first start creates and migrates it; the later start
// opens it) and on a scratch PostgreSQL database.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../apps/api/src/db/scratch';
import { apiEntry, buildApi } from '../scripts/build-api.mjs';
import { PG_URL, table } from './participants-common';

await buildApi();

const MODES = [
  { label: 'tsx loader', args: ['--import', 'tsx', 'apps/api/src/server.ts'] },
  { label: 'compiled (npm start)', args: [apiEntry] },
];
const PORT = 39_400 + Math.floor(Math.random() * 500);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Starts the server, waits until it listens, lets it settle, and reads its RSS. */
async function startOnce(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      PORT: String(PORT),
      ADMIN_USERNAME: 'bench',
      ADMIN_PASSWORD: 'bench-password-1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Attend is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  const seconds = (performance.now() - started) / 1000;
  await fetch(`http://127.0.0.1:${PORT}/api/health/`);
  await sleep(5000);
  const rss = rssMb(child.pid ?? 0);
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { seconds, rss };
}

const rows: (string | number)[][] = [];
for (const mode of MODES) {
  const dir = mkdtempSync(path.join(tmpdir(), 'attend-bench-start-'));
  try {
    const first = await startOnce(mode.args, { DATA_DIR: dir, DATABASE_URL: '' });
    const later = await startOnce(mode.args, { DATA_DIR: dir, DATABASE_URL: '' });
    rows.push([
      mode.label,
      'PGlite',
      first.seconds.toFixed(2),
      first.rss,
      later.seconds.toFixed(2),
      later.rss,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  let scratch;
  try {
    scratch = await createScratchDatabase(PG_URL, { prefix: 'attend_bench' });
  } catch (err) {
    console.error(`PostgreSQL skipped: ${err instanceof Error ? err.message : String(err)}`);
    continue;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'attend-bench-start-'));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url };
    const first = await startOnce(mode.args, env);
    const later = await startOnce(mode.args, env);
    rows.push([
      mode.label,
      'PostgreSQL',
      first.seconds.toFixed(2),
      first.rss,
      later.seconds.toFixed(2),
      later.rss,
    ]);
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(
  table(['server', 'database', 'first start s', 'idle RSS MB', 'later start s', 'idle RSS MB'], rows),
);
console.log(JSON.stringify({ bench: 'start', rows }));
