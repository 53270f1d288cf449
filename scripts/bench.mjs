// `npm run bench`: how the site holds up as the records grow and the readers pile in. Each
// section is a function of its own (scripts/bench/*.mjs, scripts/bench-import.mjs) that
// measures, then prints. `npm run bench -- site` (or lists, import, csv) runs only the named
// sections (site, lists, import, csv, alerts, markdown); BENCH_SECONDS and BENCH_MIXED_SECONDS shorten the load figures for a trial run.
import { benchImport, printImportBench } from './bench-import.mjs';
import { benchAlerts, printAlertsBench } from './bench/alerts-bench.mjs';
import { benchCsvDownload, printCsvDownloadBench } from './bench/csv-download-bench.mjs';
import { benchLists, printListBench } from './bench/list-bench.mjs';
import { benchMarkdown, printMarkdownBench } from './bench/markdown-bench.mjs';
import { benchSite, printSiteBench } from './bench/site-bench.mjs';
import { ensureBuild } from './ensure-build.mjs';
import os from 'node:os';

ensureBuild();
const sections = [
  [
    'site',
    'Production server on 100,000 records: throughput against a bare route, mixed load, first-visit bytes',
    async () => printSiteBench(await benchSite()),
  ],
  [
    'lists',
    'Procurement lists at 100 and 100,000 records',
    async () => printListBench(await benchLists()),
  ],
  ['import', 'Bulk import of a 100,000-row CSV', async () => printImportBench(await benchImport())],
  [
    'csv',
    'CSV download of 100,000 records',
    async () => printCsvDownloadBench(await benchCsvDownload()),
  ],
  [
    'alerts',
    'Bid alerts: 10,000 subscribers and a 1,000-record import',
    async () => printAlertsBench(await benchAlerts()),
  ],
  [
    'markdown',
    'News Markdown on the texts that stalled the old parser',
    async () => printMarkdownBench(benchMarkdown()),
  ],
];
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !sections.some(([id]) => id === name));
if (unknown.length > 0) {
  console.error(
    `Unknown section ${unknown.join(', ')}; the sections are ${sections.map(([id]) => id).join(', ')}.`,
  );
  process.exit(2);
}
console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${os.loadavg()[0].toFixed(2)} at start.`,
);
let ok = true;
for (const [id, title, run] of sections) {
  if (chosen.length > 0 && !chosen.includes(id)) continue;
  console.log(`\n## ${title}\n`);
  ok = (await run()) && ok;
}
console.log(`\nLoad average at the end: ${os.loadavg()[0].toFixed(2)}.`);
process.exitCode = ok ? 0 : 1;
