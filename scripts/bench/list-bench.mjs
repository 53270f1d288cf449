// The list scaling benchmark: the same requests against a collection of 100 records and one
// of 100,000, each served by its own production server, compared figure by figure.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fillDatabase } from './fill.mjs';
import { closeConnections, percentile, timedGet } from './http-timing.mjs';
import { startServer } from './server-process.mjs';

export const SMALL = 100;
export const LARGE = 100_000;
const PAGE_SIZE = 5;
const WARM_UP = 30;
const SAMPLES = 200;
/** The Manila day of the first generated record (scripts/bench/fill-database.ts). */
const FIRST_DAY = '2015-01-01';
/** The list route of the benchmark's collection (notice_of_awards). */
const LIST_ROUTE = '/notice-of-award';

function scenarios({ collection, searches }, records) {
  const lastPage = Math.ceil(records / PAGE_SIZE);
  const cases = [
    ['page 1', ''],
    [`deep page (last, ${lastPage})`, `page=${lastPage}`],
    [`3-char search "${searches.rare}", 5 hits`, `q=${encodeURIComponent(searches.rare)}`],
    [`3-char search "${searches.broad}", 2% hits`, `q=${encodeURIComponent(searches.broad)}`],
    [`search with no hits "${searches.none}"`, `q=${encodeURIComponent(searches.none)}`],
    [`search "${searches.lot}", 1% hits`, `q=${encodeURIComponent(searches.lot)}`],
    // Records are posted a minute apart from 2015-01-01 08:00 Manila time: one day holds all
    // 100 of the small collection and 960 of the large one, the year holds them all.
    [
      `from/to one day + 3-char search "${searches.rare}"`,
      `from=${FIRST_DAY}&to=${FIRST_DAY}&q=${encodeURIComponent(searches.rare)}`,
    ],
    [
      `from/to one day + 3-char search "${searches.broad}", 2% hits`,
      `from=${FIRST_DAY}&to=${FIRST_DAY}&q=${encodeURIComponent(searches.broad)}`,
    ],
    [
      `from/to the whole year + 3-char search "${searches.broad}", 2% hits`,
      `from=${FIRST_DAY}&to=2015-12-31&q=${encodeURIComponent(searches.broad)}`,
    ],
  ];
  return cases.flatMap(([label, query]) => [
    { label: `list page, ${label}`, path: `${LIST_ROUTE}${query ? `?${query}` : ''}` },
    { label: `API, ${label}`, path: `/api/records/${collection}${query ? `?${query}` : ''}` },
  ]);
}

function summarise(samples) {
  const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    median: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    bytes: samples.at(-1).bytes,
  };
}

/**
 * Requests alternate between the two servers, so a burst of load from elsewhere on the
 * machine hits both sizes alike instead of skewing one of them.
 */
async function measure(servers) {
  const results = servers.map(() => new Map());
  for (let round = -WARM_UP; round < SAMPLES; round += 1) {
    for (let index = 0; index < servers[0].cases.length; index += 1) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const which of order) {
        const { origin, cases } = servers[which];
        const sample = await timedGet(`${origin}${cases[index].path}`);
        if (round < 0) continue;
        const list = results[which].get(index) ?? [];
        list.push(sample);
        results[which].set(index, list);
      }
    }
  }
  return results.map((byCase) => [...byCase.values()].map(summarise));
}

export async function benchLists() {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'municipal-bench-lists-'));
  const servers = [];
  try {
    for (const records of [SMALL, LARGE]) {
      const dataDir = path.join(scratch, String(records));
      const filled = fillDatabase(dataDir, records);
      // Without the render cache every request repeats the database's work, which is what
      // this section compares; the throughput section measures the site as configured.
      const server = await startServer(dataDir, { env: { RENDER_CACHE_MB: '0' } });
      servers.push({ records, cases: scenarios(filled, records), ...server });
    }
    const [small, large] = await measure(servers);
    return servers[0].cases.map((scenario, index) => ({
      label: scenario.label.replace(/\(last, \d+\)/, '(the last page)'),
      small: small[index],
      large: large[index],
    }));
  } finally {
    closeConnections();
    await Promise.all(servers.map((server) => server.stop()));
    await rm(scratch, { recursive: true, force: true });
  }
}

const ms = (value) => value.toFixed(2);
const ratio = (large, small) => (large / small).toFixed(2);

/** Prints the comparison as a Markdown table; returns whether every median is within 2x and every size flat. */
export function printListBench(rows) {
  console.log(
    `Lists: ${SMALL} vs ${LARGE.toLocaleString('en-US')} notices of award, ${SAMPLES} sequential requests per figure after ${WARM_UP} warm-up, render cache off (RENDER_CACHE_MB=0), uncompressed bytes.\n`,
  );
  console.log(
    '| request | median ms 100 | median ms 100k | ratio | p95 ms 100 | p95 ms 100k | ratio | bytes 100 | bytes 100k | ratio |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  let ok = true;
  for (const { label, small, large } of rows) {
    const medianRatio = large.median / small.median;
    const bytesRatio = large.bytes / small.bytes;
    // The broad searches find 1 or 2 records among 100 but fill their page of 5 among
    // 100,000: their size differs by content, not growth.
    const fullPageOnBoth = !/% hits/.test(label);
    if (medianRatio > 2 || (fullPageOnBoth && bytesRatio > 1.1)) ok = false;
    console.log(
      `| ${label} | ${ms(small.median)} | ${ms(large.median)} | ${ratio(large.median, small.median)} | ${ms(small.p95)} | ${ms(large.p95)} | ${ratio(large.p95, small.p95)} | ${small.bytes} | ${large.bytes} | ${ratio(large.bytes, small.bytes)} |`,
    );
  }
  console.log(
    `\nTarget (100,000-record median within 2x of 100-record median, response size flat): ${ok ? 'met' : 'MISSED'}.` +
      ' The broad searches return 1 or 2 records at 100 and a full page of 5 at 100,000, hence their larger response; no page holds more than 5 records.',
  );
  return ok;
}
