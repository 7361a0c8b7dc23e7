// npm run bench:lighthouse: Lighthouse 12.2.3 over the production build of the web app, served by the
// real app on a fresh embedded database seeded as for the browser journeys (scripts/e2e-server.ts).
// The participant's pages run with Lighthouse's mobile defaults (simulated slow 4G, CPU slowed 4×),
// the staff pages with its desktop preset; each page BENCH_RUNS times (default 3), reported as the
// median. Lighthouse drives a Chromium started here; before each run of a signed-in page the cookies of
// a fresh sign-in are put in its cookie jar (as the browser keeps them), and Lighthouse empties the
// cache and removes the service worker: every run is a first visit of someone already signed in.
// One page is also measured as a participant who comes back finds it: opened once beforehand until
// the service worker controls it, then measured with the browser's storage kept (the issue's "from
// the service worker" row). The 150 KB of gzipped JavaScript is the participant's first screen's
// target: the pages a participant enters by (`/`, `/login`); a signed-in page's figure is reported.
//
// Lighthouse is not a dependency of the app: it is installed once into node_modules/.cache (pinned,
// newer versions do not install on Node 20). BENCH_SKIP_BUILD=1 reuses apps/web/dist as it is;
// BENCH_PAGES picks pages by name ('/login,/sessions'), BENCH_REPORTS=dir keeps the reports and
// their traces (for Chromium's Performance panel). BENCH_THROTTLING=devtools has Chromium itself
// slow the network and the CPU as the preset says, and reports what the page really did, instead of
// Lighthouse's default, a simulation from a run at full speed (its figures are the targets).
import { spawn, spawnSync } from 'node:child_process';
import { chromium, type BrowserContext } from '@playwright/test';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, startJourneyServer, webApp, type Cookie } from './web-app';

const LIGHTHOUSE_VERSION = '12.2.3';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const port = Number(process.env.BENCH_PORT ?? 3190);
const base = `http://127.0.0.1:${port}`;
const app = webApp(base);
const runs = Number(process.env.BENCH_RUNS ?? 3);

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
type Page = {
  name: string;
  path: string;
  who: Who;
  desktop: boolean;
  /** A page a participant enters by, held to the first screen's JavaScript target. */
  entry?: boolean;
  /** Opened once beforehand, measured from the service worker with the browser's storage kept. */
  returning?: boolean;
};

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
  // What crossed the network: a script the service worker answered has no transfer size.
  const jsGzip = scripts
    .filter((r) => Number(r.transferSize ?? 0) > 0)
    .reduce((sum, r) => sum + gzipBytes(String(r.url)), 0);
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

/** The browser Lighthouse drives, started with a debugging port so the cookies can be set beforehand. */
async function startBrowser(profile: string): Promise<{
  port: number;
  setCookies: (cookies: Cookie[], visitFirst?: string) => Promise<void>;
  close: () => Promise<void>;
}> {
  const debugPort = port + 50;
  const browser = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  // Connected only while the cookies are set: Lighthouse wants the browser to itself.
  const setCookies = async (cookies: Cookie[], visitFirst?: string) => {
    let cdp = null;
    for (let i = 0; i < 100 && !cdp; i++) {
      cdp = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`).catch(() => null);
      if (!cdp) await new Promise((r) => setTimeout(r, 200));
    }
    if (!cdp) throw new Error('Chromium did not start');
    const context: BrowserContext | undefined = cdp.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    await context.clearCookies();
    await context.addCookies(
      cookies.map((c) => ({ ...c, domain: '127.0.0.1', sameSite: 'Strict' as const })),
    );
    if (visitFirst) {
      // The visit before: the app registers its service worker once the page has settled, which
      // takes over (clientsClaim) when its precache is complete.
      const tab = await context.newPage();
      await tab.goto(visitFirst);
      await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 120_000,
      });
      await tab.close();
    }
    await cdp.close();
  };
  // Ended before its profile is removed: Chromium writes to it until it exits.
  const close = async () => {
    if (browser.exitCode !== null || browser.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => browser.once('exit', () => resolve()));
    browser.kill();
    await exited;
  };
  return { port: debugPort, setCookies, close };
}

/** Where Lighthouse's --save-assets puts the trace of the run it reports in reportFile. */
function traceFile(reportFile: string): string {
  return reportFile.replace(/\.json$/, '-0.trace.json');
}

/** One Lighthouse run: its report, and where its trace is when BENCH_REPORTS asked for one. */
function runLighthouse(
  bin: string,
  page: Page,
  debugPort: number,
  out: string,
): { report: Report; trace: string } {
  const reportFile = path.join(out, 'report.json');
  rmSync(reportFile, { force: true });
  rmSync(traceFile(reportFile), { force: true });
  const args = [
    `${base}${page.path}`,
    '--output=json',
    `--output-path=${reportFile}`,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
    `--port=${debugPort}`,
  ];
  if (page.desktop) args.push('--preset=desktop');
  if (page.returning) args.push('--disable-storage-reset');
  if (process.env.BENCH_THROTTLING === 'devtools') args.push('--throttling-method=devtools');
  if (process.env.BENCH_REPORTS) args.push('--save-assets');
  // A run whose trace came out unusable (NO_NAVSTART, "Please run Lighthouse again") is run again,
  // twice at most.
  for (let attempt = 1; ; attempt++) {
    const r = spawnSync(bin, args, { encoding: 'utf8' });
    if (!existsSync(reportFile)) throw new Error(`lighthouse failed on ${page.path}: ${r.stderr}`);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
    if (!report.runtimeError) return { report, trace: traceFile(reportFile) };
    const problem = `lighthouse on ${page.path}: ${report.runtimeError.message}`;
    if (attempt === 3) throw new Error(problem);
    console.log(`${problem} (run again)`);
    rmSync(reportFile, { force: true });
  }
}

async function main(): Promise<void> {
  const bin = lighthouseBin();
  const { server, stop } = startJourneyServer(port);
  const out = mkdtempSync(path.join(tmpdir(), 'attend-lighthouse-'));
  const browser = await startBrowser(path.join(out, 'profile'));
  try {
    await app.waitForHealth(server);
    // The participant's tag and QR code exist once attendance is confirmed.
    const me = await app.confirmedParticipant();
    const pages: Page[] = [
      { name: '/', path: '/', who: 'anonymous', desktop: false, entry: true },
      { name: '/login', path: '/login', who: 'anonymous', desktop: false, entry: true },
      { name: '/event/{id}', path: `/event/${me.eventId}`, who: 'participant', desktop: false },
      { name: '/event/{id}/tag', path: `/event/${me.eventId}/tag`, who: 'participant', desktop: false },
      { name: '/sessions', path: '/sessions', who: 'participant', desktop: false },
      { name: '/qr-code', path: '/qr-code', who: 'participant', desktop: false },
      // Last of the participant's pages: the next page's run removes the service worker again.
      {
        name: '/event/{id} from the service worker',
        path: `/event/${me.eventId}`,
        who: 'participant',
        desktop: false,
        returning: true,
      },
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
        const cookies =
          page.who === 'participant'
            ? (await app.participantSignIn()).cookies
            : page.who === 'staff'
              ? (await app.staffSignIn()).cookies
              : [];
        await browser.setCookies(cookies, page.returning ? `${base}${page.path}` : undefined);
        const { report, trace } = runLighthouse(bin, page, browser.port, out);
        // BENCH_REPORTS=dir keeps every Lighthouse report (JSON) for a closer look.
        if (process.env.BENCH_REPORTS) {
          mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
          const file = `${page.name.replace(/[^a-z0-9]+/gi, '_')}-${i + 1}.json`;
          writeFileSync(path.join(process.env.BENCH_REPORTS, file), JSON.stringify(report));
          if (existsSync(trace))
            copyFileSync(trace, path.join(process.env.BENCH_REPORTS, file.replace(/\.json$/, '.trace.json')));
        }
        const result = readResult(report);
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
        if (page.entry && m((r) => r.jsGzipKb) > TARGET.firstScreenGzipKb)
          problems.push(`${page.name}: ${m((r) => r.jsGzipKb).toFixed(0)} KiB of gzipped JavaScript`);
      }
      for (const e of errors) problems.push(`${page.name}: console error: ${e}`);
      for (const f of failed) problems.push(`${page.name}: failed audit ${f}`);
    }
    console.log(
      `\nLighthouse ${LIGHTHOUSE_VERSION}, median of ${runs} runs, production build, embedded database` +
        (process.env.BENCH_THROTTLING === 'devtools' ? ', throttled by Chromium (not simulated)' : ''),
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
    await browser.close();
    // Chromium may still be writing its profile as it exits: retry, and never hide an earlier error.
    try {
      rmSync(out, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (err) {
      console.error(`could not remove ${out}: ${String(err)}`);
    }
    stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
