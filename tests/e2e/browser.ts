import { existsSync } from 'node:fs';

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
