import { sql, type SelectQueryBuilder } from 'kysely';
import { lockForTransaction } from '../postgres/job-lock.ts';
import type { DatabaseSchema } from '../database-schema.ts';
import { writeTransaction, type SiteDatabase } from '../site-database.ts';

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
 * Counts a sign-in attempt before its password is checked. In one write transaction (see
 * lockForTransaction) it counts the attempts within each limit's window and refuses when
 * any is reached, and otherwise inserts this attempt. The check and the insert cannot
 * interleave with another request or process, so however many attempts arrive at once, on
 * either engine, no limit is ever passed. The row stays as the failure unless the attempt
 * succeeds or is released.
 *
 * From a known device only the account's count for that device applies: neither the
 * account's ceiling nor the address's limit, which strangers can fill, locks its owner out.
 */
export async function reserveSignInAttempt(
  database: SiteDatabase,
  attempt: {
    email: string;
    /** The client's IP address. */
    address: string;
    /** The known-device client (deviceClient) when the browser is known for this account. */
    device?: string | undefined;
    now: Date;
    limits: SignInLimits;
  },
): Promise<AttemptReservation> {
  const { email, address, device, now, limits } = attempt;
  const client = device ?? address;
  const since = ({ windowMs }: Limit) => new Date(now.getTime() - windowMs).toISOString();
  const longest = Math.max(...Object.values(limits).map((limit: Limit) => limit.windowMs));
  return writeTransaction(database, async (transaction) => {
    const { db } = transaction;
    await lockForTransaction(transaction, 'sign-in-attempts');
    /** When the newest `failures` attempts matched block until, or undefined when fewer. */
    const blockedUntil = async (
      limit: Limit,
      matching: (
        query: SelectQueryBuilder<DatabaseSchema, 'sign_in_failures', object>,
      ) => SelectQueryBuilder<DatabaseSchema, 'sign_in_failures', object>,
    ) => {
      const rows = await matching(db.selectFrom('sign_in_failures'))
        .select('at')
        .where('at', '>', since(limit))
        .orderBy('at', 'desc')
        .limit(limit.failures)
        .execute();
      // The oldest of them keeps the group refused until it leaves the window.
      return rows.length >= limit.failures
        ? Date.parse(rows[limit.failures - 1]!.at) + limit.windowMs
        : undefined;
    };
    // Old attempts no longer count for anything.
    await db
      .deleteFrom('sign_in_failures')
      .where('at', '<=', since({ failures: 0, windowMs: longest }))
      .execute();
    const blocking = [
      await blockedUntil(limits.perClient, (query) =>
        query.where('email', '=', email).where('address', '=', client),
      ),
      ...(device
        ? []
        : [
            await blockedUntil(limits.perAccount, (query) =>
              query.where('email', '=', email).where('address', 'not like', `${DEVICE_PREFIX}%`),
            ),
            await blockedUntil(limits.perAddress, (query) => query.where('address', '=', address)),
          ]),
    ].filter((time) => time !== undefined);
    if (blocking.length > 0) return { ok: false, retryAt: new Date(Math.max(...blocking)) };
    const { id } = await db
      .insertInto('sign_in_failures')
      .values({ at: now.toISOString(), email, address: client })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, id };
  });
}

/** Gives back a reserved attempt whose password was never checked. */
export async function releaseSignInAttempt({ db }: SiteDatabase, id: number): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
}

/**
 * A successful sign-in clears the owner's own mistakes: the attempts at the account from
 * the client of `reservationId`, this attempt's reservation included. Failures from other
 * clients stay, so a distributed guesser's count toward the account's ceiling does not
 * start again each time the owner signs in.
 */
export async function clearSignInFailures(
  { db }: SiteDatabase,
  reservationId: number,
): Promise<void> {
  await db
    .deleteFrom('sign_in_failures')
    .where(
      sql<boolean>`(email, address) =
        (SELECT email, address FROM sign_in_failures WHERE id = ${reservationId})`,
    )
    .execute();
}
