// npm run bench:lighthouse: Lighthouse 12.2.3 over the production build of the web app, served by the
// real app on a fresh embedded database seeded as for the browser journeys (scripts/e2e-server.ts).
// The participant's pages run with Lighthouse's mobile defaults (simulated slow 4G, CPU slowed 4×),
// the staff pages with its desktop preset; each page BENCH_RUNS times (default 3), reported as the
// median. Signed-in pages get a fresh sign-in per run: the refresh cookie goes in as a request header,
// so every run is a first visit (empty cache, no service worker) of someone already signed in.
//
// Lighthouse is not a dependency of the app: it is installed once into node_modules/.cache (pinned,
// newer versions do not install on Node 20). BENCH_SKIP_BUILD=1 reuses apps/web/dist as it is.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LIGHTHOUSE_VERSION = '12.2.3';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const port = Number(process.env.BENCH_PORT ?? 3190);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const STAFF = { username: 'staff', password: 'staff-password-1' };
const EVENT_CODE = 'E2ETST';
const UNIQUE_CODE = 'ABCD2345';

/** The targets. */
const TARGET = {
  mobilePerf: 90,
  tbtMs: 200,
  lcpMs: 2500,
  cls: 0.02,
  firstScreenGzipKb: 150,
  desktopPerf: 90,
};

type Who = 'anonymous' | 'participant' | 'staff';
type Page = { name: string; path: string; who: Who; desktop: boolean };

type Audit = {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: Array<Record<string, unknown>> };
};
type Report = {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string }> }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
};

type Result = {
  perf: number;
  tbt: number;
  lcp: number;
  cls: number;
  jsKb: number;
  jsGzipKb: number;
  consoleErrors: string[];
  failed: string[];
};

function lighthouseBin(): string {
  const dir = path.join(root, 'node_modules/.cache', `lighthouse-${LIGHTHOUSE_VERSION}`);
  const bin = path.join(dir, 'node_modules/.bin/lighthouse');
  if (!existsSync(bin)) {
    console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} (once) …`);
    mkdirSync(dir, { recursive: true });
    const r = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        '--no-save',
        `lighthouse@${LIGHTHOUSE_VERSION}`,
      ],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error('lighthouse could not be installed');
  }
  return bin;
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error('the server stopped before it was ready');
    try {
      const res = await fetch(`${base}/api/health/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /api/health/ within 2 minutes');
}

function refreshCookie(res: Response): string {
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const cookie = cookies.filter((c) => c.includes('=')).join('; ');
  if (!cookie.includes('refresh_token=')) throw new Error(`no refresh cookie in the answer (${res.status})`);
  return cookie;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function staffSignIn(): Promise<{ cookie: string; access: string }> {
  const res = await post('/api/auth/token/', STAFF);
  const { access } = (await res.json()) as { access: string };
  return { cookie: refreshCookie(res), access };
}

async function participantSignIn(): Promise<{ cookie: string; eventId: number; id: number }> {
  const res = await post('/api/auth/login/', { event_code: EVENT_CODE, unique_code: UNIQUE_CODE });
  const body = (await res.json()) as { participant: { id: number; event: { id: number } } };
  return { cookie: refreshCookie(res), eventId: body.participant.event.id, id: body.participant.id };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The gzip size of a built file, as the server sends it to a browser that accepts gzip only. */
function gzipBytes(url: string): number {
  const file = path.join(dist, new URL(url).pathname);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return existsSync(file) ? statSync(file).size : 0;
}

function readResult(report: Report): Result {
  const audit = (id: string): Audit | undefined => report.audits[id];
  const items = (id: string) => audit(id)?.details?.items ?? [];
  const scripts = items('network-requests').filter((r) => r.resourceType === 'Script');
  const jsBytes = scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  const jsGzip = scripts.reduce((sum, r) => sum + gzipBytes(String(r.url)), 0);
  const failed: string[] = [];
  for (const category of ['best-practices', 'seo']) {
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const a = audit(ref.id);
      if (!a || a.score === null) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode)) continue;
      if (a.score < 1) failed.push(`${category}:${a.id}`);
    }
  }
  return {
    perf: Math.round((report.categories.performance?.score ?? 0) * 100),
    tbt: audit('total-blocking-time')?.numericValue ?? NaN,
    lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
    jsKb: jsBytes / 1024,
    jsGzipKb: jsGzip / 1024,
    consoleErrors: items('errors-in-console').map((e) => String(e.description ?? e.source ?? '')),
    failed,
  };
}

function runLighthouse(bin: string, page: Page, cookie: string | null, out: string): Report {
  const headersFile = path.join(out, 'headers.json');
  writeFileSync(headersFile, JSON.stringify(cookie ? { Cookie: cookie } : {}));
  const reportFile = path.join(out, 'report.json');
  rmSync(reportFile, { force: true });
  const args = [
    `${base}${page.path}`,
    '--output=json',
    `--output-path=${reportFile}`,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
    `--extra-headers=${headersFile}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
  ];
  if (page.desktop) args.push('--preset=desktop');
  const r = spawnSync(bin, args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    encoding: 'utf8',
  });
  if (!existsSync(reportFile)) throw new Error(`lighthouse failed on ${page.path}: ${r.stderr}`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
  if (report.runtimeError) throw new Error(`lighthouse on ${page.path}: ${report.runtimeError.message}`);
  return report;
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the web app did not build');
  }
  const bin = lighthouseBin();
  const server = spawn('npx', ['tsx', 'scripts/e2e-server.ts'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), E2E_DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const out = mkdtempSync(path.join(tmpdir(), 'attend-lighthouse-'));
  try {
    await waitForHealth(server);
    // The participant's tag and QR code exist once attendance is confirmed.
    const staff = await staffSignIn();
    const me = await participantSignIn();
    await post(
      `/api/events/${me.eventId}/participants/${me.id}/confirm_attendance/`,
      {},
      { authorization: `Bearer ${staff.access}` },
    );
    const pages: Page[] = [
      { name: '/', path: '/', who: 'anonymous', desktop: false },
      { name: '/login', path: '/login', who: 'anonymous', desktop: false },
      { name: '/event/{id}', path: `/event/${me.eventId}`, who: 'participant', desktop: false },
      { name: '/event/{id}/tag', path: `/event/${me.eventId}/tag`, who: 'participant', desktop: false },
      { name: '/sessions', path: '/sessions', who: 'participant', desktop: false },
      { name: '/qr-code', path: '/qr-code', who: 'participant', desktop: false },
      { name: '/dashboard (desktop)', path: '/dashboard', who: 'staff', desktop: true },
      {
        name: 'participants page (desktop)',
        path: `/dashboard/events/${me.eventId}/participants`,
        who: 'staff',
        desktop: true,
      },
    ];
    const only = process.env.BENCH_PAGES?.split(',');
    const rows: string[] = [];
    const problems: string[] = [];
    for (const page of pages.filter((p) => !only || only.includes(p.name))) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const cookie =
          page.who === 'participant'
            ? (await participantSignIn()).cookie
            : page.who === 'staff'
              ? (await staffSignIn()).cookie
              : null;
        const result = readResult(runLighthouse(bin, page, cookie, out));
        results.push(result);
        console.log(
          `${page.name} run ${i + 1}: Perf ${result.perf}, TBT ${Math.round(result.tbt)} ms, ` +
            `LCP ${(result.lcp / 1000).toFixed(2)} s, CLS ${result.cls.toFixed(3)}, ` +
            `JS ${result.jsKb.toFixed(0)} KiB (${result.jsGzipKb.toFixed(0)} KiB gzip)`,
        );
      }
      const m = (pick: (r: Result) => number) => median(results.map(pick));
      const errors = [...new Set(results.flatMap((r) => r.consoleErrors))];
      const failed = [...new Set(results.flatMap((r) => r.failed))];
      rows.push(
        `| ${page.name} | ${m((r) => r.perf)} | ${Math.round(m((r) => r.tbt))} ms | ` +
          `${(m((r) => r.lcp) / 1000).toFixed(2)} s | ${m((r) => r.cls).toFixed(3)} | ` +
          `${m((r) => r.jsKb).toFixed(0)} KiB | ${m((r) => r.jsGzipKb).toFixed(0)} KiB | ${errors.length} | ` +
          `${failed.length ? failed.join(', ') : 'none'} |`,
      );
      const perf = m((r) => r.perf);
      if (page.desktop) {
        if (perf < TARGET.desktopPerf)
          problems.push(`${page.name}: Performance ${perf} < ${TARGET.desktopPerf}`);
      } else {
        if (perf < TARGET.mobilePerf)
          problems.push(`${page.name}: Performance ${perf} < ${TARGET.mobilePerf}`);
        if (m((r) => r.tbt) >= TARGET.tbtMs) problems.push(`${page.name}: TBT ≥ ${TARGET.tbtMs} ms`);
        if (m((r) => r.lcp) >= TARGET.lcpMs) problems.push(`${page.name}: LCP ≥ ${TARGET.lcpMs} ms`);
        if (m((r) => r.cls) >= TARGET.cls) problems.push(`${page.name}: CLS ≥ ${TARGET.cls}`);
        if (m((r) => r.jsGzipKb) > TARGET.firstScreenGzipKb)
          problems.push(`${page.name}: ${m((r) => r.jsGzipKb).toFixed(0)} KiB of gzipped JavaScript`);
      }
      for (const e of errors) problems.push(`${page.name}: console error: ${e}`);
      for (const f of failed) problems.push(`${page.name}: failed audit ${f}`);
    }
    console.log(
      `\nLighthouse ${LIGHTHOUSE_VERSION}, median of ${runs} runs, production build, embedded database`,
    );
    console.log(
      '| page | Perf | TBT | LCP | CLS | JS transferred | JS gzip | console errors | failed BP/SEO audits |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
    console.log(
      problems.length ? `\nShort of the targets:\n  ${problems.join('\n  ')}` : '\nEvery target met.',
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
