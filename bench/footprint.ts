// npm run bench:footprint: memory and responsiveness of the server as `npm start` runs it (the
// compiled bundle), on a fresh embedded database and on a scratch PostgreSQL database.
//
// 1. Idle: RSS 5 s after start, beside a bare node:http server's RSS (the floor of any Node server).
// 2. Quiet probes, 10 s: GET /api/health/ at 20/s and a door check-in at 10/s on an idle server
//    (the same run's ceiling for the loaded figures).
// 3. Under load: the same probes, scheduled the same way, while one staff member uploads a
//    10,000-row sheet, confirms the 10,000 (select all, one request), then downloads the
//    10,000-participant export with its QR images. Latency counts from each probe's scheduled send
//    time, so a frozen server cannot hide behind fewer probes. RSS is sampled every 100 ms.
// 4. After: RSS 10 s and 30 s after the last answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { createScratchDatabase } from '../apps/api/src/db/scratch';
import { apiEntry, buildApi } from '../scripts/build-api.mjs';
import { PG_URL, table } from './participants-common';
import { participantRow } from './participants-data';
import { BENCH_ADMIN, rssMb, spawnServer, stopProcess } from './server-process';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
/** Participants confirmed before the load, checked in one by one by the door probe. */
const DOOR = 2_000;
/** `pglite` or `postgres` runs one database only. */
const ONLY = process.env.BENCH_ONLY ?? '';
const HEALTH_RATE = 20;
const DOOR_RATE = 10;
const QUIET_SECONDS = 10;
const PORT = 39_900 + Math.floor(Math.random() * 90);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function writeWorkbook(rows: number, prefix: string): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'attend-bench-footprint-'));
  const file = path.join(dir, 'participants.xlsx');
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
    const sheet = workbook.addWorksheet('Participants');
    sheet.addRow(['full_name', 'email', 'username', 'phone', 'organization', 'job_title']).commit();
    for (let i = 0; i < rows; i++) {
      const r = participantRow(i, prefix);
      sheet.addRow([r.full_name, r.email, '', r.phone, r.organization, r.job_title]).commit();
    }
    sheet.commit();
    await workbook.commit();
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The floor: a bare node:http server's RSS, 5 s after it listens. */
async function bareNodeRss(): Promise<number> {
  const child = spawn(
    process.execPath,
    ['-e', "require('node:http').createServer((q,s)=>s.end('ok')).listen(0,()=>console.log('up'))"],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  await sleep(5000);
  const rss = rssMb(child.pid ?? 0);
  child.kill('SIGTERM');
  return rss;
}

type Server = { child: ChildProcess; url: string; token: string };

async function startServer(env: Record<string, string>): Promise<Server> {
  const { child, url } = await spawnServer([apiEntry], PORT, env);
  const res = await fetch(`${url}/api/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const { access } = (await res.json()) as { access: string };
  return { child, url, token: access };
}

async function api<T>(server: Server, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${server.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function upload(server: Server, eventId: number, data: Buffer): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'participants.xlsx');
  const res = await fetch(`${server.url}/api/events/${eventId}/participants/bulk_upload/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
    body: form,
  });
  const body = (await res.json()) as { created: number; errors: number; detail?: string };
  if (res.status !== 200 || body.errors > 0) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
}

async function confirmAll(server: Server, eventId: number, filter: string): Promise<number> {
  const { ids } = await api<{ ids: number[] }>(
    server,
    'GET',
    `/api/events/${eventId}/participants/ids/?confirmed=false${filter}`,
  );
  await api(server, 'POST', `/api/events/${eventId}/participants/bulk_confirm_attendance/`, {
    participant_ids: ids,
  });
  return ids.length;
}

async function codes(server: Server, eventId: number): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; out.length < DOOR; page++) {
    const body = await api<{ results: { unique_code: string }[] }>(
      server,
      'GET',
      `/api/events/${eventId}/participants/?page=${page}&page_size=500&confirmed=true`,
    );
    if (body.results.length === 0) break;
    out.push(...body.results.map((r) => r.unique_code));
  }
  return out;
}

type Sample = { at: number; ms: number };
type Phase = { name: string; from: number; to: number };
type Summary = { n: number; p50: number; p99: number; max: number };

function summary(samples: Sample[]): Summary {
  const values = samples.map((x) => x.ms);
  return {
    n: values.length,
    p50: Math.round(percentile(values, 50)),
    p99: Math.round(percentile(values, 99)),
    max: Math.round(percentile(values, 100)),
  };
}

/** Probes on a fixed schedule until stopped: latency from the scheduled send time. */
function probes(server: Server, eventId: number, doorCodes: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const health: Sample[] = [];
  const door: Sample[] = [];
  const failures: string[] = [];
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const request = (method: string, url: string, body: string | null) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        `${server.url}${url}`,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${server.token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(body ?? undefined);
    });
  const schedule = (rate: number, into: Sample[], send: () => Promise<boolean>) => {
    const start = performance.now();
    let n = 0;
    const tick = () => {
      if (stopped) return;
      const due = start + (n * 1000) / rate;
      n += 1;
      void send().then((ok) => {
        if (ok) into.push({ at: due, ms: performance.now() - due });
      });
      timers.push(setTimeout(tick, Math.max(0, start + (n * 1000) / rate - performance.now())));
    };
    tick();
  };
  let nextDoor = 0;
  schedule(HEALTH_RATE, health, async () => {
    const status = await request('GET', '/api/health/', null);
    if (status !== 200) failures.push(`health ${status}`);
    return status === 200;
  });
  schedule(DOOR_RATE, door, async () => {
    const code = doorCodes[nextDoor++ % doorCodes.length] ?? '';
    const status = await request(
      'POST',
      `/api/events/${eventId}/check-in/`,
      JSON.stringify({ qr_code_data: code, session: null }),
    );
    // 201 a first check-in, 409 someone already in (the codes go round): both are a full answer.
    if (status !== 201 && status !== 409) failures.push(`check-in ${status}`);
    return status === 201 || status === 409;
  });
  return {
    /** Stops; the summary of every probe, and of those sent during each named phase. */
    stop: async (phases: Phase[] = []) => {
      stopped = true;
      timers.forEach(clearTimeout);
      await sleep(2000); // answers still in flight
      agent.destroy();
      const both = { health, door };
      return {
        health: summary(health),
        door: summary(door),
        phases: phases.map((phase) => ({
          name: phase.name,
          ...Object.fromEntries(
            Object.entries(both).map(([k, samples]) => [
              k,
              summary(samples.filter((x) => x.at >= phase.from && x.at < phase.to)),
            ]),
          ),
        })) as ({ name: string } & Record<'health' | 'door', Summary>)[],
        failures,
      };
    },
  };
}

/** RSS every 100 ms until stopped: the peak. */
function sampleRss(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

async function run(label: string, env: Record<string, string>, sheet: Buffer, doorSheet: Buffer) {
  const server = await startServer(env);
  const pid = server.child.pid ?? 0;
  try {
    await fetch(`${server.url}/api/health/`);
    await sleep(5000);
    const idle = rssMb(pid);
    const event = await api<{ id: number }>(server, 'POST', '/api/events/', {
      name: 'Footprint Conference',
      start_date: new Date().toISOString(),
      end_date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      location: 'Kigali',
    });
    await upload(server, event.id, doorSheet);
    await confirmAll(server, event.id, '');
    const doorCodes = await codes(server, event.id);

    const quiet = probes(server, event.id, doorCodes);
    await sleep(QUIET_SECONDS * 1000);
    const quietResult = await quiet.stop();

    const peak = sampleRss(pid);
    const loaded = probes(server, event.id, doorCodes);
    const t0 = performance.now();
    await upload(server, event.id, sheet);
    const t1 = performance.now();
    const confirmed = await confirmAll(server, event.id, '');
    const t2 = performance.now();
    const res = await fetch(`${server.url}/api/events/${event.id}/participants/export/`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    // Counted as it streams in: gathering the 50 MB into one buffer held this process, and with
    // it the probes' clocks, for up to 400 ms at the end of the download.
    let bytes = 0;
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.byteLength;
    }
    const t3 = performance.now();
    const loadedResult = await loaded.stop([
      { name: 'import', from: t0, to: t1 },
      { name: 'confirm', from: t1, to: t2 },
      { name: 'export', from: t2, to: t3 },
    ]);
    const peakRss = peak();
    await sleep(10_000);
    const after10 = rssMb(pid);
    await sleep(20_000);
    const after30 = rssMb(pid);
    return {
      label,
      idle,
      peakRss,
      after10,
      after30,
      importS: (t1 - t0) / 1000,
      confirmS: (t2 - t1) / 1000,
      confirmed,
      exportS: (t3 - t2) / 1000,
      exportMb: bytes / 1e6,
      quiet: quietResult,
      loaded: loadedResult,
    };
  } finally {
    await stopProcess(server.child);
  }
}

await buildApi();
const bare = await bareNodeRss();
const sheet = await writeWorkbook(ROWS, 'load.');
const doorSheet = await writeWorkbook(DOOR, 'door.');
const results = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'attend-bench-footprint-'));
try {
  if (ONLY !== 'postgres') {
    results.push(
      await run('PGlite', { DATA_DIR: path.join(dataDir, 'pglite'), DATABASE_URL: '' }, sheet, doorSheet),
    );
  }
  let scratch;
  try {
    if (ONLY !== 'pglite') scratch = await createScratchDatabase(PG_URL, { prefix: 'attend_bench' });
  } catch (err) {
    console.error(`PostgreSQL skipped: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (scratch) {
    try {
      results.push(
        await run(
          'PostgreSQL',
          { DATA_DIR: path.join(dataDir, 'pg'), DATABASE_URL: scratch.url },
          sheet,
          doorSheet,
        ),
      );
    } finally {
      await scratch.drop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nBare node:http server, idle: ${bare} MB RSS`);
console.log(
  table(
    ['database', 'idle MB', 'peak MB', 'after 10 s', 'after 30 s', 'import s', 'confirm s', 'export s'],
    results.map((r) => [
      r.label,
      r.idle,
      r.peakRss,
      r.after10,
      r.after30,
      `${r.importS.toFixed(1)} (${Math.round(ROWS / r.importS)} rows/s)`,
      `${r.confirmS.toFixed(2)} (${Math.round(r.confirmed / r.confirmS)}/s)`,
      `${r.exportS.toFixed(1)} (${r.exportMb.toFixed(1)} MB)`,
    ]),
  ),
);
console.log(
  table(
    ['database', 'probe', 'quiet p50/p99/max ms', 'under load p50/p99/max ms', 'answered'],
    results.flatMap((r) =>
      (['health', 'door'] as const).map((k) => [
        r.label,
        k === 'health' ? 'GET /api/health/' : 'check-in',
        `${r.quiet[k].p50} / ${r.quiet[k].p99} / ${r.quiet[k].max}`,
        `${r.loaded[k].p50} / ${r.loaded[k].p99} / ${r.loaded[k].max}`,
        r.loaded[k].n,
      ]),
    ),
  ),
);
console.log(
  table(
    ['database', 'phase', 'health p99/max ms', 'check-in p99/max ms'],
    results.flatMap((r) =>
      r.loaded.phases.map((ph) => [
        r.label,
        ph.name,
        `${ph.health.p99} / ${ph.health.max}`,
        `${ph.door.p99} / ${ph.door.max}`,
      ]),
    ),
  ),
);
for (const r of results) {
  const failures = [...r.quiet.failures, ...r.loaded.failures];
  if (failures.length > 0) console.log(`${r.label}: ${failures.length} failed probes, e.g. ${failures[0]}`);
}
console.log(JSON.stringify({ bench: 'footprint', rows: ROWS, bare, results }));
