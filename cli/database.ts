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
import { MigrationError, migratePostgres } from '../db/run-migrations.ts';
import type { SiteConnection, SiteDatabase } from '../db/site-database.ts';
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
 * Commands about the SQLite file itself (`db restore`, which puts back a SQLite file; the
 * SQLite-only `db` checks) refuse to run with DATABASE_URL set, rather than quietly work on
 * DATA_DIR's SQLite file while the operator means PostgreSQL. Every other command opens
 * the configured database with `withSiteDatabase`.
 */
export function refuseWhilePostgres(
  command: Command,
  missing = 'it works on the embedded SQLite database only',
): void {
  if (!configuredPostgresUrl()) return;
  throw refusal(
    `DATABASE_URL is set, and "${commandPath(command)}" cannot run on PostgreSQL: ${missing}. Unset DATABASE_URL to run it on the database in DATA_DIR.`,
  );
}

/** The command as typed after the program's name, e.g. "import svp". */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

/** Opens the database checked and brought up to date (as the server does), runs `work`, and always closes it. */
export async function withDatabase<T>(
  command: Command,
  work: (database: AppDatabase) => Promise<T>,
): Promise<T> {
  refuseWhilePostgres(command);
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
  if (!evenWithPostgres) refuseWhilePostgres(command);
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
        `The PostgreSQL database ${database.shownUrl} holds no site yet: create one with "municipal db migrate", or copy one into it with "municipal db copy --to <url>".`,
      );
    }
    return await work({ ...database, engine: 'postgres' }, database.shownUrl);
  } finally {
    await database.close();
  }
}

/**
 * The configured database on either engine, for the commands whose queries run on both
 * (issue 36): with DATABASE_URL set the PostgreSQL database it names, which must hold a
 * site already (made by "db migrate" or "db copy", so a mistyped URL never becomes a new
 * empty site); otherwise DATA_DIR's SQLite file, as `withDatabase` opens it (created when
 * missing) or, with `existing`, as `withExistingDatabase` does (refused when missing).
 * Unless `existing`, a PostgreSQL schema behind this version is brought up to date first,
 * as SQLite's is. `place` names the database in messages: the file, or the URL without
 * its password.
 */
export async function withSiteDatabase<T>(
  command: Command,
  work: (database: SiteConnection, place: string) => Promise<T>,
  { existing = false }: { existing?: boolean } = {},
): Promise<T> {
  const postgresUrl = configuredPostgresUrl();
  if (!postgresUrl) {
    return existing
      ? withExistingDatabase(command, work)
      : withDatabase(command, (database) => work(database, databaseFile(command)));
  }
  return withPostgresDatabase(postgresUrl, async (database, shownUrl) => {
    if (!existing) {
      await migratePostgres(database).catch((error: unknown) => {
        throw error instanceof MigrationError ? refusal(error.message) : error;
      });
    }
    return work({ engine: 'postgres', db: database.db }, shownUrl);
  });
}
