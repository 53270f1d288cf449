// Times the bulk import: a generated 100,000-row CSV imported by the built CLI into a
// scratch database. Peak memory is the CLI process's own maximum resident set size, which
// it reports in its --json summary. Run alone (`node scripts/bench-import.mjs`) or from
// scripts/bench.mjs.
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist', 'server', 'cli.js');

export const IMPORT_ROWS = 100_000;
export const TARGET_SECONDS = 10;
export const TARGET_MEGABYTES = 200;

const MODES = ['Public Bidding', 'Small Value Procurement', 'Shopping', 'Negotiated Procurement'];
const SUPPLIERS = [
  'Dela Cruz Construction',
  'Santos Trading, Inc.',
  'Bayanihan Builders',
  'Mabuhay Supply Co.',
];

/** Rows shaped like real notices of award: varied titles, a quoted comma now and then, distinct links. */
async function writeCsv(file, rows) {
  const out = createWriteStream(file);
  out.write('pr_number,project_title,supplier,mode_of_procurement,link,created\n');
  for (let i = 0; i < rows; i++) {
    const supplier = SUPPLIERS[i % SUPPLIERS.length];
    const line =
      `PR-${2000 + (i % 25)}-${String(i).padStart(6, '0')},` +
      `"Concreting of barangay road, phase ${i % 7}, lot ${i}",` +
      `${supplier.includes(',') ? `"${supplier}"` : supplier},` +
      `${MODES[i % MODES.length]},` +
      `https://documents.example.gov.ph/awards/${i}.pdf,` +
      `${new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString()}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function runCli(args, options = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ARGON2_TEST_COST: 'low' },
    maxBuffer: 16 * 1024 * 1024,
    ...options,
  });
  if (result.status !== 0) {
    throw new Error(`cli ${args.join(' ')} exited with ${result.status}:\n${result.stderr}`);
  }
  return result;
}

export async function benchImport({ rows = IMPORT_ROWS } = {}) {
  ensureBuild();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-bench-import-'));
  try {
    const file = path.join(dir, 'notices.csv');
    await writeCsv(file, rows);
    const dataDir = path.join(dir, 'data');
    runCli(['--data-dir', dataDir, 'users', 'add', 'bench@example.gov.ph', '--password-stdin'], {
      input: 'timing-imports-on-two-cores\n',
    });
    const started = performance.now();
    const result = runCli([
      '--data-dir',
      dataDir,
      'import',
      'notice_of_awards',
      file,
      '--as',
      'bench@example.gov.ph',
      '--json',
      '--quiet',
    ]);
    const wallSeconds = (performance.now() - started) / 1000;
    const summary = JSON.parse(result.stdout);
    if (summary.imported !== rows)
      throw new Error(`expected ${rows} rows imported, got ${summary.imported}`);
    return {
      rows,
      fileMegabytes: (await stat(file)).size / 1024 / 1024,
      wallSeconds,
      peakMegabytes: summary.maxRssBytes / 1024 / 1024,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printImportBench(result) {
  const timeOk = result.wallSeconds < TARGET_SECONDS;
  const memoryOk = result.peakMegabytes < TARGET_MEGABYTES;
  console.log(
    `import: ${result.rows.toLocaleString('en-US')} CSV rows (${result.fileMegabytes.toFixed(1)} MB) in ` +
      `${result.wallSeconds.toFixed(2)} s (target < ${TARGET_SECONDS} s ${timeOk ? 'met' : 'MISSED'}), ` +
      `peak memory ${result.peakMegabytes.toFixed(0)} MB (target < ${TARGET_MEGABYTES} MB ${memoryOk ? 'met' : 'MISSED'})`,
  );
  return timeOk && memoryOk;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ok = printImportBench(await benchImport());
  process.exitCode = ok ? 0 : 1;
}
