import { Migrator, sql, type Migration, type MigrationResult } from 'kysely';
import type { AppDatabase } from './connection.ts';
import type { PostgresDatabase } from './postgres/postgres-connection.ts';
import { migrations } from './migrations/all-migrations.ts';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** The first migration: a run that applies it has created the database. */
const FIRST_MIGRATION = Object.keys(migrations)[0];

/**
 * Writes when the database was created, once: `now` (the app's clock) when this run created
 * it, else the time its first migration was applied (Kysely's own record, system time), for
 * a database older than the site_created table.
 */
function recordCreation(database: AppDatabase, applied: readonly string[], now: Date): void {
  database.sqlite
    .prepare(
      `INSERT INTO site_created (id, created)
       SELECT 1, coalesce(?, (SELECT min(timestamp) FROM kysely_migration))
       WHERE NOT EXISTS (SELECT 1 FROM site_created)`,
    )
    .run(applied.includes(FIRST_MIGRATION!) ? now.toISOString() : null);
}

/** When the database was created (ISO 8601 UTC), as migrateToLatest recorded it. */
export function databaseCreated(database: AppDatabase): string {
  const row = database.sqlite.prepare('SELECT created FROM site_created WHERE id = 1').get() as
    { created: string } | undefined;
  if (!row) throw new Error('The database has no creation time: it has not been migrated');
  return row.created;
}

/**
 * Brings the database to the latest schema, records when it was created (`now`, by the app's
 * clock, for a new one) and returns the names of the migrations it applied. Kysely does not wrap SQLite migrations in a transaction, so the whole run is
 * one here: a failure leaves the database as it was, and BEGIN IMMEDIATE keeps a second
 * process (the CLI beside the server) from migrating at the same time.
 */
export async function migrateToLatest(
  database: AppDatabase,
  now: Date = new Date(),
): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  });
  database.sqlite.exec('BEGIN IMMEDIATE');
  let results: MigrationResult[] | undefined;
  let error: unknown;
  try {
    ({ results, error } = await migrator.migrateToLatest());
  } catch (thrown) {
    error = thrown;
  }
  if (!error) {
    try {
      recordCreation(database, appliedNames(results), now);
      database.sqlite.exec('COMMIT');
    } catch (thrown) {
      error = thrown;
    }
  }
  if (error) {
    // SQLite has already rolled back after some faults (a full disk, an I/O error).
    if (database.sqlite.inTransaction) database.sqlite.exec('ROLLBACK');
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new MigrationError(
      `Database migration${failed ? ` ${failed}` : ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return appliedNames(results);
}

/**
 * migrateToLatest for PostgreSQL (issue 36): the same migrations, their SQLite DDL translated
 * by db/migrations/run-statements.ts. Kysely's Migrator does the locking here (checked in
 * kysely 0.28's PostgresAdapter and Migrator): on one connection it takes a session advisory
 * lock (`pg_advisory_lock`, waiting up to an hour), then runs every pending migration in one
 * transaction (PostgreSQL's DDL is transactional), commits, and unlocks. Two processes starting
 * together are safe: the second waits on the lock, then reads the first one's committed
 * kysely_migration rows and finds nothing to do; its creation of the kysely_migration tables
 * tolerates the first one's. A failure rolls the whole run back.
 */
export async function migratePostgres(
  database: PostgresDatabase,
  now: Date = new Date(),
  /** Every migration; a test passes others. */
  provided: Record<string, Migration> = migrations,
): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => provided },
  });
  let results: MigrationResult[] | undefined;
  let error: unknown;
  try {
    ({ results, error } = await migrator.migrateToLatest());
    if (!error) {
      const applied = appliedNames(results);
      // As recordCreation on SQLite. ON CONFLICT: a process that started together with this
      // one may have written it just now; the first write stands.
      await sql`INSERT INTO site_created (id, created)
        SELECT 1, coalesce(${applied.includes(FIRST_MIGRATION!) ? now.toISOString() : null}::text,
          (SELECT min(timestamp) FROM kysely_migration))
        ON CONFLICT (id) DO NOTHING`.execute(database.db);
    }
  } catch (thrown) {
    error = thrown;
  }
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new MigrationError(
      `Database migration${failed ? ` ${failed}` : ''} failed on PostgreSQL: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return appliedNames(results);
}

function appliedNames(results: MigrationResult[] | undefined): string[] {
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
