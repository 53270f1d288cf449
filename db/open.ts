import { openDatabase, type AppDatabase } from './connection.ts';
import { migrateToLatest } from './migrate.ts';

/** Opens the database file and brings its schema up to date before anything reads it. */
export async function openMigratedDatabase(file: string): Promise<AppDatabase> {
  const database = openDatabase(file);
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
