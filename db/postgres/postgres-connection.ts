import { Kysely, PostgresDialect } from 'kysely';
import pg from './pg-driver.ts';
import type { DatabaseSchema } from '../database-schema.ts';

/**
 * A municipality's database on PostgreSQL (issue 36): the second engine, for a host that
 * runs several app processes on one database. SQLite stays the embedded default; a
 * `postgres://` DATABASE_URL selects this one.
 */
export interface PostgresDatabase {
  /** The driver's pool, for LISTEN/NOTIFY, advisory locks and COPY-sized batches. */
  pool: pg.Pool;
  db: Kysely<DatabaseSchema>;
  /** The URL with its password hidden, for messages. */
  shownUrl: string;
  close(): Promise<void>;
}

/** The URL as an operator may read it in a log: without its password. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(an unreadable URL)';
  }
}

/** True for the URLs that select PostgreSQL. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Opens a pool on `url` (postgres://user:password@host:port/database, or a Unix socket's
 * folder as `?host=/run/postgresql`). Connecting is lazy: `checkPostgres` tries it once.
 */
export function openPostgres(url: string, { max = 10 }: { max?: number } = {}): PostgresDatabase {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's lost connection (a restarted server) must not crash the process: the
  // pool drops the client and the next query opens a new one.
  pool.on('error', () => {});
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return {
    pool,
    db,
    shownUrl: withoutPassword(url),
    // Kysely's destroy() ends the pool too.
    close: () => db.destroy(),
  };
}

/** A PostgreSQL database that cannot be reached, said in one line with what to do. */
export class PostgresFault extends Error {
  override name = 'PostgresFault';
}

/** Connects once, so a wrong URL or a stopped server is said at start, not at the first visitor. */
export async function checkPostgres(database: PostgresDatabase): Promise<void> {
  try {
    await database.pool.query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PostgresFault(
      `The PostgreSQL database ${database.shownUrl} cannot be reached (${reason}): check DATABASE_URL and that the server runs.`,
      { cause: error },
    );
  }
}

/**
 * Runs `work` on one pooled connection inside the transaction `begin` opens (`BEGIN`, or
 * `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY` for one snapshot): committed when it
 * returns, rolled back when it throws, the connection handed back either way. For work
 * that needs the driver's client itself (the copy's batches, an exported snapshot).
 */
export async function inClientTransaction<T>(
  database: PostgresDatabase,
  begin: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
