import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * True when `db` (or a transaction of it) speaks to PostgreSQL: for the few places where the
 * engines must differ, each behind one function (issue 36). Kysely's adapter says which.
 */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
