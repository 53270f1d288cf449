import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { countAllRecords } from '../../db/records/record-queries.ts';
import { emptyDatabaseNotice } from '../../server/startup-notices.ts';
// @ts-expect-error -- a plain ES module script without type declarations
import { hasDevDependencies as untypedHasDevDependencies } from '../../scripts/ensure-build.mjs';
import { childOutput } from '../helpers/child-output.ts';
import { freePort } from '../helpers/server-process.ts';

const hasDevDependencies = untypedHasDevDependencies as (dir: string) => boolean;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The test runner's NODE_ENV=test must not reach the child: `npm start` leaves it unset. */
const baseEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV'),
);

function start(cwd: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, { cwd, env: { ...baseEnv, ...env } });
  const output = childOutput(child);
  return { child, done: output.exited, stdout: output.stdout };
}

const run = (cwd: string, args: string[], env: Record<string, string>) =>
  start(cwd, args, env).done;

/** The messages of the server's JSON log lines. */
function logMessages(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

/** Starts a server, reads one page once it listens, stops it. */
async function serveOnce(cwd: string, args: string[], env: Record<string, string>, url: string) {
  const port = await freePort();
  const server = start(cwd, args, { ...env, PORT: String(port) });
  await expect
    .poll(() => server.stdout(), { timeout: 60_000, interval: 100 })
    .toContain('Server listening at');
  const page = await (await fetch(`http://127.0.0.1:${port}${url}`)).text();
  server.child.kill('SIGTERM');
  return { page, ended: await server.done };
}

const DEMO_NOTICE = 'aria-label="Demonstration data"';

/**
 * What `npm ci --omit=dev && npm run build` leaves: the package's scripts, the build, a
 * source, and a node_modules without the dev dependencies (linked from this checkout's). Its node_modules/.bin/vite only records
 * that it ran, so a build that starts shows up however it was started.
 */
function productionLayout(dir: string): { viteRan: string } {
  for (const file of [
    'package.json',
    'scripts/ensure-build.mjs',
    'scripts/start.mjs',
    'cli/bin.mjs',
  ])
    cpSync(path.join(root, file), path.join(dir, file));
  cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true });
  // The packages npm hoists to the top of node_modules, less those only dev dependencies need.
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (entry.dev || !/^node_modules\/(@[^/]+\/)?[^/]+$/.test(where)) continue;
    if (!existsSync(path.join(root, where))) continue;
    mkdirSync(path.dirname(path.join(dir, where)), { recursive: true });
    symlinkSync(path.join(root, where), path.join(dir, where));
  }
  const viteRan = path.join(dir, 'vite-ran');
  mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
  writeFileSync(
    path.join(dir, 'node_modules/.bin/vite'),
    `#!/bin/sh\ntouch '${viteRan}'\nexit 1\n`,
    { mode: 0o755 },
  );
  // A source edited (or copied, or checked out) after the build.
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'server/start-server.ts'), '// edited after the build\n');
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(dir, 'server/start-server.ts'), later, later);
  return { viteRan };
}

describe('hasDevDependencies', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-layout-'));
    writeFileSync(path.join(dir, 'package.json'), '{"name":"layout"}');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is false for a production install, where TypeScript is absent', () => {
    mkdirSync(path.join(dir, 'node_modules/fastify'), { recursive: true });
    expect(hasDevDependencies(dir)).toBe(false);
  });

  it('is true for a development checkout, where TypeScript is installed', () => {
    mkdirSync(path.join(dir, 'node_modules/typescript'), { recursive: true });
    writeFileSync(
      path.join(dir, 'node_modules/typescript/package.json'),
      '{"name":"typescript","version":"6.0.0"}',
    );
    expect(hasDevDependencies(dir)).toBe(true);
    expect(hasDevDependencies(root)).toBe(true);
  });
});

describe('a production install', { timeout: 120_000 }, () => {
  let dir: string;
  let viteRan: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-production-'));
    ({ viteRan } = productionLayout(dir));
    env = {
      DATA_DIR: path.join(dir, 'data'),
      CONTENT_DIR: path.join(root, 'content'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('starts the server and runs the CLI from its build, never running Vite, though a source is newer', async () => {
    const port = await freePort();
    const server = start(dir, ['scripts/start.mjs'], { ...env, PORT: String(port) });
    await expect
      .poll(() => server.stdout(), { timeout: 30_000, interval: 100 })
      .toContain('Server listening at');
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    server.child.kill('SIGTERM');
    const ended = await server.done;
    expect(health.status).toBe(200);
    expect(ended.stderr).not.toContain('Building');
    expect(existsSync(viteRan)).toBe(false);

    const cli = await run(dir, ['cli/bin.mjs', '--data-dir', env.DATA_DIR!, 'db', 'stats'], env);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(existsSync(viteRan)).toBe(false);
  });

  it.each([['scripts/start.mjs'], ['dist/server/main.js']])(
    '%s on an empty database holds 0 records and says in one line how to begin',
    async (script) => {
      const { page, ended } = await serveOnce(dir, [script], env, '/notice-of-award');
      expect(page).not.toContain(DEMO_NOTICE);
      const database = openDatabase(databasePath(env.DATA_DIR!));
      try {
        expect(await countAllRecords(database)).toBe(0);
      } finally {
        await database.close();
      }
      // Started from a checkout, the line names the checkout's command.
      const notice = emptyDatabaseNotice('npm run cli --');
      expect(notice).toContain('npm run cli -- users add');
      expect(logMessages(ended.stdout).filter((message) => message === notice)).toHaveLength(1);
    },
  );

  it('a port in use is told in one line, without a stack trace, and the start fails', async () => {
    const port = await freePort();
    const taken = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    try {
      const result = await run(dir, ['scripts/start.mjs'], { ...env, PORT: String(port) });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toBe(`port ${port} is in use: set PORT to another port\n`);
      expect(result.stdout).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('tries to build once TypeScript is installed, as in a development checkout', async () => {
    symlinkSync(
      path.join(root, 'node_modules/typescript'),
      path.join(dir, 'node_modules/typescript'),
    );
    const cli = await run(dir, ['cli/bin.mjs', '--data-dir', env.DATA_DIR!, 'db', 'stats'], env);
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toContain('Build failed');
    expect(existsSync(viteRan)).toBe(true);
  });

  it('without a build, npm start and the CLI say to run npm run build and exit non-zero', async () => {
    rmSync(path.join(dir, 'dist'), { recursive: true });
    for (const args of [['scripts/start.mjs'], ['cli/bin.mjs', 'db', 'stats']]) {
      const result = await run(dir, args, { ...env, PORT: String(await freePort()) });
      expect(result.code, args[0]).not.toBe(0);
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
      expect(result.stderr).toContain('run npm run build');
    }
    expect(existsSync(viteRan)).toBe(false);
  });
});

describe('npm start in a development checkout', { timeout: 120_000 }, () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-first-run-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const env = () => ({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });

  it('shows a newcomer demo records, with the notice on every page', async () => {
    const { page } = await serveOnce(root, ['scripts/start.mjs'], env(), '/notice-of-award');
    expect(page).toContain(DEMO_NOTICE);
    expect(page).toContain('PR-2025-');
  });

  it('loads none with NODE_ENV=production, whatever was installed', async () => {
    const { page, ended } = await serveOnce(
      root,
      ['scripts/start.mjs'],
      { ...env(), NODE_ENV: 'production' },
      '/notice-of-award',
    );
    expect(page).not.toContain(DEMO_NOTICE);
    expect(page).not.toContain('PR-2025-');
    expect(logMessages(ended.stdout).join('\n')).toContain(
      'The database holds no procurement records yet',
    );
  });

  it('loads none with DEMO_RECORDS=false', async () => {
    const { page } = await serveOnce(
      root,
      ['scripts/start.mjs'],
      { ...env(), DEMO_RECORDS: 'false' },
      '/notice-of-award',
    );
    expect(page).not.toContain(DEMO_NOTICE);
    expect(page).not.toContain('PR-2025-');
  });
});
