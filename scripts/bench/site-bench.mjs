// The production server on a 100,000-record database, measured three ways in one run:
// throughput next to a bare Fastify route serving the same bytes from memory, 200 readers
// with one staff writer, and what a browser downloads on a first visit.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { fillDatabase } from './fill.mjs';
import { measureFirstLoads, printFirstLoads } from './first-load.mjs';
import { startServer } from './server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const RECORDS = 100_000;
/** Seconds per autocannon figure; BENCH_SECONDS shortens a trial run. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/**
 * Site and bare take turns this many times per request and each side's median round is
 * reported: on a shared two-core machine a single run moved by up to 2x.
 */
const ROUNDS = 3;
const CONNECTIONS = 50;
const READERS = 200;
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 10);
/** What a browser sends: the site answers brotli where it may. */
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };

const TARGETS = {
  ratio: 0.8,
  writeP99: 100,
  readP99: 50,
  homeKb: 120,
  publicJsKb: 60,
};

function pages({ collection, searches }) {
  const list = '/notice-of-award';
  return [
    { label: 'home /', path: '/', ratioTarget: true },
    { label: `list ${list}`, path: list, ratioTarget: true },
    { label: `search ?q=${searches.lot}`, path: `${list}?q=${encodeURIComponent(searches.lot)}` },
    { label: 'permalink', path: `${list}/${Math.floor(RECORDS / 2)}` },
    { label: 'API page 1', path: `/api/records/${collection}` },
  ];
}

/** Set by each server for each response (or by Fastify for the bare route itself). */
const PER_RESPONSE_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** One response as the site sends it to a browser: status, every header, body bytes. */
function capture(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const headers = Object.fromEntries(
            Object.entries(response.headers).filter(([name]) => !PER_RESPONSE_HEADERS.has(name)),
          );
          resolve({
            status: response.statusCode,
            headers,
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function startBare(responses, scratch) {
  const file = path.join(scratch, 'bare-responses.json');
  await writeFile(file, JSON.stringify(responses));
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts', 'bench', 'bare-server.mjs'), file],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system) a process has used, in microseconds, from /proc. */
function cpuMicroseconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

/**
 * One autocannon run; with `pid`, also the server's CPU time per request, which does not
 * depend on how fast the load generator (on the same cores) can ask.
 */
async function load(url, { connections = CONNECTIONS, seconds = SECONDS, requests, pid } = {}) {
  const cpuBefore = pid && cpuMicroseconds(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: BROWSER_HEADERS,
    ...(requests ? { requests } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuPerRequest: pid ? (cpuMicroseconds(pid) - cpuBefore) / result.requests.total : undefined,
  };
}

async function throughput(site, cases, scratch) {
  const responses = await Promise.all(cases.map((item) => capture(`${site.origin}${item.path}`)));
  responses.forEach((response, index) => {
    if (response.status !== 200)
      throw new Error(`${cases[index].path} answered ${response.status}`);
  });
  const bare = await startBare(responses, scratch);
  try {
    const rows = [];
    for (const [index, item] of cases.entries()) {
      const urls = { site: `${site.origin}${item.path}`, bare: `${bare.origin}/${index}` };
      const pids = { site: site.pid, bare: bare.pid };
      // A second of warm-up each (the render cache fills, the JIT settles).
      for (const url of Object.values(urls)) await load(url, { seconds: 1 });
      const runs = { site: [], bare: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        // The order alternates so a burst from elsewhere does not favour one side.
        const sides = (index + round) % 2 === 0 ? ['site', 'bare'] : ['bare', 'site'];
        for (const side of sides) runs[side].push(await load(urls[side], { pid: pids[side] }));
      }
      const median = (figures) =>
        [...figures].sort((a, b) => a.rps - b.rps)[Math.floor(figures.length / 2)];
      const figures = { site: median(runs.site), bare: median(runs.bare) };
      rows.push({
        ...item,
        bytes: Buffer.from(responses[index].body, 'base64').length,
        ...figures,
      });
    }
    return rows;
  } finally {
    await bare.stop();
  }
}

function addStaff(dataDir, email, password) {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'dist', 'server', 'cli.js'),
      '--data-dir',
      dataDir,
      'users',
      'add',
      email,
      '--password-stdin',
    ],
    { cwd: root, input: `${password}\n`, encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`users add exited with ${result.status}: ${result.stderr}`);
}

async function mixedLoad(site, cases, dataDir) {
  const email = 'bench-writer@example.gov.ph';
  const password = randomBytes(18).toString('base64url');
  addStaff(dataDir, email, password);
  const writer = spawn(
    process.execPath,
    [path.join(root, 'scripts', 'bench', 'writer.mjs'), site.origin, email, String(MIXED_SECONDS)],
    {
      cwd: root,
      env: { ...process.env, BENCH_PASSWORD: password },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: writer.stdout });
  const output = [];
  const finished = new Promise((resolve, reject) => {
    writer.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the writer exited with ${code}`)),
    );
  });
  await new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      output.push(line);
      if (line === 'ready') resolve();
    });
    finished.catch(reject);
  });
  await site.eventLoopDelay();
  writer.stdin.end('go\n');
  const readers = load(`${site.origin}/`, {
    connections: READERS,
    seconds: MIXED_SECONDS,
    requests: cases.map((item) => ({ method: 'GET', path: item.path })),
  });
  const [reads] = await Promise.all([readers, finished]);
  const eventLoop = await site.eventLoopDelay();
  const writes = JSON.parse(output.at(-1));
  const timings = writes.timings.sort((a, b) => a - b);
  const at = (fraction) =>
    timings[Math.min(timings.length - 1, Math.ceil(fraction * timings.length) - 1)];
  return {
    reads,
    writes: {
      sent: writes.sent,
      failures: writes.failures,
      p50: at(0.5),
      p99: at(0.99),
      max: timings.at(-1),
    },
    eventLoop,
  };
}

export async function benchSite() {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'municipal-bench-site-'));
  const dataDir = path.join(scratch, 'data');
  let site;
  try {
    const filled = fillDatabase(dataDir, RECORDS);
    site = await startServer(dataDir, { watchEventLoop: true });
    const cases = pages(filled);
    const rows = await throughput(site, cases, scratch);
    const mixed = await mixedLoad(site, cases, dataDir);
    const firstLoads = await measureFirstLoads(site.origin, [
      '/',
      '/notice-of-award',
      `/notice-of-award/${Math.floor(RECORDS / 2)}`,
      '/news',
      '/bac-login',
    ]);
    return { rows, mixed, firstLoads };
  } finally {
    await site?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

const fixed = (value, digits = 1) => (value === undefined ? '–' : value.toFixed(digits));

/** Prints the three tables; returns whether every target is met. */
export function printSiteBench({ rows, mixed, firstLoads }) {
  let ok = true;
  console.log(
    `Production build on ${RECORDS.toLocaleString('en-US')} notices of award; autocannon from the benchmark process, ${CONNECTIONS} connections, Accept-Encoding "br, gzip"; after 1 s of warm-up each, site and bare take ${ROUNDS} turns of ${SECONDS} s and each shows its median turn. "bare" is a Fastify route in its own process returning the site's response from memory, byte for byte: body (same encoding) and headers. "CPU µs" is the server process's CPU time per request in that turn, which the load generator on the same cores does not limit.\n`,
  );
  console.log(
    '| request | bytes | site req/s | p50 ms | p99 ms | CPU µs | bare req/s | p50 ms | p99 ms | CPU µs | site/bare | target |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) {
    const ratio = row.site.rps / row.bare.rps;
    const met = !row.ratioTarget || ratio >= TARGETS.ratio;
    if (!met || row.site.errors > 0) ok = false;
    console.log(
      `| ${row.label} | ${row.bytes} | ${fixed(row.site.rps, 0)} | ${fixed(row.site.p50)} | ${fixed(row.site.p99)} | ${fixed(row.site.cpuPerRequest)} | ${fixed(row.bare.rps, 0)} | ${fixed(row.bare.p50)} | ${fixed(row.bare.p99)} | ${fixed(row.bare.cpuPerRequest)} | ${ratio.toFixed(2)}x | ${row.ratioTarget ? `≥ ${TARGETS.ratio}x ${met ? 'met' : 'MISSED'}` : '–'} |`,
    );
  }

  const { reads, writes, eventLoop } = mixed;
  const errors = reads.errors + writes.failures.length;
  const mixedMet = errors === 0 && writes.p99 <= TARGETS.writeP99 && reads.p99 <= TARGETS.readP99;
  if (!mixedMet) ok = false;
  console.log(
    `\nMixed load, ${MIXED_SECONDS} s: ${READERS} readers cycling through the pages above, one staff writer posting a notice of award every 100 ms (signed in once, CSRF token).\n`,
  );
  console.log('| figure | value | target |');
  console.log('|---|---:|---|');
  console.log(`| reads | ${reads.rps.toFixed(0)} req/s | |`);
  console.log(
    `| read p50 / p99 | ${fixed(reads.p50)} / ${fixed(reads.p99)} ms | p99 ≤ ${TARGETS.readP99} ms |`,
  );
  console.log(`| writes sent | ${writes.sent} | |`);
  console.log(
    `| write p50 / p99 / max | ${fixed(writes.p50)} / ${fixed(writes.p99)} / ${fixed(writes.max)} ms | p99 ≤ ${TARGETS.writeP99} ms |`,
  );
  console.log(`| errors (reads + writes) | ${reads.errors} + ${writes.failures.length} | 0 |`);
  console.log(
    `| server event-loop delay p50 / p99 / max | ${fixed(eventLoop.p50)} / ${fixed(eventLoop.p99)} / ${fixed(eventLoop.max)} ms | |`,
  );
  for (const failure of writes.failures.slice(0, 5)) console.log(`write failure: ${failure}`);
  console.log(`\nMixed-load targets: ${mixedMet ? 'met' : 'MISSED'}.`);

  if (!printFirstLoads(firstLoads, TARGETS)) ok = false;
  return ok;
}
