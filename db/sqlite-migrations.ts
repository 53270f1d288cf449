import { Migrator, type MigrationResult } from 'kysely';
import type { AppDatabase } from './connection.ts';
import { migrations } from './migrations/all-migrations.ts';
import { appliedNames, MigrationError, recordCreation } from './run-migrations.ts';

/*
 * SQLite's migration run, SQLite by nature: Kysely's migrator cannot run inside a
 * writeTransaction (its SQLite connection is one, held by the transaction, and the migrator
 * asks for it again), so the run is wrapped in BEGIN IMMEDIATE on the raw connection.
 * PostgreSQL's run is migratePostgres (db/run-migrations.ts), where the migrator locks and
 * wraps the run itself.
 */

/**
 * Brings the database to the latest schema, records when it was created (`now`, by the app's
 * clock, for a new one) and returns the names of the migrations it applied. Kysely does not
 * wrap SQLite migrations in a transaction, so the whole run is one here: a failure leaves the
 * database as it was, and BEGIN IMMEDIATE keeps a second process (the CLI beside the server)
 * from migrating at the same time.
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
      await recordCreation(database, appliedNames(results), now);
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
