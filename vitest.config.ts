import { defineConfig } from 'vitest/config';
import { i18nCatalogues } from './web/i18n/vite-plugin.ts';

// API and unit tests: real listening servers on PGlite (and PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  root: '.',
  // The web modules under test read the message catalogues through the same plugin as the build.
  plugins: [i18nCatalogues()],
  test: {
    include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'web/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
