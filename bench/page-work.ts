// npm run bench:page-work: what a participant's first visit of a page costs the browser's main
// thread, in four figures from Chromium itself rather than Lighthouse's simulation (the sign-in pages
// `/` and `/login` as a visitor, the others signed in):
// - the first drawing: the `attend:first-drawing` measure of src/main.tsx (the whole app drawn at once);
// - the participant pages' shared chunk: the evaluation of `participant-*.js`, in a CPU profile;
// - scripting: every sample of that profile spent running code (neither idle nor the browser's own);
// - blocking time: what each long task of the main thread (the browser's own `longtask` entries) ran
//   beyond 50 ms, summed as Lighthouse's TBT sums them, but measured rather than simulated, and over
//   the whole visit (TBT starts at the first paint); BENCH_CPU=4 slows the CPU as its mobile preset does.
//
// Lighthouse's TBT (npm run bench:lighthouse) is the figure, but on a busy 2-core machine one
// build gives 600 to 1,400 ms from one run to the next; these parts of it vary far less, so a change
// to one of them shows. Median of BENCH_RUNS (default 7) first visits: a new browser context (empty
// cache, no service worker) with the cookies of a fresh participant sign-in, 412 × 823, the CPU at
// the machine's own speed (BENCH_CPU=4 slows it as Lighthouse's mobile preset assumes).
//
// BENCH_PAGES picks pages by name ('/event/{id},/sessions'); BENCH_SKIP_BUILD=1 reuses apps/web/dist;
// BENCH_URL measures a server already running, seeded as for the browser journeys.
import { chromium, type Browser } from '@playwright/test';
import { median, startJourneyServer, webApp } from './web-app';

const port = Number(process.env.BENCH_PORT ?? 3192);
const base = process.env.BENCH_URL ?? `http://127.0.0.1:${port}`;
const app = webApp(base);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const cpuSlowdown = Number(process.env.BENCH_CPU ?? 1);

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
type Work = { drawing: number; chunk: number; scripting: number; blocking: number };

/** Milliseconds of samples: all running code, and those inside the participant chunk's evaluation. */
function readProfile(profile: Profile): { chunk: number; scripting: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const isChunkEvaluation = (n: ProfileNode) =>
    n.callFrame.functionName === '' &&
    n.callFrame.lineNumber === 0 &&
    /\/assets\/participant-[^/]*\.js$/.test(n.callFrame.url);
  let chunk = 0;
  let scripting = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const name = byId.get(id)?.callFrame.functionName ?? '';
    if (name === '(idle)' || name === '(program)') return;
    scripting += ms;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (node && isChunkEvaluation(node)) {
        chunk += ms;
        break;
      }
    }
  });
  return { chunk, scripting };
}

async function measure(browser: Browser, url: string, signedIn: boolean): Promise<Work> {
  const { cookies } = signedIn ? await app.participantSignIn() : { cookies: [] };
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    serviceWorkers: 'block',
  });
  try {
    const host = new URL(base).hostname;
    await context.addCookies(cookies.map((c) => ({ ...c, domain: host, sameSite: 'Strict' as const })));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    // Every long task of the main thread (over 50 ms), as the browser reports them.
    await page.addInitScript(() => {
      const w = window as unknown as { attendLongTasks: number[] };
      w.attendLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.attendLongTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000); // the last answers' drawing
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const drawing = await page.evaluate(
      () => performance.getEntriesByName('attend:first-drawing')[0]?.duration ?? Number.NaN,
    );
    const longTasks = await page.evaluate(
      () => (window as unknown as { attendLongTasks: number[] }).attendLongTasks,
    );
    // Blocking time as Lighthouse's TBT counts it: what each long task runs beyond 50 ms.
    const blocking = longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);
    return { drawing, blocking, ...readProfile(profile) };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const journeys = process.env.BENCH_URL ? null : startJourneyServer(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await app.waitForHealth(journeys?.server ?? null);
    // The tag and the QR code exist once attendance is confirmed.
    const me = await app.confirmedParticipant();
    const pages = [
      { name: '/', path: '/', signedIn: false },
      { name: '/login', path: '/login', signedIn: false },
      { name: '/event/{id}', path: `/event/${me.eventId}`, signedIn: true },
      { name: '/event/{id}/tag', path: `/event/${me.eventId}/tag`, signedIn: true },
      { name: '/sessions', path: '/sessions', signedIn: true },
      { name: '/qr-code', path: '/qr-code', signedIn: true },
    ];
    const only = process.env.BENCH_PAGES?.split(',');
    const rows: string[] = [];
    for (const page of pages.filter((p) => !only || only.includes(p.name))) {
      const results: Work[] = [];
      for (let i = 0; i < runs; i++)
        results.push(await measure(browser, `${base}${page.path}`, page.signedIn));
      const ms = (pick: (w: Work) => number) => `${median(results.map(pick)).toFixed(0)} ms`;
      console.log(`${page.name}: first drawing ${results.map((r) => r.drawing.toFixed(0)).join(', ')} ms`);
      rows.push(
        // The sign-in pages do not load the participant chunk.
        `| ${page.name} | ${ms((w) => w.drawing)} | ${page.signedIn ? ms((w) => w.chunk) : '–'} | ${ms((w) => w.scripting)} | ${ms((w) => w.blocking)} |`,
      );
    }
    console.log(`\nA participant's first visit, CPU slowed ${cpuSlowdown}×, median of ${runs} runs`);
    console.log('| page | first drawing | participant chunk evaluated | scripting | blocking time |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
  } finally {
    await browser.close();
    journeys?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
