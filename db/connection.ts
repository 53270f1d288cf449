import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DatabaseSchema } from './database-schema.ts';

export const DATABASE_FILE_NAME = 'municipal.sqlite';

/** How long a statement waits for another connection's write lock before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

export interface AppDatabase {
  /** Always SQLite: it is a SiteDatabase (db/site-database.ts) on that engine. */
  engine: 'sqlite';
  /** The raw connection, for synchronous hot paths and pragmas. */
  sqlite: BetterSqlite3.Database;
  db: Kysely<DatabaseSchema>;
  close(): Promise<void>;
}

/** Modes of what holds password hashes and session data: the owner's alone. */
export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_DIR = 0o700;

export function databasePath(dataDir: string): string {
  return path.join(dataDir, DATABASE_FILE_NAME);
}

/**
 * A database that cannot be used, explained in one line that names the file and what to
 * do: the server and the CLI print the message alone, without a stack trace.
 */
export class DatabaseFault extends Error {
  override name = 'DatabaseFault';
}

const RESTORE = 'restore a backup made with "municipal db backup" (npm run cli -- db backup)';

/**
 * SQLite result codes (primary and extended, e.g. SQLITE_IOERR_WRITE) that mean the file
 * itself cannot be read or written, as opposed to a bug in a query.
 */
const UNAVAILABLE_CODES = [
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
];

/** The SQLite code of an error or of the error it wraps (a failed migration keeps its cause). */
export function sqliteCodeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof BetterSqlite3.SqliteError) return current.code;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

/** True when the error comes from a database file that is damaged, full, read-only or locked. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = sqliteCodeOf(error);
  return code !== undefined && UNAVAILABLE_CODES.some((prefix) => code.startsWith(prefix));
}

/**
 * Turns a SQLite failure on `file` into a DatabaseFault with advice for the operator, or
 * returns undefined when the error is not about the file (a bug, which keeps its stack).
 */
export function explainDatabaseError(error: unknown, file: string): DatabaseFault | undefined {
  if (error instanceof DatabaseFault) return error;
  const code = sqliteCodeOf(error);
  if (!code || !isDatabaseUnavailable(error)) return undefined;
  const [state, action] = ((): [string, string] => {
    if (code.startsWith('SQLITE_NOTADB'))
      return [
        'is not a SQLite database',
        `move it aside and ${RESTORE}, or point DATA_DIR at the right folder`,
      ];
    if (code.startsWith('SQLITE_CORRUPT'))
      return ['is damaged', `stop the server, move the file aside and ${RESTORE}`];
    if (code.startsWith('SQLITE_FULL'))
      return ['cannot grow because the disk is full', 'free some space, then try again'];
    if (code.startsWith('SQLITE_READONLY'))
      return [
        'is read-only',
        "give the server's user write access to it and to its folder, then try again",
      ];
    if (code.startsWith('SQLITE_BUSY'))
      return [
        `is locked by another program for more than ${BUSY_TIMEOUT_MS / 1000} seconds`,
        'let it finish (e.g. a running import), then try again',
      ];
    if (code.startsWith('SQLITE_CANTOPEN'))
      return [
        'cannot be opened',
        "check that DATA_DIR is a folder the server's user can read and write",
      ];
    return [
      'cannot be read or written (disk error)',
      `check the disk; if the error persists, ${RESTORE}`,
    ];
  })();
  return new DatabaseFault(`The database ${file} ${state} (${code}): ${action}.`, {
    cause: error,
  });
}

/**
 * The database holds password hashes and sessions: the data folder is made owner-only
 * (0700), like every folder `recursive` creates on the way. An existing folder keeps its mode.
 */
function createDataDir(file: string): void {
  const dir = path.dirname(file);
  try {
    mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new DatabaseFault(
      `The data folder ${dir} cannot be created (${code}): set DATA_DIR (or --data-dir) to a folder the server's user can write.`,
      { cause: error },
    );
  }
}

/**
 * Creates a new database file empty with mode 0600 before SQLite opens it: SQLite would
 * create it 0644 (less the umask), and it gives the WAL and SHM files it makes beside a
 * database the database file's mode, so those stay owner-only too.
 */
function createOwnerOnlyFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', OWNER_ONLY_FILE));
  } catch {
    // EEXIST: an existing database keeps its mode. Anything else (no write access, a full
    // disk) SQLite's own open reports next, with advice (see explainDatabaseError).
  }
}

/**
 * Opens (and creates) the database file with settings fit for a web server: WAL so readers
 * never wait for the writer, synchronous=FULL so an acknowledged record survives a power
 * cut, and a busy timeout so the CLI and the server can write to the same file. A file
 * that is not a database, or cannot be opened, fails here with a DatabaseFault.
 *
 * FULL's fsync of each commit runs on the server's event loop. Measured on a staff write
 * (a record and its audit row): 0.3-0.45 ms against 0.1 ms at NORMAL on a quiet disk,
 * which 10 writes a second do not notice; while other programs load the disk, p99 30-70 ms
 * against 2-4 ms. NORMAL would keep the file sound but could lose the last second of
 * commits (until the checkpoint worker's next WAL sync) to a power cut.
 */
export function openDatabase(file: string): AppDatabase {
  if (file !== ':memory:') {
    createDataDir(file);
    createOwnerOnlyFile(file);
  }
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new BetterSqlite3(file);
    // The first statement reads the file's header: a text file fails here with SQLITE_NOTADB.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  } catch (error) {
    sqlite?.close();
    throw explainDatabaseError(error, file) ?? error;
  }
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    engine: 'sqlite',
    sqlite,
    db,
    // Kysely's destroy() closes the better-sqlite3 connection too.
    close: () => db.destroy(),
  };
}

/**
 * PRAGMA quick_check reads every page (without cross-checking indexes against tables), so
 * a damaged page is found at start rather than by the first visitor who needs it.
 */
export function checkDatabase(database: AppDatabase, file: string): void {
  let problems: string[];
  try {
    problems = (database.sqlite.pragma('quick_check(3)') as { quick_check: string }[])
      .map((row) => row.quick_check)
      .filter((line) => line !== 'ok');
  } catch (error) {
    throw explainDatabaseError(error, file) ?? error;
  }
  if (problems.length === 0) return;
  const found = problems
    .join(' ')
    .replace(/\*\*\* in database main \*\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  throw new DatabaseFault(
    `The database ${file} is damaged (quick_check: ${found}): stop the server, move the file aside and ${RESTORE}.`,
  );
}
