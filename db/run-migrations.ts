import { Migrator, sql, type Migration, type MigrationResult } from 'kysely';
import { queryRows, type SiteDatabase } from './site-database.ts';
import type { PostgresDatabase } from './postgres/postgres-connection.ts';
import { migrations } from './migrations/all-migrations.ts';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** The first migration: a run that applies it has created the database. */
const FIRST_MIGRATION = Object.keys(migrations)[0];

/**
 * Writes when the database was created, once, on either engine: `now` (the app's clock) when
 * this run created it, else the time its first migration was applied (Kysely's own record,
 * system time), for a database older than the site_created table. Run in the migration's
 * transaction on SQLite (db/sqlite-migrations.ts); on PostgreSQL after the migrator's commit,
 * where a process that started together with this one may have written it just now: ON
 * CONFLICT keeps the first write.
 */
export async function recordCreation(
  database: SiteDatabase,
  applied: readonly string[],
  now: Date,
): Promise<void> {
  const created = applied.includes(FIRST_MIGRATION!) ? now.toISOString() : null;
  await sql`INSERT INTO site_created (id, created)
    SELECT 1, coalesce(cast(${created} AS text), (SELECT min(timestamp) FROM kysely_migration))
    WHERE NOT EXISTS (SELECT 1 FROM site_created)
    ON CONFLICT (id) DO NOTHING`.execute(database.db);
}

/** When the database was created (ISO 8601 UTC), as the migration run recorded it. */
export async function databaseCreated(database: SiteDatabase): Promise<string> {
  const [row] = await queryRows(
    database,
    () => sql<{ created: string }>`SELECT created FROM site_created WHERE id = 1`,
  );
  if (!row) throw new Error('The database has no creation time: it has not been migrated');
  return row.created;
}

/**
 * The migration runs and the site's creation time. SQLite's run (migrateToLatest, around
 * Kysely's migrator in SQLite's own transaction) is in db/sqlite-migrations.ts; PostgreSQL's
 * is here, and the creation time is written and read by the same queries on both engines.
 */

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
      await recordCreation({ engine: 'postgres', db: database.db }, appliedNames(results), now);
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

export function appliedNames(results: MigrationResult[] | undefined): string[] {
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
