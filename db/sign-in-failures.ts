import type { AppDatabase } from './connection.ts';

export type AttemptReservation = { ok: true; id: number } | { ok: false; retryAt: Date };

/**
 * Counts a sign-in attempt before its password is checked. In one IMMEDIATE transaction it
 * counts the attempts within the window for the e-mail and for the address, refuses when
 * either is at the limit, and otherwise inserts this attempt. The check and the insert
 * cannot interleave with another request or process, so however many attempts arrive at
 * once, no more than `limit` per account and per address are ever checked in a window.
 * The row stays as the failure unless the attempt succeeds or is released.
 */
export function reserveSignInAttempt(
  { sqlite }: AppDatabase,
  attempt: { email: string; address: string; now: Date; windowMs: number; limit: number },
): AttemptReservation {
  const { email, address, now, windowMs, limit } = attempt;
  const since = new Date(now.getTime() - windowMs).toISOString();
  const newest = (column: 'email' | 'address', value: string) =>
    sqlite
      .prepare(
        `SELECT at FROM sign_in_failures WHERE ${column} = ? AND at > ? ORDER BY at DESC LIMIT ?`,
      )
      .pluck()
      .all(value, since, limit) as string[];
  const reserve = sqlite.transaction((): AttemptReservation => {
    // Old attempts no longer count for anything.
    sqlite.prepare('DELETE FROM sign_in_failures WHERE at <= ?').run(since);
    // The oldest of the newest `limit` attempts keeps the group refused until it leaves the window.
    const blocking = [newest('email', email), newest('address', address)]
      .filter((times) => times.length >= limit)
      .map((times) => Date.parse(times[limit - 1] as string) + windowMs);
    if (blocking.length > 0) return { ok: false, retryAt: new Date(Math.max(...blocking)) };
    const { lastInsertRowid } = sqlite
      .prepare('INSERT INTO sign_in_failures (at, email, address) VALUES (?, ?, ?)')
      .run(now.toISOString(), email, address);
    return { ok: true, id: Number(lastInsertRowid) };
  });
  return reserve.immediate();
}

/** Gives back a reserved attempt whose password was never checked. */
export function releaseSignInAttempt({ sqlite }: AppDatabase, id: number): void {
  sqlite.prepare('DELETE FROM sign_in_failures WHERE id = ?').run(id);
}

/**
 * A successful sign-in clears the account's count, this attempt's reservation included;
 * failures at other accounts still count against their addresses.
 */
export function clearSignInFailures({ sqlite }: AppDatabase, email: string): void {
  sqlite.prepare('DELETE FROM sign_in_failures WHERE email = ?').run(email);
}
