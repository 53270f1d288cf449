// Runs the Playwright suite in the system Chromium. Where Chromium is missing the suite
// cannot run: under CI that is a failure, locally it says so loudly and stops.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Browser tests cannot run: Chromium is not at ${chromium}. Install Debian's "chromium" package (apt-get install -y chromium) or set CHROMIUM_PATH.`;
  const banner = '!'.repeat(message.length > 100 ? 100 : message.length);
  console.error(`\n${banner}\n${message}\n${banner}\n`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}
const result = spawnSync('npx', ['--no-install', 'playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
