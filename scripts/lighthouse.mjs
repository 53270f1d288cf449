// `npm run lighthouse`: Lighthouse's mobile audit (its default phone emulation and
// throttling) of the production build on a scratch database of demo records, for the home
// page, a procurement list, a record's permalink, the news page and the Filipino home
// page. Prints performance, accessibility, best practices and SEO per page; exits 1 when
// any page scores under 95 / 100 / 100 / 100, naming what cost the points. Uses the system Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium); `--keep` leaves the JSON reports in the
// scratch folder it names; `--runs N` reports each page's median of N runs; `--pages /,/fil`
// audits only those pages.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  audit,
  CATEGORIES,
  scriptKilobytes,
  totalBlockingTime,
} from './bench/lighthouse-audit.mjs';
import { freePort, startServer } from './bench/server-process.mjs';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const keep = process.argv.includes('--keep');
/** `--runs N`: audit each page N times and report the median run (by total blocking time). */
const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument === -1 ? 1 : Math.max(1, Number(process.argv[runsArgument + 1]) || 1);
/** `--pages /,/fil`: audit only these pages (a record page is written `/notice-of-award/1`). */
const pagesArgument = process.argv.indexOf('--pages');
const onlyPages =
  pagesArgument === -1 ? undefined : process.argv[pagesArgument + 1]?.split(',').filter(Boolean);

/** The audits that cost a category points, worst first. */
function shortfalls(report, category) {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((item) => item.score !== null && item.score < 1)
    .sort((a, b) => a.score - b.score)
    .map(
      (item) =>
        `${item.id} (${Math.round(item.score * 100)}${item.displayValue ? `, ${item.displayValue}` : ''})`,
    );
}

ensureBuild();
const scratch = await mkdtemp(path.join(os.tmpdir(), 'municipal-lighthouse-'));
let server;
let ok = true;
try {
  // An empty data folder, which the CLI fills with the demo records (a production start
  // never loads them, and a record page needs one). A deployment names its public address,
  // which canonical links need to be absolute.
  const dataDir = path.join(scratch, 'data');
  const loaded = spawnSync(
    process.execPath,
    [path.join(root, 'dist/server/cli.js'), '--data-dir', dataDir, 'demo', 'load'],
    { stdio: 'inherit' },
  );
  if (loaded.status !== 0) throw new Error('loading the demonstration records failed');
  const port = await freePort();
  server = await startServer(dataDir, { port, env: { SITE_URL: `http://127.0.0.1:${port}` } });
  const firstRecord = await (await fetch(`${server.origin}/api/records/notice_of_awards`)).json();
  const allPages = [
    '/',
    '/notice-of-award',
    `/notice-of-award/${firstRecord.items[0].id}`,
    '/news',
    // The Filipino home page, with its catalogue in the page's data.
    '/fil',
  ];
  const pages = onlyPages ?? allPages;
  console.log(`| page | ${CATEGORIES.join(' | ')} | total blocking time (ms) | JavaScript (KB) |`);
  console.log(`|---|${CATEGORIES.map(() => '---:').join('|')}|---:|---:|`);
  const notes = [];
  for (const [index, page] of pages.entries()) {
    const reports = [];
    for (let run = 0; run < runs; run += 1) {
      reports.push(
        await audit(`${server.origin}${page}`, path.join(scratch, `report-${index}-${run}.json`)),
      );
    }
    reports.sort((a, b) => totalBlockingTime(a) - totalBlockingTime(b));
    const report = reports[Math.floor((reports.length - 1) / 2)];
    const scores = CATEGORIES.map((category) =>
      Math.round(report.categories[category].score * 100),
    );
    const blocking = Math.round(totalBlockingTime(report));
    console.log(
      `| ${page} | ${scores.join(' | ')} | ${blocking} | ${scriptKilobytes(report).toFixed(1)} |`,
    );
    CATEGORIES.forEach((category, at) => {
      if (scores[at] >= TARGETS[category]) return;
      ok = false;
      notes.push(
        `${page} ${category} ${scores[at]} < ${TARGETS[category]}: ${shortfalls(report, category).join('; ')}`,
      );
    });
    if (report.runWarnings?.length) notes.push(`${page} warnings: ${report.runWarnings.join(' ')}`);
  }
  console.log(
    `\nTargets (mobile): performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO ${TARGETS.seo}: ${ok ? 'met' : 'MISSED'}.`,
  );
  for (const note of notes) console.log(`- ${note}`);
  if (keep) console.log(`\nReports kept in ${scratch}`);
} finally {
  await server?.stop();
  if (!keep) await rm(scratch, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
