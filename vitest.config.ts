import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/api/test/**/*.test.ts', 'packages/shared/src/**/*.test.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    pool: 'forks',
    // Two files at once even on a 2-core machine, where Vitest's default is one: a file spends
    // much of its time starting up and waiting on its database, a child process or a socket
    // (eight files took 228 s one at a time, 146 s two at a time).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/api.json' },
  },
});
