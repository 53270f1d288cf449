import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres/postgres-dialect.ts';
import { postgresStatements } from '../postgres/postgres-ddl.ts';

/**
 * Runs a migration's statements, written once in SQLite's words: as they are on SQLite, and
 * translated by db/postgres/postgres-ddl.ts on PostgreSQL (where one statement may become
 * several, or none for what exists only for SQLite). Every migration runs its DDL through
 * here, so a new one works on both engines, or fails on PostgreSQL's test saying which
 * statement has no rule yet.
 */
export async function runStatements<DB>(
  db: Kysely<DB>,
  statements: readonly string[],
): Promise<void> {
  const postgres = isPostgres(db);
  for (const statement of statements) {
    for (const run of postgres ? postgresStatements(statement) : [statement]) {
      await sql.raw(run).execute(db);
    }
  }
}
