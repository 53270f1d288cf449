import { defineConfig } from '@playwright/test';
import {
  chromiumArgs,
  chromiumPath,
  e2eDataDir,
  e2ePort as port,
  publishingServer,
} from './tests/e2e/browser.ts';

/**
 * The production build on a fresh data directory, with the demo records the tests read
 * loaded by the CLI first (a production start never loads any) and, on loopback without
 * SITE_URL, http://localhost:PORT as its address, as on a newcomer's first run.
 */
function server(serverPort: number, dataDir: string) {
  return {
    command: `rm -rf "${dataDir}" && node scripts/ensure-build.mjs && node dist/server/cli.js demo load && node dist/server/main.js`,
    url: `http://127.0.0.1:${serverPort}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  };
}

/** The spec that takes the staff guide's screenshots (see the staff-guide project). */
const STAFF_GUIDE_SPEC = /staff-guide\.spec\.ts$/;

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
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: STAFF_GUIDE_SPEC,
    },
    // The staff guide's screenshots: its baselines are the pictures docs/staff-guide.md
    // shows, so they live in docs/images/ under their own names.
    {
      name: 'staff-guide',
      use: { browserName: 'chromium' },
      testMatch: STAFF_GUIDE_SPEC,
      expect: { toHaveScreenshot: { pathTemplate: 'docs/images/{arg}{ext}' } },
    },
  ],
  // The shared server, and one for the specs that post advisories and news (see
  // publishingServer), whose banners and items must not reach the pages others measure.
  webServer: [server(port, e2eDataDir), server(publishingServer.port, publishingServer.dataDir)],
});
