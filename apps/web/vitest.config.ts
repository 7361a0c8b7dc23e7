import { defineConfig } from 'vitest/config';

// Web unit tests: logic the browser journeys cover poorly (session refresh, error readers, form rules),
// in a simulated DOM with the API answered by MSW.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
    // Two files at once even on a 2-core machine, where Vitest's default is one (the suite took
    // 640 s one file at a time, 407 s two at a time).
    maxWorkers: 2,
    // Well above the 5 s that findBy… may wait (test/setup.ts): a form test filling a dozen fields
    // took over 20 s on a slow 2-core machine running two files at once.
    testTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: '../../test-results/web.json' },
  },
});
