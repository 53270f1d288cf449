// The CSV download benchmark: /notice-of-award.csv of 100,000 records from the built
// production server, read once as fast as possible and once by a slow reader (where a
// server without backpressure would buffer the whole file). Reports the time and the growth
// of the server's peak resident set size over its size before the download.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fillDatabase } from './fill.mjs';
import { startServer } from './server-process.mjs';

export const DOWNLOAD_RECORDS = 100_000;
export const TARGET_RSS_MB = 50;
/** The slow reader's pace: a 3G phone, about 2 MB/s. */
const SLOW_BYTES_PER_SECOND = 2 * 1024 * 1024;
const MB = 1024 * 1024;

/** VmRSS and VmHWM (peak) of a process, in bytes, from Linux's /proc. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)[1]);
  return { rss: kilobytes('VmRSS') * 1024, peak: kilobytes('VmHWM') * 1024 };
}

/**
 * Starts a new peak: writing 5 to clear_refs resets VmHWM to the current size (Linux 4.0+).
 * Without it the peak would still hold the server's start-up.
 */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Downloads a URL, pausing as needed to stay under `bytesPerSecond`; resolves with the size and rows. */
function download(url, bytesPerSecond) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url} answered ${response.statusCode}`));
          return;
        }
        let bytes = 0;
        let lines = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 0x0a) lines += 1;
          if (bytesPerSecond === undefined) return;
          const due = (bytes / bytesPerSecond) * 1000 - (performance.now() - started);
          if (due > 0) {
            response.pause();
            setTimeout(() => response.resume(), due);
          }
        });
        response.on('end', () => resolve({ bytes, lines, ms: performance.now() - started }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function measure(server, pid, label, bytesPerSecond) {
  await sleep(200);
  const before = memoryOf(pid).rss;
  const peakReset = resetPeak(pid);
  let sampledPeak = before;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
  }, 5);
  try {
    const result = await download(`${server.origin}/notice-of-award.csv`, bytesPerSecond);
    const peak = peakReset ? Math.max(memoryOf(pid).peak, sampledPeak) : sampledPeak;
    return { label, ...result, before, growth: peak - before, peakReset };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchCsvDownload() {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'municipal-bench-csv-'));
  let server;
  try {
    fillDatabase(scratch, DOWNLOAD_RECORDS);
    server = await startServer(scratch);
    // Warm up the code paths on a small download, so the figures are the download's own.
    await download(`${server.origin}/notice-of-award.csv?q=zqx`);
    return [
      await measure(server, server.pid, 'as fast as the reader takes it', undefined),
      await measure(
        server,
        server.pid,
        `slow reader (${SLOW_BYTES_PER_SECOND / MB} MB/s)`,
        SLOW_BYTES_PER_SECOND,
      ),
    ];
  } finally {
    await server?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Prints the figures as a Markdown table; returns whether each peak growth is under the target. */
export function printCsvDownloadBench(runs) {
  console.log(
    `CSV download of ${DOWNLOAD_RECORDS.toLocaleString('en-US')} notices of award (/notice-of-award.csv, uncompressed), peak RSS of the server process over its RSS before the download.\n`,
  );
  console.log('| reader | seconds | MB sent | lines | RSS before MB | peak growth MB |');
  console.log('|---|---:|---:|---:|---:|---:|');
  let ok = true;
  for (const run of runs) {
    if (run.growth >= TARGET_RSS_MB * MB || run.lines !== DOWNLOAD_RECORDS + 1) ok = false;
    console.log(
      `| ${run.label} | ${(run.ms / 1000).toFixed(2)} | ${(run.bytes / MB).toFixed(1)} | ${run.lines} | ${(run.before / MB).toFixed(1)} | ${(run.growth / MB).toFixed(1)} |`,
    );
  }
  if (runs.some((run) => !run.peakReset)) {
    console.log(
      '\n(/proc/<pid>/clear_refs was not writable: peaks are sampled every 5 ms instead.)',
    );
  }
  console.log(
    `\nTarget (every record sent, peak RSS growth under ${TARGET_RSS_MB} MB): ${ok ? 'met' : 'MISSED'}.`,
  );
  return ok;
}
