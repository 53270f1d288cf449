import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const OPERATOR = 'it.staff@example.gov.ph';
export const OPERATOR_PASSWORD = 'quiet-river-lantern-42';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the bundled CLI (built by the test run's global setup) in a child process, the way
 * IT staff run it: real argv, real exit code, standard output and error kept apart.
 * Argon2 runs at its cheap test cost.
 */
export function startCli(
  dataDir: string,
  args: string[],
  input?: string,
): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(
    process.execPath,
    [path.join(root, 'dist/server/cli.js'), '--data-dir', dataDir, ...args],
    {
      cwd: root,
      env: { ...process.env, ARGON2_TEST_COST: 'low', NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin!.end(input ?? '');
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

export function cli(dataDir: string, args: string[], input?: string): Promise<CliRun> {
  return startCli(dataDir, args, input).done;
}

/** A scratch folder holding a data directory and the files to import; removed by `cleanup`. */
export interface Workspace {
  dir: string;
  dataDir: string;
  file(name: string, content: string | Buffer): Promise<string>;
  run(args: string[], input?: string): Promise<CliRun>;
  /** Opens the workspace's database for assertions; close it before the next CLI run writes. */
  database(): AppDatabase;
  cleanup(): Promise<void>;
}

export async function workspace(): Promise<Workspace> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-cli-'));
  const dataDir = path.join(dir, 'data');
  return {
    dir,
    dataDir,
    async file(name, content) {
      const file = path.join(dir, name);
      await writeFile(file, content);
      return file;
    },
    run: (args, input) => cli(dataDir, args, input),
    database: () => openDatabase(databasePath(dataDir)),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Adds the staff account imports are recorded under. */
export async function addOperator(space: Workspace): Promise<void> {
  const result = await space.run(
    ['users', 'add', OPERATOR, '--name', 'IT Staff', '--password-stdin'],
    `${OPERATOR_PASSWORD}\n`,
  );
  if (result.code !== 0) throw new Error(`users add failed: ${result.stderr}`);
}

export async function rowsIn(
  space: Workspace,
  collection: string,
): Promise<Record<string, unknown>[]> {
  const database = space.database();
  try {
    return database.sqlite.prepare(`SELECT * FROM ${collection} ORDER BY id`).all() as Record<
      string,
      unknown
    >[];
  } finally {
    await database.close();
  }
}
