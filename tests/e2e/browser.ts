import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's Chromium; Playwright never downloads a browser here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumAvailable = existsSync(chromiumPath);

/** Flags for a root user on a machine with no network but loopback. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const e2ePort = Number(process.env.E2E_PORT ?? 4173);

/** A server's data directory, fixed per port so tests in any worker can open the same database. */
const dataDirOf = (port: number) => path.join(os.tmpdir(), `municipal-e2e-data-${port}`);

/** The shared server's data directory. */
export const e2eDataDir = dataDirOf(e2ePort);

/**
 * A second server, on its own data, for the spec files that post advisories and news
 * (`test.use({ baseURL: publishingServer.baseURL })`, accounts in its `dataDir`): their
 * banners and items would otherwise appear on the pages other specs measure (weight, axe,
 * layout) while they run in parallel.
 */
export const publishingServer = {
  port: e2ePort + 1,
  baseURL: `http://127.0.0.1:${e2ePort + 1}`,
  dataDir: dataDirOf(e2ePort + 1),
};
