import { defineConfig } from 'vitest/config';

// Web unit tests: logic the browser journeys cover poorly (session refresh, error readers, form rules),
// in a simulated DOM with the API answered by MSW.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
    // Above the 5 s that findBy… may wait (test/setup.ts), for a busy machine.
    testTimeout: 15_000,
    reporters: ['default', 'json'],
    outputFile: { json: '../../test-results/web.json' },
  },
});
