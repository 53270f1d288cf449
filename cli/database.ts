import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { databasePath, explainDatabaseError, type AppDatabase } from '../db/connection.ts';
import { openCheckedDatabase, openMigratedDatabase } from '../db/database-startup.ts';
import { loadConfig } from '../server/config.ts';
import { refusal } from './exit-codes.ts';
import path from 'node:path';

/** --data-dir wins over DATA_DIR, so one command can point at a scratch copy. */
export function dataDir(command: Command): string {
  const option = command.optsWithGlobals<{ dataDir?: string }>().dataDir;
  return option ? path.resolve(option) : loadConfig().dataDir;
}

export function databaseFile(command: Command): string {
  return databasePath(dataDir(command));
}

/** Opens the database checked and brought up to date (as the server does), runs `work`, and always closes it. */
export async function withDatabase<T>(
  command: Command,
  work: (database: AppDatabase) => Promise<T>,
): Promise<T> {
  const file = databaseFile(command);
  const database = await openMigratedDatabase(file);
  try {
    return await work(database);
  } catch (error) {
    throw explainDatabaseError(error, file) ?? error;
  } finally {
    await database.close();
  }
}

/** For commands that read an existing database and must not create one by mistake. */
export async function withExistingDatabase<T>(
  command: Command,
  work: (database: AppDatabase, file: string) => Promise<T>,
): Promise<T> {
  const file = databaseFile(command);
  if (!existsSync(file)) {
    throw refusal(
      `There is no database at ${file}. Check --data-dir or DATA_DIR, or create it with "db migrate".`,
    );
  }
  const database = openCheckedDatabase(file);
  try {
    return await work(database, file);
  } catch (error) {
    throw explainDatabaseError(error, file) ?? error;
  } finally {
    await database.close();
  }
}
