// npm test: the API suite on the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL
// side by side, the web unit tests, then the browser journeys in Chromium. Ends with one line:
// "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensurePoppler } from './ensure-poppler.mjs';
import { ensureFileReaders } from './ensure-file-readers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0 };
const lines = [];
// The name of every failed test, printed again at the end: CI keeps only the tail of the output.
const failures = [];
// Journeys that failed once and passed on their retry: named at the end too, never hidden.
const flaky = [];

function run(label, cmd, args, env) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Counts a Vitest JSON report into the totals; a crash before any test ran counts as a failure. */
function countVitest(label, file, status) {
  const report = readJson(file);
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (status !== 0 && !report?.numFailedTests ? 1 : 0);
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${label}: ${passed} passed, ${failed} failed`);
  for (const file of report?.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${label}: ${where} › ${t.fullName}`);
    if (file.status === 'failed' && !failedTests.length)
      failures.push(`${label}: ${where} (${file.message})`);
  }
}

function vitestSuite(label, file, env, args = []) {
  const status = run(label, 'npx', ['vitest', 'run', ...args, `--outputFile.json=${file}`], env);
  countVitest(label, file, status);
}

/**
 * Runs Vitest suites side by side, each into its own log, then prints each log whole in the order
 * given. On two cores a single Vitest worker leaves a core idle while a test waits for a timer, a
 * child process or the PostgreSQL server, so two suites at once take less time than one after the other.
 */
async function vitestSuitesSideBySide(suites) {
  const started = Date.now();
  const runs = suites.map(({ label, file, env, args = [] }) => {
    const log = `${file}.log`;
    const out = createWriteStream(log);
    const child = spawn('npx', ['vitest', 'run', ...args, `--outputFile.json=${file}`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    const status = new Promise((resolve) => {
      let ended = false;
      const end = (code) => {
        if (ended) return;
        ended = true;
        console.log(`${label}: finished after ${Math.round((Date.now() - started) / 1000)} s`);
        out.end(() => resolve(code ?? 1));
      };
      // A Vitest that could not be started at all counts as a failed suite, with the reason in its log.
      child.on('error', (err) => {
        out.write(`${err.message}\n`);
        end(1);
      });
      child.on('close', end);
    });
    return { label, file, log, status };
  });
  console.log(`\n=== ${suites.map((s) => s.label).join(' and ')}, side by side ===`);
  for (const { label, file, log, status } of runs) {
    const code = await status;
    console.log(`\n=== ${label} ===`);
    process.stdout.write(readFileSync(log, 'utf8'));
    countVitest(label, file, code);
  }
}

// The badge tests read the printed PDFs with poppler's pdfinfo, pdftotext and pdftoppm.
if (!ensurePoppler()) console.error('poppler-utils could not be installed; the badge tests will fail.');
// The export tests open the .xlsx files with openpyxl and the zips with Java's ZipInputStream.
if (!ensureFileReaders())
  console.error('openpyxl or Java could not be installed; the export tests will fail.');

const apiSuites = [
  {
    label: 'API and unit tests on embedded PGlite',
    file: path.join(results, 'api-pglite.json'),
    env: { TEST_DATABASE_URL: '' },
  },
];
if (process.env.TEST_DATABASE_URL) {
  apiSuites.push({
    label: 'API and unit tests on PostgreSQL',
    file: path.join(results, 'api-postgres.json'),
    env: {},
  });
}
await vitestSuitesSideBySide(apiSuites);

vitestSuite('Web unit tests', path.join(results, 'web.json'), {}, ['--config', 'apps/web/vitest.config.ts']);

if (process.env.SKIP_E2E === '1') {
  lines.push('browser journeys: skipped (SKIP_E2E=1)');
} else if (!ensureChromium()) {
  totals.failed += 1;
  lines.push('browser journeys: Chromium is not available');
} else if (run('Building the web app', 'npm', ['run', 'build', '-w', 'apps/web']) !== 0) {
  totals.failed += 1;
  lines.push('browser journeys: the web app did not build');
} else {
  e2eSuite('browser journeys on embedded PGlite', 'e2e-pglite.json', { E2E_DATABASE_URL: '' });
  if (process.env.TEST_DATABASE_URL) {
    e2eSuite('browser journeys on PostgreSQL', 'e2e-postgres.json', {
      E2E_DATABASE_URL: process.env.TEST_DATABASE_URL,
    });
  }
}

function e2eSuite(label, name, env) {
  const file = path.join(results, 'e2e.json');
  rmSync(file, { force: true });
  const status = run(`${label} (Playwright, Chromium)`, 'npx', ['playwright', 'test'], env);
  const report = existsSync(file) ? readJson(file) : null;
  const stats = report?.stats;
  if (existsSync(file)) renameSync(file, path.join(results, name));
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) + (status !== 0 && !stats?.unexpected ? 1 : 0);
  totals.passed += passed;
  totals.failed += failed;
  const retried = stats?.flaky ? ` (${stats.flaky} flaky)` : '';
  lines.push(`${label}: ${passed} passed, ${failed} failed${retried}`);
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) failures.push(`${label}: ${spec.file}:${spec.line} › ${spec.title}`);
      else if (spec.tests?.some((t) => t.status === 'flaky'))
        flaky.push(`${label}: ${spec.file}:${spec.line} › ${spec.title}`);
    }
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of report?.suites ?? []) walk(suite);
}

if (flaky.length)
  console.log('\nFlaky (failed once, passed on retry):\n' + flaky.map((f) => `  ${f}`).join('\n'));
if (failures.length) console.log('\nFailed:\n' + failures.map((f) => `  ${f}`).join('\n'));
console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
