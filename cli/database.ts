import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { databasePath, explainDatabaseError, type AppDatabase } from '../db/connection.ts';
import { openCheckedDatabase, openMigratedDatabase } from '../db/database-startup.ts';
import { loadConfig } from '../server/config.ts';
import {
  checkPostgres,
  openPostgres,
  type PostgresDatabase,
} from '../db/postgres/postgres-connection.ts';
import { isMigratedPostgres } from '../db/postgres/postgres-stats.ts';
import type { SiteDatabase } from '../db/site-database.ts';
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

/**
 * Commands that read and write the site's data through the SQLite-only statements (most of
 * them, while issue 36 moves the queries to both engines) refuse to run with DATABASE_URL
 * set, rather than quietly work on DATA_DIR's SQLite file while the operator means
 * PostgreSQL. `db migrate`, `db stats`, `db backup` and `db copy` work on PostgreSQL.
 */
function refuseWhilePostgres(): void {
  if (!configuredPostgresUrl()) return;
  throw refusal(
    'DATABASE_URL is set, and this command works on the embedded SQLite database only so far: unset DATABASE_URL to run it on the database in DATA_DIR.',
  );
}

/** Opens the database checked and brought up to date (as the server does), runs `work`, and always closes it. */
export async function withDatabase<T>(
  command: Command,
  work: (database: AppDatabase) => Promise<T>,
): Promise<T> {
  refuseWhilePostgres();
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
  /** `db copy` reads the SQLite database on purpose, DATABASE_URL or not. */
  { evenWithPostgres = false }: { evenWithPostgres?: boolean } = {},
): Promise<T> {
  if (!evenWithPostgres) refuseWhilePostgres();
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

/** The PostgreSQL database DATABASE_URL names, or undefined for the embedded SQLite one. */
export function configuredPostgresUrl(): string | undefined {
  return loadConfig().databaseUrl;
}

/**
 * Opens the PostgreSQL database at `url` for a command that reads an existing site's data:
 * one that cannot be reached, or holds no site yet, is refused in one line.
 */
export async function withPostgresDatabase<T>(
  url: string,
  work: (database: SiteDatabase & PostgresDatabase, shownUrl: string) => Promise<T>,
): Promise<T> {
  const database = openPostgres(url, { max: 2 });
  try {
    await checkPostgres(database).catch((error: unknown) => {
      throw refusal(error instanceof Error ? error.message : String(error));
    });
    if (!(await isMigratedPostgres(database))) {
      throw refusal(
        `The PostgreSQL database ${database.shownUrl} holds no site yet: copy one into it with "municipal db copy --to <url>".`,
      );
    }
    return await work({ ...database, engine: 'postgres' }, database.shownUrl);
  } finally {
    await database.close();
  }
}
