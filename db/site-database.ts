import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from './database-schema.ts';
import type { AppDatabase } from './connection.ts';

/**
 * A municipality's database on either engine (issue 36): SQLite, the embedded default, or
 * PostgreSQL for several app processes on one database. Queries written against this run
 * on both: Kysely's builder compiles them to each dialect, and the few places where the
 * engines must differ ask `engine`.
 *
 * The SQLite connection (db/connection.ts, `AppDatabase`) is one too. Code still written
 * against `AppDatabase.sqlite` (synchronous better-sqlite3 statements) runs on SQLite only;
 * it moves here query by query, and its callers learn to await.
 */
export type Engine = 'sqlite' | 'postgres';

export interface SiteDatabase {
  engine: Engine;
  /** The whole database, or the transaction a `writeTransaction` runs in. */
  db: Kysely<DatabaseSchema>;
}

/** A PostgreSQL database (or a transaction on one) as queries on both engines take it. */
export type PostgresSite = SiteDatabase & { engine: 'postgres' };

/**
 * What a hot read on both engines takes (the public lists, record pages): on SQLite the
 * whole `AppDatabase`, raw better-sqlite3 connection included, because SQLite keeps its
 * hand-tuned synchronous statements there (FTS5 MATCH, INDEXED BY, walk-or-sort; the bench
 * measures them) rather than go through Kysely's async builder; on PostgreSQL a
 * `SiteDatabase`, where the same semantics are written with Kysely. A SQLite
 * `writeTransaction` hands out a SiteDatabase without the raw connection, so such reads
 * take the database itself, not the transaction.
 */
export type SiteConnection = AppDatabase | PostgresSite;

/**
 * Runs `work` in one write transaction: committed when it returns, rolled back when it
 * throws. On SQLite the transaction is BEGIN IMMEDIATE: it takes the write lock at once
 * (waiting up to the busy timeout for another process's write), so it never fails midway
 * upgrading a read lock. On PostgreSQL it is READ COMMITTED, and writes that must see one
 * another (counters, claims) lock their rows.
 */
export async function writeTransaction<T>(
  database: SiteDatabase,
  work: (transaction: SiteDatabase) => Promise<T>,
): Promise<T> {
  if (database.engine === 'postgres') {
    return database.db
      .transaction()
      .execute((transaction) => work({ engine: 'postgres', db: transaction }));
  }
  // Kysely's SQLite connection is one, held by this callback alone until it ends.
  return database.db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work({ engine: 'sqlite', db: connection });
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection).catch(() => {});
      throw error;
    }
  });
}

/**
 * A query written once, as a Kysely `sql` template over the database it runs on: the same
 * text and values serve both engines (Kysely writes each dialect's placeholders).
 */
export type Query<R> = (db: Kysely<DatabaseSchema>) => RawBuilder<R>;

/** The rows of `query` on either engine. */
export async function queryRows<R>(database: SiteDatabase, query: Query<R>): Promise<R[]> {
  return (await query(database.db).execute(database.db)).rows;
}

const preparedStatements = new WeakMap<AppDatabase, Map<string, BetterSqlite3.Statement>>();

/**
 * The rows of the same `query` at once, on SQLite: for callers that cannot await yet (a
 * synchronous better-sqlite3 transaction, a synchronous chain) while db/ moves to both
 * engines. The query is compiled by the SQLite dialect and run on the raw connection,
 * each text prepared once: one query, where a second copy in SQLite's words could drift.
 */
export function queryRowsNow<R>(database: AppDatabase, query: Query<R>): R[] {
  const { sql: text, parameters } = query(database.db).compile(database.db);
  let statements = preparedStatements.get(database);
  if (!statements) preparedStatements.set(database, (statements = new Map()));
  let prepared = statements.get(text);
  if (!prepared) statements.set(text, (prepared = database.sqlite.prepare(text)));
  // A write that returns nothing (an UPDATE without RETURNING) is run: it has no rows.
  if (!prepared.reader) {
    prepared.run(...parameters);
    return [];
  }
  return prepared.all(...parameters) as R[];
}

/**
 * `work` at once in one SQLite transaction, for callers that cannot await yet (test
 * fixtures, callers inside another synchronous chain), as queryRowsNow is for one query:
 * the counterpart of writeTransaction while db/ moves to both engines.
 */
export function transactionNow<T>(database: AppDatabase, work: () => T): T {
  return database.sqlite.transaction(work)();
}
