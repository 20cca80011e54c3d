import { defineConfig } from 'vitest/config';

// Browser journeys: a real server on PGlite serving the built web app, driven by Chromium.
export default defineConfig({
  root: '.',
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
