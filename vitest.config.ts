import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { postgresPassExcludes } from './tests/integration/engine-passes.ts';

// `npm run test:postgres` runs the integration suite again with every test app on
// PostgreSQL (issue 36); `npm run test:unit` runs everything on SQLite.
const postgresPass = process.env.TEST_ENGINE === 'postgres';

export default defineConfig({
  plugins: [react()],
  test: {
    include: postgresPass
      ? ['tests/integration/**/*.test.{ts,tsx}']
      : [
          'tests/unit/**/*.test.{ts,tsx}',
          'tests/integration/**/*.test.{ts,tsx}',
          'tests/container/**/*.test.ts',
        ],
    exclude: postgresPass
      ? [...configDefaults.exclude, ...postgresPassExcludes()]
      : configDefaults.exclude,
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
