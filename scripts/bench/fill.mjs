// Fills scratch data directories for the benchmarks through the db module (fill-database.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Fills `dataDir` with `records` notices of award; returns what fill-database.ts reports. */
export function fillDatabase(dataDir, records) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'scripts', 'bench', 'fill-database.ts'),
      dataDir,
      String(records),
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (result.status !== 0)
    throw new Error(`filling ${records} records failed (exit ${result.status})`);
  console.error(
    `filled ${records.toLocaleString('en-US')} records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}
