import { defineConfig } from 'vitest/config';

// API and unit tests: real listening servers on PGlite (and PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  root: '.',
  test: {
    include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'web/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
