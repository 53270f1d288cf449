// `npm start`: check the build (rebuilt when stale in a development checkout only), then
// run the production server in this process.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
// React picks its development or production build when first loaded, from NODE_ENV.
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
