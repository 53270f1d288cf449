// Builds the site when dist/ is missing or older than any source it is built from.
// Used by `npm start` and the CLI so that a fresh clone runs with one command.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['client', 'server', 'db', 'cli', 'vite.config.ts', 'package-lock.json'];

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

export function ensureBuild({ force = false } = {}) {
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
    if (result.status !== 0) {
      console.error(`Build failed: ${args.join(' ')}`);
      process.exit(result.status ?? 1);
    }
  }
  writeFileSync(stamp, new Date().toISOString());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureBuild({ force: process.argv.includes('--force') });
}
