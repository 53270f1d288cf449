// `npm start`: check the build (rebuilt when stale in a development checkout only), then
// run the production server in this process.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureBuild, hasDevDependencies } from './ensure-build.mjs';

ensureBuild();
const chosenNodeEnv = process.env.NODE_ENV;
// React picks its development or production build when first loaded, from NODE_ENV.
process.env.NODE_ENV ??= 'production';
// A newcomer's `npm ci && npm start` shows populated lists, marked as demonstration data on
// every page. The server never loads them under NODE_ENV=production, which this start sets,
// so they are loaded here, by the CLI, into an empty database only. Not when the operator
// chose NODE_ENV=production (a real server that happens to have dev dependencies), nor on
// a production install (no dev dependencies) or in the container, nor with DEMO_RECORDS=false.
if (hasDevDependencies() && chosenNodeEnv === undefined && process.env.DEMO_RECORDS !== 'false') {
  const cli = fileURLToPath(new URL('../dist/server/cli.js', import.meta.url));
  // The server's own start-up line says what the database holds; the CLI's would repeat it.
  const loaded = spawnSync(process.execPath, [cli, 'demo', 'load'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (loaded.status !== 0) {
    console.error('Loading the demonstration records failed (see above); not starting.');
    process.exit(loaded.status ?? 1);
  }
}
watchParent();
await import('../dist/server/main.js');

/**
 * `npm start` runs this file under a shell (`sh -c node scripts/start.mjs`). npm passes a
 * SIGTERM (or SIGINT) on to that shell, which ends without passing it on to us: the server
 * would go on serving, orphaned, after the process the operator stopped was gone. So when
 * our parent goes away, we take it as the signal the parent got, and the server closes as
 * on any SIGTERM. A server started any other way (the image, node dist/server/main.js)
 * never runs this file.
 */
function watchParent() {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    // Once: a second SIGTERM would end the process before the server has closed.
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
}
