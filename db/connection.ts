import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

export const DATABASE_FILE_NAME = 'municipal.sqlite';

export interface AppDatabase {
  /** The raw connection, for synchronous hot paths and pragmas. */
  sqlite: BetterSqlite3.Database;
  db: Kysely<DatabaseSchema>;
  close(): Promise<void>;
}

export function databasePath(dataDir: string): string {
  return path.join(dataDir, DATABASE_FILE_NAME);
}

/**
 * Opens (and creates) the database file with settings fit for a web server: WAL so readers
 * never wait for the writer, synchronous=FULL so an acknowledged record survives a power
 * cut, and a busy timeout so the CLI and the server can write to the same file.
 */
export function openDatabase(file: string): AppDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    sqlite,
    db,
    // Kysely's destroy() closes the better-sqlite3 connection too.
    close: () => db.destroy(),
  };
}
