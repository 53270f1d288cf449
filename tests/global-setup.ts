import type { TestProject } from 'vitest/node';
// The CLI tests run the bundled CLI, exactly what `npm run cli` and the package's bin run,
// and it starts much faster than the sources under a TypeScript loader.
// @ts-expect-error -- a plain ES module script without type declarations
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { postgresMissing, startPostgresCluster } from './helpers/postgres-cluster.ts';

export default function setup(project: TestProject) {
  (ensureBuild as () => void)();
  // One PostgreSQL cluster for the run (issue 36); each test file makes its own databases.
  const missing = postgresMissing();
  if (missing) {
    if (process.env.CI === 'true') throw new Error(`The PostgreSQL tests cannot run: ${missing}`);
    console.warn(`\nPostgreSQL tests are SKIPPED: ${missing}\n`);
    project.provide('postgres', { missing });
    return undefined;
  }
  const cluster = startPostgresCluster();
  project.provide('postgres', { url: cluster.url });
  return () => cluster.stop();
}
