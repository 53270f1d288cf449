// `npm run bench`: how the site holds up as the records grow. Each section is a function
// of its own (scripts/bench/*.mjs, scripts/bench-import.mjs) that measures, then prints.
import { benchImport, printImportBench } from './bench-import.mjs';
import { benchCsvDownload, printCsvDownloadBench } from './bench/csv-download-bench.mjs';
import { benchLists, printListBench } from './bench/list-bench.mjs';
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
const sections = [
  ['Procurement lists at 100 and 100,000 records', async () => printListBench(await benchLists())],
  ['Bulk import of a 100,000-row CSV', async () => printImportBench(await benchImport())],
  ['CSV download of 100,000 records', async () => printCsvDownloadBench(await benchCsvDownload())],
];
let ok = true;
for (const [title, run] of sections) {
  console.log(`\n## ${title}\n`);
  ok = (await run()) && ok;
}
process.exitCode = ok ? 0 : 1;
