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
await import('../dist/server/main.js');
