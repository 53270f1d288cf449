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
await import('../dist/server/main.js');
