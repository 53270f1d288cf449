import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath, e2eDataDir, e2ePort as port } from './tests/e2e/browser.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // No retries, under CI or not: a test that passes only on its second try is a flaky test to fix.
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  // Screenshot baselines change on purpose only (--update-snapshots): under CI a missing one
  // fails instead of being written.
  updateSnapshots: process.env.CI === 'true' ? 'none' : 'missing',
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The production build on a fresh data directory, with the demo records the tests read
    // (a production start loads none) and, on loopback without SITE_URL, http://localhost:PORT
    // as its address, as on a newcomer's first run.
    command: `rm -rf "${e2eDataDir}" && node scripts/ensure-build.mjs && node dist/server/main.js`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: 'warn',
      DEMO_RECORDS: 'true',
    },
  },
});
