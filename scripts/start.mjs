// `npm start`: check the build (rebuilt when stale in a development checkout only), then
// run the production server in this process.
import { ensureBuild, hasDevDependencies } from './ensure-build.mjs';

ensureBuild();
// React picks its development or production build when first loaded, from NODE_ENV.
process.env.NODE_ENV ??= 'production';
// A newcomer's `npm ci && npm start` shows populated lists, marked as demonstration data on
// every page. A production install (no dev dependencies), `node dist/server/main.js` and
// the container never load them unless DEMO_RECORDS=true is set.
if (hasDevDependencies()) process.env.DEMO_RECORDS ??= 'true';
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
