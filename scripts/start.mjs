// `npm start`: build if needed, then run the production server in this process.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../dist/server/main.js');
