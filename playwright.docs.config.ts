import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run docs:screenshots`: the organiser's guide's screenshots (docs/guide/img/), taken by a
 * journey through an organiser's day on the real app, so that they are redone whenever the screens
 * change. Not part of `npm test`: the journeys' own config (playwright.config.ts) reads only e2e/.
 * The same server as the journeys (scripts/e2e-server.ts on a fresh embedded database).
 */
export default defineConfig({
  ...base,
  testDir: 'docs-screens',
  testMatch: '**/*.screens.ts',
  workers: 1,
  retries: 1,
  // One long journey: 4 minutes on a quiet 2-core machine, over 10 on a busy one.
  timeout: 1_200_000,
  reporter: [['list']],
  outputDir: 'test-results/docs-screens',
  use: {
    ...base.use,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    timezoneId: 'UTC',
    locale: 'en-US',
  },
});
