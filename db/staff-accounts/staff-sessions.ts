import { createHash, randomBytes } from 'node:crypto';
import { writeTransaction, type SiteDatabase } from '../site-database.ts';

const ID_BYTES = 32;

/** How long a session lasts without a request, and at most in all. */
export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

/** The table keeps only this, so reading the database does not reveal a usable session id. */
function hashOf(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

function iso(time: number): string {
  return new Date(time).toISOString();
}

/**
 * Starts a session for the account and returns its id, the secret the cookie carries.
 * Sessions past the absolute limit are deleted on the way: nothing can make them live again.
 */
export async function openStaffSession(
  database: SiteDatabase,
  accountId: number,
  { now, absoluteMs }: { now: number; absoluteMs: number },
): Promise<string> {
  const id = randomBytes(ID_BYTES).toString('base64url');
  await writeTransaction(database, async ({ db }) => {
    await db
      .deleteFrom('staff_sessions')
      .where('created', '<=', iso(now - absoluteMs))
      .execute();
    await db
      .insertInto('staff_sessions')
      .values({
        id_hash: hashOf(id),
        account_id: accountId,
        created: iso(now),
        last_seen: iso(now),
      })
      .execute();
  });
  return id;
}

/**
 * The account of a live session: known, not revoked, and within both the idle and the
 * absolute limit. Renews the idle timer, though at most once per `seenResolutionMs`, since
 * every renewal is a disk write. Read from the database on every request, so a session
 * revoked through any process is refused by every other at once.
 */
export async function liveSessionAccount(
  { db }: SiteDatabase,
  id: string,
  {
    now,
    idleMs,
    absoluteMs,
    seenResolutionMs,
  }: SessionLimits & {
    now: number;
    seenResolutionMs: number;
  },
): Promise<number | undefined> {
  const idHash = hashOf(id);
  const row = await db
    .selectFrom('staff_sessions')
    .select(['account_id', 'last_seen'])
    .where('id_hash', '=', idHash)
    .where('revoked_at', 'is', null)
    .where('created', '>', iso(now - absoluteMs))
    .where('last_seen', '>', iso(now - idleMs))
    .executeTakeFirst();
  if (!row) return undefined;
  if (now - Date.parse(row.last_seen) >= seenResolutionMs) {
    // Only ever forward: a slower request's older time does not undo a newer renewal.
    await db
      .updateTable('staff_sessions')
      .set({ last_seen: iso(now) })
      .where('id_hash', '=', idHash)
      .where('last_seen', '<', iso(now))
      .execute();
  }
  return row.account_id;
}

/** Ends one session (sign-out); a copy of its cookie is no session afterwards. */
export async function revokeStaffSession(
  { db }: SiteDatabase,
  id: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: iso(now) })
    .where('id_hash', '=', hashOf(id))
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every session of an account. Given the transaction of the change that calls for it
 * (disabling, a new password), it commits with that change.
 */
export async function revokeAccountSessions(
  database: SiteDatabase,
  accountId: number,
  now: number,
): Promise<void> {
  await database.db
    .updateTable('staff_sessions')
    .set({ revoked_at: iso(now) })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}
