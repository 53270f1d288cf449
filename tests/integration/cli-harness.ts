import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import { markMessageAttempt } from '../../db/alerts/alert-messages.ts';
import { addSubscription, confirmSubscription } from '../../db/alerts/alert-subscriptions.ts';
import { recordDocumentUpload } from '../../db/documents/document-queries.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { Config } from '../../server/config.ts';
import {
  documentsDir,
  storeDocument,
  type StoredDocument,
} from '../../server/documents/document-store.ts';
import { childOutput, type ChildExit } from '../helpers/child-output.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const OPERATOR = 'it.staff@example.gov.ph';
export const OPERATOR_PASSWORD = 'quiet-river-lantern-42';

export type CliRun = ChildExit;

/**
 * Runs the bundled CLI (built by the test run's global setup) in a child process, the way
 * IT staff run it: real argv, real exit code, standard output and error kept apart.
 * Argon2 runs at its cheap test cost.
 */
export function startCli(
  dataDir: string,
  args: string[],
  input?: string,
  env: NodeJS.ProcessEnv = {},
): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(
    process.execPath,
    [path.join(root, 'dist/server/cli.js'), '--data-dir', dataDir, ...args],
    {
      cwd: root,
      env: { ...process.env, ARGON2_TEST_COST: 'low', NO_COLOR: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const { exited } = childOutput(child);
  child.stdin!.end(input ?? '');
  return { child, done: exited };
}

/** `env` adds to the test run's environment, e.g. CONTENT_DIR for a replaced content folder. */
export function cli(
  dataDir: string,
  args: string[],
  input?: string,
  env?: NodeJS.ProcessEnv,
): Promise<CliRun> {
  return startCli(dataDir, args, input, env).done;
}

/**
 * Runs the CLI on a test app's database, whichever engine it serves from: its data folder,
 * and its DATABASE_URL on PostgreSQL, as IT staff would set it beside the server.
 */
export function cliOnApp(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  args: string[],
  input?: string,
): Promise<CliRun> {
  return cli(
    config.dataDir,
    args,
    input,
    config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {},
  );
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

/**
 * The set-up every CLI test shares: a fresh workspace for each test of the calling `describe`
 * (or one for all its tests with `scope: 'all'`), with the operator's account when `operator`
 * is set, removed afterwards. The object returned stands for the workspace of the test running.
 */
export function useWorkspace(
  options: { operator?: boolean; scope?: 'each' | 'all' } = {},
): Workspace {
  let current: Workspace | undefined;
  const [setUp, tearDown] =
    options.scope === 'all' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  setUp(async () => {
    current = await workspace();
    if (options.operator) await addOperator(current);
  });
  tearDown(async () => {
    await current?.cleanup();
    current = undefined;
  });
  const active = (): Workspace => {
    if (!current) throw new Error('A workspace exists only while a test of its describe runs.');
    return current;
  };
  return {
    get dir() {
      return active().dir;
    },
    get dataDir() {
      return active().dataDir;
    },
    file: (name, content) => active().file(name, content),
    run: (args, input) => active().run(args, input),
    database: () => active().database(),
    cleanup: () => active().cleanup(),
  };
}

/** The operator's account, as an upload or an audit entry names it. */
export function operatorAccount(database: AppDatabase): { id: number; email: string } {
  return database.sqlite
    .prepare('SELECT id, email FROM staff_users WHERE email = ?')
    .get(OPERATOR) as { id: number; email: string };
}

/**
 * Stores documents as a staff upload does, under the operator's account (added first): the
 * same file store, and the same row with its audit entry.
 */
export async function uploadDocuments(
  space: Workspace,
  files: { bytes: Buffer; fileName: string }[],
): Promise<StoredDocument[]> {
  await addOperator(space);
  const database = space.database();
  try {
    const uploader = operatorAccount(database);
    const stored: StoredDocument[] = [];
    for (const { bytes, fileName } of files) {
      const document = await storeDocument(
        documentsDir(space.dataDir),
        Readable.from([bytes]),
        1024 * 1024,
      );
      await recordDocumentUpload(database, {
        ...document,
        fileName,
        uploader,
        address: '127.0.0.1',
      });
      stored.push(document);
    }
    return stored;
  } finally {
    await database.close();
  }
}

/** A CSV of `rows` small value procurements, for imports long enough to interrupt. */
export function svpCsv(rows: number): string {
  const lines = ['pr_number,project_title,link'];
  for (let i = 0; i < rows; i++)
    lines.push(`PR-${i},"Project ${i}, lot ${i % 13}",https://example.org/svp/${i}.pdf`);
  return lines.join('\n') + '\n';
}

/** Starts importing `file` into svp as the operator, in batches of `batch`, to interrupt it. */
export function startSvpImport(
  space: Workspace,
  file: string,
  batch: number,
  output: '--quiet' | '--json',
) {
  return startCli(space.dataDir, [
    'import',
    'svp',
    file,
    '--as',
    OPERATOR,
    '--batch-size',
    String(batch),
    output,
  ]);
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

/**
 * What `alerts stats` and `alerts retry` report on, on either engine: a confirmed
 * subscription to svp and bid_bulletin, and an unconfirmed one to all whose confirmation
 * the mail server refused for good (given up, "550 mailbox unavailable").
 */
export async function seedAlertQueue(database: SiteDatabase, now: string): Promise<void> {
  const confirmed = await addSubscription(database, {
    email: 'secret-bidder@example.com',
    lists: ['svp', 'bid_bulletin'],
    keyword: null,
    frequency: 'immediate',
    lang: 'en',
    nonce: 'n1',
    now,
  });
  await confirmSubscription(database, confirmed.id, now);
  const waiting = await addSubscription(database, {
    email: 'pending@example.com',
    lists: ['all'],
    keyword: 'roof',
    frequency: 'daily',
    lang: 'fil',
    nonce: 'n2',
    now,
  });
  // alert_messages is written by sql templates only, so it is not in Kysely's schema type.
  const { rows } = await sql<{
    id: number;
  }>`SELECT id FROM alert_messages WHERE subscription_id = ${waiting.id}`.execute(database.db);
  await markMessageAttempt(database, rows[0]!.id, {
    error: '550 mailbox unavailable',
    nextAttemptAt: now,
    failedAt: now,
  });
}
