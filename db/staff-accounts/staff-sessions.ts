import { createHash, randomBytes } from 'node:crypto';
import type { AppDatabase } from '../connection.ts';

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
export function openStaffSession(
  { sqlite }: AppDatabase,
  accountId: number,
  { now, absoluteMs }: { now: number; absoluteMs: number },
): string {
  const id = randomBytes(ID_BYTES).toString('base64url');
  sqlite.transaction(() => {
    sqlite.prepare('DELETE FROM staff_sessions WHERE created <= ?').run(iso(now - absoluteMs));
    sqlite
      .prepare(
        'INSERT INTO staff_sessions (id_hash, account_id, created, last_seen) VALUES (?, ?, ?, ?)',
      )
      .run(hashOf(id), accountId, iso(now), iso(now));
  })();
  return id;
}

/**
 * The account of a live session: known, not revoked, and within both the idle and the
 * absolute limit. Renews the idle timer, though at most once per `seenResolutionMs`, since
 * every renewal is a disk write.
 */
export function liveSessionAccount(
  { sqlite }: AppDatabase,
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
): number | undefined {
  const idHash = hashOf(id);
  const row = sqlite
    .prepare(
      `SELECT account_id, last_seen FROM staff_sessions
       WHERE id_hash = ? AND revoked_at IS NULL AND created > ? AND last_seen > ?`,
    )
    .get(idHash, iso(now - absoluteMs), iso(now - idleMs)) as
    { account_id: number; last_seen: string } | undefined;
  if (!row) return undefined;
  if (now - Date.parse(row.last_seen) >= seenResolutionMs) {
    sqlite
      .prepare('UPDATE staff_sessions SET last_seen = ? WHERE id_hash = ? AND last_seen < ?')
      .run(iso(now), idHash, iso(now));
  }
  return row.account_id;
}

/** Ends one session (sign-out); a copy of its cookie is no session afterwards. */
export function revokeStaffSession({ sqlite }: AppDatabase, id: string, now: number): void {
  sqlite
    .prepare('UPDATE staff_sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL')
    .run(iso(now), hashOf(id));
}

/**
 * Ends every session of an account. Synchronous, so that it can share a better-sqlite3
 * transaction with the change that calls for it (disabling, a new password).
 */
export function revokeAccountSessions(
  { sqlite }: AppDatabase,
  accountId: number,
  now: number,
): void {
  sqlite
    .prepare('UPDATE staff_sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL')
    .run(iso(now), accountId);
}
