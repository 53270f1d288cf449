#!/usr/bin/env node
// The package's command: checks that the site is built (and, in a development checkout,
// rebuilds it when stale), then runs the bundled CLI.
import { ensureBuild } from '../scripts/ensure-build.mjs';

ensureBuild();
await import('../dist/server/cli.js');
