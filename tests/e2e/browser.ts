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

/** The server's data directory, fixed per port so tests in any worker can open the same database. */
export const e2eDataDir = path.join(os.tmpdir(), `municipal-e2e-data-${e2ePort}`);
