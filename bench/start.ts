// npm run bench:start: how long the server takes to start and how much memory it holds once idle,
// run as before (TypeScript through the tsx loader) and as `npm start` runs it now (the compiled
// bundle), on a fresh embedded database (the first start creates and migrates it; the later start
// opens it) and on a scratch PostgreSQL database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../apps/api/src/db/scratch';
import { apiEntry, buildApi } from '../scripts/build-api.mjs';
import { PG_URL, table } from './participants-common';
import { rssMb, spawnServer, stopProcess } from './server-process';

await buildApi();

const MODES = [
  { label: 'tsx loader', args: ['--import', 'tsx', 'apps/api/src/server.ts'] },
  { label: 'compiled (npm start)', args: [apiEntry] },
];
const PORT = 39_400 + Math.floor(Math.random() * 500);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the server, waits until it listens, lets it settle, and reads its RSS. */
async function startOnce(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const { child, url } = await spawnServer(args, PORT, env);
  const seconds = (performance.now() - started) / 1000;
  await fetch(`${url}/api/health/`);
  await sleep(5000);
  const rss = rssMb(child.pid ?? 0);
  await stopProcess(child);
  return { seconds, rss };
}

/** A first start (creating the database) and a later one (opening it): one table row. */
async function twoStarts(label: string, database: string, args: string[], env: Record<string, string>) {
  const first = await startOnce(args, env);
  const later = await startOnce(args, env);
  return [label, database, first.seconds.toFixed(2), first.rss, later.seconds.toFixed(2), later.rss];
}

const rows: (string | number)[][] = [];
for (const mode of MODES) {
  const dir = mkdtempSync(path.join(tmpdir(), 'attend-bench-start-'));
  try {
    rows.push(await twoStarts(mode.label, 'PGlite', mode.args, { DATA_DIR: dir, DATABASE_URL: '' }));
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
    rows.push(await twoStarts(mode.label, 'PostgreSQL', mode.args, env));
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(
  table(['server', 'database', 'first start s', 'idle RSS MB', 'later start s', 'idle RSS MB'], rows),
);
console.log(JSON.stringify({ bench: 'start', rows }));
