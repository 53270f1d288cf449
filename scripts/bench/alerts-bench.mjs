// Bid alerts under load: 10,000 confirmed subscribers, a 1,000-record CLI import, and how long
// until the last alert is accepted by a real SMTP server (smtp-server, in this process),
// while a reader measures the web's read latency, against the same reads when idle.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { closeConnections, percentile, timedGet } from './http-timing.mjs';
import { startServer } from './server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'server', 'cli.js');
const SUBSCRIBERS = 10_000;
const RECORDS = 1_000;
const IDLE_READS = 400;
const STAFF = 'bench.alerts@example.gov.ph';
/** Reads stay within this multiple of their idle p99 while the alerts go out. */
const TARGET_RATIO = 2;
const READ_PATHS = ['/bid-svp', '/api/records/svp', '/bid-svp?q=lot%2042', '/bids-and-awards'];

function runCli(dataDir, args, input) {
  const result = spawnSync(process.execPath, [cli, '--data-dir', dataDir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ARGON2_TEST_COST: 'low' },
    input,
  });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')}: ${result.stderr}`);
}

/** A mail server that accepts everything and counts it, noting when the last message came. */
async function startSink() {
  const sink = { accepted: 0, lastAt: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        sink.accepted += 1;
        sink.lastAt = performance.now();
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${server.server.address().port}`;
  sink.close = () => new Promise((resolve) => server.close(resolve));
  return sink;
}

async function reads(origin, shouldGoOn) {
  const times = [];
  for (let n = 0; shouldGoOn(n); n++) {
    times.push((await timedGet(`${origin}${READ_PATHS[n % READ_PATHS.length]}`)).ms);
  }
  return times.sort((a, b) => a - b);
}

export async function benchAlerts() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-bench-alerts-'));
  const sink = await startSink();
  let server;
  try {
    runCli(
      dataDir,
      ['users', 'add', STAFF, '--password-stdin'],
      'alerts-under-load-on-two-cores\n',
    );
    const filled = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'scripts', 'bench', 'fill-subscribers.ts'),
        dataDir,
        String(SUBSCRIBERS),
      ],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (filled.status !== 0) throw new Error('adding the subscribers failed');
    const csv = path.join(dataDir, 'import.csv');
    const rows = Array.from(
      { length: RECORDS },
      (_, i) =>
        `PR-2026-${String(i).padStart(4, '0')},"Supply and delivery, lot ${i}",https://documents.example.gov.ph/svp/${i}.pdf`,
    );
    await writeFile(csv, `pr_number,project_title,link\n${rows.join('\n')}\n`);
    server = await startServer(dataDir, {
      env: { SMTP_URL: sink.url, SITE_URL: 'https://procurement.example.gov.ph' },
    });
    await reads(server.origin, (n) => n < 40); // warm-up
    const idle = await reads(server.origin, (n) => n < IDLE_READS);

    const started = performance.now();
    const importRun = spawn(
      process.execPath,
      [cli, '--data-dir', dataDir, 'import', 'svp', csv, '--as', STAFF, '--quiet'],
      {
        stdio: 'ignore',
      },
    );
    const imported = new Promise((resolve) =>
      importRun.on('close', () => resolve(performance.now())),
    );
    const deadline = started + 15 * 60 * 1000;
    const busy = await reads(
      server.origin,
      () => sink.accepted < SUBSCRIBERS && performance.now() < deadline,
    );
    const importEnd = await imported;
    return {
      subscribers: SUBSCRIBERS,
      records: RECORDS,
      accepted: sink.accepted,
      importMs: importEnd - started,
      lastAcceptedMs: sink.lastAt - started,
      idle: { reads: idle.length, p50: percentile(idle, 0.5), p99: percentile(idle, 0.99) },
      busy: { reads: busy.length, p50: percentile(busy, 0.5), p99: percentile(busy, 0.99) },
    };
  } finally {
    closeConnections();
    await server?.stop();
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printAlertsBench(result) {
  const ratio = result.busy.p99 / result.idle.p99;
  const met = ratio <= TARGET_RATIO && result.accepted === result.subscribers;
  console.log(
    `${result.subscribers.toLocaleString('en-US')} confirmed subscribers, ${result.records.toLocaleString('en-US')}-record CLI import: ${result.accepted.toLocaleString('en-US')} messages accepted (one per subscriber).`,
  );
  console.log(
    `Import finished after ${(result.importMs / 1000).toFixed(1)} s; last message accepted after ${(result.lastAcceptedMs / 1000).toFixed(1)} s.\n`,
  );
  console.log('| reads (' + READ_PATHS.join(', ') + ') | count | p50 ms | p99 ms |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| idle | ${result.idle.reads} | ${result.idle.p50.toFixed(1)} | ${result.idle.p99.toFixed(1)} |`,
  );
  console.log(
    `| while the alerts go out | ${result.busy.reads} | ${result.busy.p50.toFixed(1)} | ${result.busy.p99.toFixed(1)} |`,
  );
  console.log(
    `\nRead p99 while sending: ${ratio.toFixed(2)}x idle (target ≤ ${TARGET_RATIO}x: ${met ? 'met' : 'MISSED'}).`,
  );
  return met;
}
