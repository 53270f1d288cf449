import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster for the tests (issue 36): Debian's `postgresql` package,
 * initialised in a temporary folder and listening on a Unix socket there only, with trust
 * authentication (nothing but this machine's processes can reach the socket) and fsync off
 * (nothing survives the run anyway). As root, initdb and the server run as `postgres`.
 */
export interface PostgresCluster {
  /** The maintenance database's URL; `createDatabase` makes one per test. */
  url: string;
  stop(): void;
}

function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresMissing(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return undefined;
  return postgresBinDir()
    ? undefined
    : "Debian's postgresql package is not installed (apt-get install -y postgresql)";
}

const isRoot = process.getuid?.() === 0;

function runAsPostgres(command: string, args: string[]): void {
  const [file, fileArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  const result = spawnSync(file, fileArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(command)} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`,
    );
  }
}

/** Starts a cluster; TEST_DATABASE_URL (a running server's maintenance database) skips it. */
export function startPostgresCluster(): PostgresCluster {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop() {} };
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresMissing());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'municipal-pg-'));
  if (isRoot) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  runAsPostgres(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  runAsPostgres(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-k ${dir} -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`,
    stop() {
      try {
        runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const [uid, gid] = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    .trim()
    .split(' ')
    .concat(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: Number(uid), gid: Number(gid) };
}

/** The URL of `database` on the same server as the maintenance URL `url`. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
