import {
  checkDatabase,
  explainDatabaseError,
  openDatabase,
  type AppDatabase,
} from './connection.ts';
import { migrateToLatest } from './migrate.ts';

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

/** Opens and checks the database file and brings its schema up to date before anything reads it. */
export async function openMigratedDatabase(file: string): Promise<AppDatabase> {
  const database = openCheckedDatabase(file);
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close();
    throw explainDatabaseError(error, file) ?? error;
  }
  return database;
}
