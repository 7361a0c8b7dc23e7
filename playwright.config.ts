import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  // One retry: a journey that fails once on a loaded machine and passes again is reported as flaky by
  // name at the end of `npm test` (never silently), instead of failing the whole run.
  retries: 1,
  // A journey is many steps; on a loaded 2-core machine the longer ones took 50-60 s, so each gets
  // 120 s. Every single check still fails after its own 20 s.
  timeout: 120_000,
  // Generous: on a busy 2-core machine (two browsers, the server and the runner) a page can take
  // several seconds to render; a passing check waits only as long as it needs.
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    // The app's service worker precaches about 2 MB in every new context; only the offline journeys,
    // which need it, let it run (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `${baseURL}/api/health/`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
