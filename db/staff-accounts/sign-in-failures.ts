import type { AppDatabase } from '../connection.ts';

export type AttemptReservation = { ok: true; id: number } | { ok: false; retryAt: Date };

/** At most `failures` counted attempts within `windowMs`. */
export interface Limit {
  failures: number;
  windowMs: number;
}

export interface SignInLimits {
  /** Per account and client: the guesses one address (or one known device) may make. */
  perClient: Limit;
  /** Per account, over every unknown client: reached only by guesses from many addresses. */
  perAccount: Limit;
  /** Per address, over every account: high, since a whole office may share one address. */
  perAddress: Limit;
}

/**
 * The `address` column names the client an attempt is counted against: the client's IP
 * address, or for a browser that signed in to the account before, `device:` and the id
 * its known-device cookie carries (see server/auth/known-device.ts).
 */
const DEVICE_PREFIX = 'device:';

export function deviceClient(deviceId: string): string {
  return `${DEVICE_PREFIX}${deviceId}`;
}

/**
 * Counts a sign-in attempt before its password is checked. In one IMMEDIATE transaction it
 * counts the attempts within each limit's window and refuses when any is reached, and
 * otherwise inserts this attempt. The check and the insert cannot interleave with another
 * request or process, so however many attempts arrive at once, no limit is ever passed.
 * The row stays as the failure unless the attempt succeeds or is released.
 *
 * From a known device only the account's count for that device applies: neither the
 * account's ceiling nor the address's limit, which strangers can fill, locks its owner out.
 */
export function reserveSignInAttempt(
  { sqlite }: AppDatabase,
  attempt: {
    email: string;
    /** The client's IP address. */
    address: string;
    /** The known-device client (deviceClient) when the browser is known for this account. */
    device?: string | undefined;
    now: Date;
    limits: SignInLimits;
  },
): AttemptReservation {
  const { email, address, device, now, limits } = attempt;
  const client = device ?? address;
  const since = ({ windowMs }: Limit) => new Date(now.getTime() - windowMs).toISOString();
  /** When the newest `failures` attempts matched block until, or undefined when fewer. */
  const blockedUntil = (limit: Limit, where: string, ...values: string[]) => {
    const times = sqlite
      .prepare(`SELECT at FROM sign_in_failures WHERE ${where} AND at > ? ORDER BY at DESC LIMIT ?`)
      .pluck()
      .all(...values, since(limit), limit.failures) as string[];
    // The oldest of them keeps the group refused until it leaves the window.
    return times.length >= limit.failures
      ? Date.parse(times[limit.failures - 1] as string) + limit.windowMs
      : undefined;
  };
  const longest = Math.max(...Object.values(limits).map((limit: Limit) => limit.windowMs));
  const reserve = sqlite.transaction((): AttemptReservation => {
    // Old attempts no longer count for anything.
    sqlite
      .prepare('DELETE FROM sign_in_failures WHERE at <= ?')
      .run(since({ failures: 0, windowMs: longest }));
    const blocking = [
      blockedUntil(limits.perClient, 'email = ? AND address = ?', email, client),
      ...(device
        ? []
        : [
            blockedUntil(
              limits.perAccount,
              `email = ? AND address NOT LIKE '${DEVICE_PREFIX}%'`,
              email,
            ),
            blockedUntil(limits.perAddress, 'address = ?', address),
          ]),
    ].filter((time) => time !== undefined);
    if (blocking.length > 0) return { ok: false, retryAt: new Date(Math.max(...blocking)) };
    const { lastInsertRowid } = sqlite
      .prepare('INSERT INTO sign_in_failures (at, email, address) VALUES (?, ?, ?)')
      .run(now.toISOString(), email, client);
    return { ok: true, id: Number(lastInsertRowid) };
  });
  return reserve.immediate();
}

/** Gives back a reserved attempt whose password was never checked. */
export function releaseSignInAttempt({ sqlite }: AppDatabase, id: number): void {
  sqlite.prepare('DELETE FROM sign_in_failures WHERE id = ?').run(id);
}

/**
 * A successful sign-in clears the owner's own mistakes: the attempts at the account from
 * the client of `reservationId`, this attempt's reservation included. Failures from other
 * clients stay, so a distributed guesser's count toward the account's ceiling does not
 * start again each time the owner signs in.
 */
export function clearSignInFailures({ sqlite }: AppDatabase, reservationId: number): void {
  sqlite
    .prepare(
      `DELETE FROM sign_in_failures WHERE (email, address) =
        (SELECT email, address FROM sign_in_failures WHERE id = ?)`,
    )
    .run(reservationId);
}
