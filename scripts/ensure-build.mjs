// Builds the site when dist/ is missing or older than any source it is built from, in a
// development checkout only. Used by `npm start` and the CLI so that a fresh clone runs
// with one command (`npm ci && npm start`), while a production install never builds.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['client', 'server', 'db', 'cli', 'shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry) {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    0,
  );
}

export function buildIsStale() {
  const built = statSync(stamp, { throwIfNoEntry: false });
  if (!built) return true;
  return sources.some((source) => newestMtime(path.join(root, source)) > built.mtimeMs);
}

const lock = path.join(root, '.build-lock');
/** A build takes about a minute; a lock older than this was left by a killed build. */
const STALE_LOCK_MS = 10 * 60 * 1000;

/** One build at a time: `npm start`, the CLI and test runs may all find the build stale at once. */
function withBuildLock(work) {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Whether the dev dependencies are installed under `dir`: TypeScript is one of them and
 * nothing at run time needs it, so it is absent after `npm ci --omit=dev` (the Docker image,
 * a server installed for production) and present in a development checkout after `npm ci`.
 */
export function hasDevDependencies(dir = root) {
  try {
    createRequire(path.join(dir, 'package.json')).resolve('typescript/package.json');
    return true;
  } catch {
    return false;
  }
}

/**
 * A production install runs the build it was given, however old its sources look: it
 * changes only through `npm run build`, never by a build that starts on its own at `npm
 * start` (a copied or touched file would otherwise make a live server run Vite).
 */
function requireBuild() {
  if (statSync(stamp, { throwIfNoEntry: false })) return;
  console.error(
    `The site is not built (${stamp} is missing): run npm run build, then start again.`,
  );
  process.exit(1);
}

export function ensureBuild({ force = false } = {}) {
  if (!force && !hasDevDependencies()) return requireBuild();
  if (!force && !buildIsStale()) return;
  const failed = withBuildLock(() => build({ force }));
  if (failed) {
    console.error(`Build failed: ${failed.step}`);
    process.exit(failed.status);
  }
}

function build({ force }) {
  // Another process may have finished the same build while this one waited for the lock.
  if (!force && !buildIsStale()) return;
  if (!force) console.error('Building the site (the build is missing or older than its sources)…');
  for (const args of [
    ['vite', 'build'],
    ['vite', 'build', '--ssr'],
  ]) {
    const result = spawnSync('npx', ['--no-install', ...args, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      // Vite keeps an inherited NODE_ENV (vitest sets "test"), which would ship React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) return { step: args.join(' '), status: result.status ?? 1 };
  }
  writeFileSync(stamp, new Date().toISOString());
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureBuild({ force: process.argv.includes('--force') });
}
