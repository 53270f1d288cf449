import { sql } from 'kysely';
import type { SiteDatabase } from '../site-database.ts';
import type { PostgresDatabase } from './postgres-connection.ts';

/** What `runAlone` did: the work's value, or that another process held the job. */
export type AloneResult<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` unless another app process on the same PostgreSQL database is running the
 * job `job` at this moment (issue 36): scheduled jobs (the daily digest's fan-out, the
 * clean-ups) then run in one process at a time, whichever reaches them first. The lock is
 * a session-level advisory lock held by one pooled connection for the work's length, and
 * released however the work ends; a process that dies loses its connection and with it
 * the lock, so a crash never leaves a job locked.
 *
 * A job that must run once per period (a day's digest) also records its period in the
 * database inside the work, so a process reaching it after the first one finished finds
 * it done: the lock keeps two from doing it at the same time, the record from doing it twice.
 */
export async function runAlone<T>(
  database: PostgresDatabase,
  job: string,
  work: () => Promise<T>,
): Promise<AloneResult<T>> {
  const client = await database.pool.connect();
  // A connection lost while checked out says so as an event: without a listener it would
  // end the process. Its lock went with it; the unlock below then fails and is let go.
  let lost = false;
  const onLost = () => {
    lost = true;
  };
  client.on('error', onLost);
  const key = `municipal:${job}`;
  try {
    // hashtextextended gives the 64-bit key advisory locks take, from the job's name.
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
      [key],
    );
    if (!rows[0]!.locked) return { ran: false };
    try {
      return { ran: true, value: await work() };
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => {
        lost = true;
      });
    }
  } finally {
    client.off('error', onLost);
    // A lost connection is thrown away rather than handed to the next query.
    client.release(lost);
  }
}

/**
 * Makes a write transaction wait for every other transaction, in any process, that took
 * the lock `name`, until it commits or rolls back (a transaction-level advisory lock). For
 * a read-then-insert over many rows, as rate limits count, which READ COMMITTED would let
 * two processes interleave (both count below the limit, both insert) and no one row could
 * be locked for. On SQLite it does nothing: BEGIN IMMEDIATE serialises every write already.
 */
export async function lockForTransaction(transaction: SiteDatabase, name: string): Promise<void> {
  if (transaction.engine !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`municipal:${name}`}, 0))`.execute(
    transaction.db,
  );
}
