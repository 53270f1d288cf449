#!/usr/bin/env node
// The package's command: makes sure the build is current, then runs the bundled CLI.
import { ensureBuild } from '../scripts/ensure-build.mjs';

ensureBuild();
await import('../dist/server/cli.js');
