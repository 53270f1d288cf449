import {
  checkDatabase,
  explainDatabaseError,
  openDatabase,
  type AppDatabase,
} from './connection.ts';
import { migrateToLatest } from './sqlite-migrations.ts';
import {
  startWalCheckpoints,
  type WalCheckpointer,
  type WalCheckpointLog,
} from './wal-checkpoints.ts';

/**
 * Opens the database file and runs PRAGMA quick_check, for everything that starts work on
 * the database (the server, CLI commands): a damaged file is refused with advice up front.
 */
export function openCheckedDatabase(file: string): AppDatabase {
  const database = openDatabase(file);
  try {
    checkDatabase(database, file);
  } catch (error) {
    database.sqlite.close();
    throw error;
  }
  return database;
}

/**
 * Opens and checks the database file and brings its schema up to date before anything reads
 * it; `now` (the app's clock) is recorded as the creation time when the file is new.
 */
export async function openMigratedDatabase(
  file: string,
  now: Date = new Date(),
): Promise<AppDatabase> {
  const database = openCheckedDatabase(file);
  try {
    await migrateToLatest(database, now);
  } catch (error) {
    await database.close();
    throw explainDatabaseError(error, file) ?? error;
  }
  return database;
}

/**
 * The web server's database: opened, checked and migrated like any other, and its WAL
 * checkpoints run by a worker thread instead of inside its writes (db/wal-checkpoints.ts).
 * Closing it stops the worker, then closes the connection. The CLI keeps SQLite's
 * automatic checkpoints: its commands are short-lived and no visitor waits on them.
 */
export async function openServerDatabase(
  file: string,
  log: WalCheckpointLog,
  now: Date = new Date(),
): Promise<AppDatabase> {
  const database = await openMigratedDatabase(file, now);
  if (file === ':memory:') return database;
  let checkpoints: WalCheckpointer;
  try {
    checkpoints = await startWalCheckpoints(database.sqlite, file, { log });
  } catch (err) {
    log.error(
      { err },
      "The WAL checkpoint worker could not start; the server's own connection checkpoints the WAL (SQLite's automatic checkpoint)",
    );
    return database;
  }
  return {
    ...database,
    close: async () => {
      await checkpoints.stop();
      await database.close();
    },
  };
}
