// npm run bench:guessing: the sign-in guessing budgets from outside, on embedded PGlite and on
// PostgreSQL (a scratch database on BENCH_DATABASE_URL, default the local server's "test"), the
// server in its own process (bench/guessing-serve.ts). Each client speaks from its own loopback
// address (127.0.1.x), so the server counts it apart.
//
// 1. Bursts: 1,000 parallel wrong guesses from one fresh address, for staff passwords, participant
//    codes and one-click link tokens: how many were evaluated (answered 401) and how many were asked
//    for a proof of work (428) instead.
// 2. A guesser who solves every challenge: one address, one solver at Node's full speed (altcha-lib,
//    Node's PBKDF2), wrong codes one after the other for BENCH_SOLVE_SECONDS (60): evaluated guesses
//    per hour, and the level the network's ramp reached.
// 3. A crowd: 1,000 participants of one event arriving at once from one address with their right
//    codes: seconds until all are signed in, and any answer that was not 200.
// 4. A person behind a guessed-from address: the browser's address (127.0.0.1) gets 1,000 failures
//    (network, network at the event, and the event), then a participant signs in through the web
//    app in Chromium with the CPU slowed 4x: seconds from Login to their event page (BENCH_WAIT_RUNS
//    runs, each a new challenge), against the same sign-in from a clean address. Needs the built web
//    app (npm run build -w apps/web) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ZChallengeRequired } from '@attend/shared';
import { DATABASES, table } from './participants-common';

const SOLVE_SECONDS = Number(process.env.BENCH_SOLVE_SECONDS ?? 60);
const WAIT_RUNS = Number(process.env.BENCH_WAIT_RUNS ?? 5);
const BURST = 1000;
const STAFF = { username: 'bench', password: 'bench-password-1' };
const EVENT_CODE = 'GUESS1';

type Answer = { status: number; body: string };

/** One POST from a given loopback address, on its own connection. */
function post(base: string, path: string, body: unknown, from: string): Promise<Answer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function solve(answer: Answer): Promise<{ altcha: string; level: number }> {
  const { challenge } = ZChallengeRequired.parse(JSON.parse(answer.body));
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return {
    altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    level: Number(challenge.parameters.data?.lvl),
  };
}

async function startTarget(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/guessing-serve.ts'], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
  });
  const info = JSON.parse(line) as { app: number; ctl: number };
  const url = `http://127.0.0.1:${info.app}`;
  const ctl = `http://127.0.0.1:${info.ctl}`;
  const { codes, link } = (await (await fetch(`${ctl}/codes`)).json()) as { codes: string[]; link: string };
  const setCounters = (counters: Record<string, number>) =>
    fetch(`${ctl}/counters`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(counters),
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, codes, link, setCounters, stop };
}

type Target = Awaited<ReturnType<typeof startTarget>>;

async function burst(t: Target, path: string, body: (i: number) => unknown, from: string) {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: BURST }, (_, i) => post(t.url, path, body(i), from)),
  );
  const count = (s: number) => answers.filter((a) => a.status === s).length;
  return {
    evaluated: count(401) + count(200),
    asked: count(428),
    other: BURST - count(401) - count(200) - count(428),
    seconds: (performance.now() - started) / 1000,
  };
}

async function solvingGuesser(t: Target, from: string) {
  const until = performance.now() + SOLVE_SECONDS * 1000;
  let evaluated = 0;
  let level = 0;
  let i = 0;
  while (performance.now() < until) {
    const guess = { event_code: EVENT_CODE, unique_code: `WRONG${i++}` };
    let answer = await post(t.url, '/api/auth/login/', guess, from);
    while (answer.status === 428) {
      const solved = await solve(answer);
      level = solved.level;
      answer = await post(t.url, '/api/auth/login/', { ...guess, altcha: solved.altcha }, from);
    }
    if (answer.status === 401) evaluated++;
    else throw new Error(`unexpected ${answer.status}: ${answer.body}`);
  }
  return { evaluated, perHour: Math.round((evaluated * 3600) / SOLVE_SECONDS), level };
}

async function crowd(t: Target, from: string) {
  const started = performance.now();
  const answers = await Promise.all(
    t.codes.map((code) =>
      post(t.url, '/api/auth/login/', { event_code: EVENT_CODE, unique_code: code }, from),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    signedIn: answers.filter((a) => a.status === 200).length,
    other: answers.filter((a) => a.status !== 200).length,
    seconds,
  };
}

/** Seconds from Login to the event page in Chromium with the CPU slowed 4x, one run per code. */
async function browserWaits(t: Target, codes: string[]): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const waits: number[] = [];
  try {
    for (const code of codes) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${t.url}/login`);
      await page.getByLabel('Participant Code', { exact: true }).fill(EVENT_CODE);
      await page.getByLabel('Unique Code', { exact: true }).fill(code);
      const started = performance.now();
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(/\/event\/\d+$/, { timeout: 60_000 });
      waits.push((performance.now() - started) / 1000);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return waits;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rows: (string | number)[][] = [];
const waitRows: (string | number)[][] = [];
for (const { label, url } of DATABASES) {
  const t = await startTarget(url);
  try {
    const staff = await burst(
      t,
      '/api/auth/token/',
      (i) => ({ ...STAFF, password: i === 500 ? STAFF.password : `wrong-${i}` }),
      '127.0.1.1',
    );
    const code = await burst(
      t,
      '/api/auth/login/',
      (i) => ({ event_code: EVENT_CODE, unique_code: `GUESS${i}` }),
      '127.0.1.2',
    );
    const link = await burst(
      t,
      '/api/auth/one-click-login/',
      (i) => ({ token: `${i}`.padStart(22, 'x') }),
      '127.0.1.3',
    );
    const solver = await solvingGuesser(t, '127.0.1.4');
    const arrivals = await crowd(t, '127.0.1.5');
    rows.push(
      [
        label,
        'burst: staff passwords',
        `${staff.evaluated} of ${BURST} evaluated`,
        `${staff.asked} asked for work, ${staff.other} other`,
        staff.seconds.toFixed(1),
      ],
      [
        label,
        'burst: participant codes',
        `${code.evaluated} of ${BURST} evaluated`,
        `${code.asked} asked for work, ${code.other} other`,
        code.seconds.toFixed(1),
      ],
      [
        label,
        'burst: link tokens',
        `${link.evaluated} of ${BURST} evaluated`,
        `${link.asked} asked for work, ${link.other} other`,
        link.seconds.toFixed(1),
      ],
      [
        label,
        `one address solving every challenge (${SOLVE_SECONDS} s)`,
        `${solver.perHour} guesses/hour`,
        `${solver.evaluated} evaluated, level ${solver.level}`,
        String(SOLVE_SECONDS),
      ],
      [
        label,
        '1,000 right codes at once, one address',
        `${arrivals.signedIn} signed in`,
        `${arrivals.other} not`,
        arrivals.seconds.toFixed(1),
      ],
    );
    if (WAIT_RUNS > 0) {
      const clean = await browserWaits(t, t.codes.slice(0, WAIT_RUNS));
      const ip = '127.0.0.1';
      await t.setCounters({
        [`code:net:${ip}`]: 1000,
        [`code:net-event:${ip}:${EVENT_CODE}`]: 1000,
        [`code:event:${EVENT_CODE}`]: 1000,
      });
      const marked = await browserWaits(t, t.codes.slice(WAIT_RUNS, 2 * WAIT_RUNS));
      const fmt = (xs: number[]) => `${median(xs).toFixed(2)} (max ${Math.max(...xs).toFixed(2)})`;
      waitRows.push([label, fmt(clean), fmt(marked), marked.map((x) => x.toFixed(2)).join(', ')]);
    }
  } finally {
    await t.stop();
  }
}
console.log(table(['database', 'measure', 'result', 'detail', 'seconds'], rows));
if (waitRows.length) {
  console.log('\nSign-in in Chromium, CPU slowed 4x: seconds from Login to the event page (median, max)');
  console.log(table(['database', 'clean address', 'address with 1,000 failures', 'runs'], waitRows));
}
