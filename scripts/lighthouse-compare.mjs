// `node scripts/lighthouse-compare.mjs --baseline <git ref> [--pages /,/fil] [--runs 5]`:
// Lighthouse's total blocking time of this checkout against an earlier commit, in one run on
// one machine. The baseline is checked out into a scratch git worktree and built there; both
// builds serve the same demo records, and their audits alternate page by page, so a change
// in the machine's load falls on both alike. Prints each page's median total blocking time
// for both and the ratio (this / baseline).
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { audit, scriptKilobytes, totalBlockingTime } from './bench/lighthouse-audit.mjs';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}
const baselineRef = option('--baseline');
if (!baselineRef) {
  console.error('Name the commit to compare with: --baseline <git ref>');
  process.exit(2);
}
const pages = option('--pages', '/,/fil').split(',').filter(Boolean);
const runs = Math.max(1, Number(option('--runs', '5')) || 5);

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** Starts a checkout's built server on its own demo data; the checkout's own start code. */
async function startSite(checkout, scratch, name) {
  const dataDir = path.join(scratch, `${name}-data`);
  run(
    process.execPath,
    [path.join(checkout, 'dist/server/cli.js'), '--data-dir', dataDir, 'demo', 'load'],
    checkout,
  );
  const { freePort, startServer } = await import(
    path.join(checkout, 'scripts/bench/server-process.mjs')
  );
  const port = await freePort();
  return startServer(dataDir, { port, env: { SITE_URL: `http://127.0.0.1:${port}` } });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

ensureBuild();
const scratch = await mkdtemp(path.join(os.tmpdir(), 'municipal-lighthouse-compare-'));
const baseline = path.join(scratch, 'baseline');
const servers = [];
try {
  run('git', ['worktree', 'add', '--detach', baseline, baselineRef], root);
  // The same installed packages: a baseline needing other ones is not comparable anyway.
  await symlink(path.join(root, 'node_modules'), path.join(baseline, 'node_modules'));
  run(process.execPath, [path.join(baseline, 'scripts/ensure-build.mjs'), '--force'], baseline);
  const sites = {
    baseline: await startSite(baseline, scratch, 'baseline'),
    this: await startSite(root, scratch, 'this'),
  };
  servers.push(...Object.values(sites));
  console.log(`Total blocking time, median of ${runs} Lighthouse mobile runs each, alternating:`);
  console.log(
    `| page | ${baselineRef} (ms) | this checkout (ms) | ratio | JavaScript ${baselineRef} → this (KB) |`,
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const [index, page] of pages.entries()) {
    const blocking = { baseline: [], this: [] };
    const script = { baseline: 0, this: 0 };
    for (let attempt = 0; attempt < runs; attempt += 1) {
      for (const [name, site] of Object.entries(sites)) {
        const report = await audit(
          `${site.origin}${page}`,
          path.join(scratch, `${name}-${index}-${attempt}.json`),
        );
        blocking[name].push(totalBlockingTime(report));
        script[name] = scriptKilobytes(report);
      }
    }
    const before = median(blocking.baseline);
    const after = median(blocking.this);
    console.log(
      `| ${page} | ${Math.round(before)} | ${Math.round(after)} | ${before > 0 ? (after / before).toFixed(2) : '–'} | ${script.baseline.toFixed(1)} → ${script.this.toFixed(1)} |`,
    );
  }
  console.log(`\nLoad average at the end: ${os.loadavg()[0].toFixed(2)}.`);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  spawnSync('git', ['worktree', 'remove', '--force', baseline], { cwd: root, stdio: 'ignore' });
  await rm(scratch, { recursive: true, force: true });
}
