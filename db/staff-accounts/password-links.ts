import { createHash } from 'node:crypto';
import type { PasswordLinkState } from '../../shared/staff-accounts/staff-accounts.ts';
import type { AppDatabase } from '../connection.ts';

/** How a link's token is kept: its SHA-256 in hex, so a copy of the database opens no account. */
export const tokenSha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link as stored: the SHA-256 (hex) of its token and its validity, in UTC ISO. */
export interface NewPasswordLink {
  tokenSha256: string;
  created: string;
  expires: string;
}

/** A stored link with the account it opens. */
export interface StoredPasswordLink {
  id: number;
  accountId: number;
  email: string;
  accountActive: boolean;
  expires: string;
  ended: string | null;
  endedBy: 'used' | 'replaced' | 'revoked' | null;
}

/**
 * Ends the account's links that still work, so only the newest password or link counts.
 * Synchronous, to run inside the account change's transaction.
 */
export function replaceOpenLinks({ sqlite }: AppDatabase, accountId: number, at: string): void {
  sqlite
    .prepare(
      `UPDATE staff_password_links SET ended = ?, ended_by = 'replaced'
       WHERE account_id = ? AND ended IS NULL`,
    )
    .run(at, accountId);
}

/**
 * Ends the account's links that still work because it is disabled: a link given before
 * stays dead when the account is enabled again (the administrator gives a new one).
 * Synchronous, to run inside the disabling's transaction.
 */
export function revokeOpenLinks({ sqlite }: AppDatabase, accountId: number, at: string): void {
  sqlite
    .prepare(
      `UPDATE staff_password_links SET ended = ?, ended_by = 'revoked'
       WHERE account_id = ? AND ended IS NULL`,
    )
    .run(at, accountId);
}

/**
 * Stores a new link for the account, ending its earlier ones; inside the change's
 * transaction. Answers the new link's id.
 */
export function insertPasswordLink(
  database: AppDatabase,
  accountId: number,
  link: NewPasswordLink,
): number {
  replaceOpenLinks(database, accountId, link.created);
  return Number(
    database.sqlite
      .prepare(
        'INSERT INTO staff_password_links (account_id, token_sha256, created, expires) VALUES (?, ?, ?, ?)',
      )
      .run(accountId, link.tokenSha256, link.created, link.expires).lastInsertRowid,
  );
}

/** The link whose token has this SHA-256, with its account; undefined when none was issued. */
export function findPasswordLink(
  { sqlite }: AppDatabase,
  tokenSha256: string,
): StoredPasswordLink | undefined {
  const row = sqlite
    .prepare(
      `SELECT staff_password_links.id, account_id, email, active, expires, ended, ended_by
       FROM staff_password_links JOIN staff_users ON staff_users.id = account_id
       WHERE token_sha256 = ?`,
    )
    .get(tokenSha256) as
    | {
        id: number;
        account_id: number;
        email: string;
        active: number;
        expires: string;
        ended: string | null;
        ended_by: 'used' | 'replaced' | 'revoked' | null;
      }
    | undefined;
  return (
    row && {
      id: row.id,
      accountId: row.account_id,
      email: row.email,
      accountActive: row.active === 1,
      expires: row.expires,
      ended: row.ended,
      endedBy: row.ended_by,
    }
  );
}

/** Marks a link used; false when it had ended meanwhile (another request used it first). */
export function markLinkUsed({ sqlite }: AppDatabase, id: number, at: string): boolean {
  return (
    sqlite
      .prepare(
        `UPDATE staff_password_links SET ended = ?, ended_by = 'used' WHERE id = ? AND ended IS NULL`,
      )
      .run(at, id).changes === 1
  );
}

/** The accounts, by id, with a link that still works at `now`: they wait for their owner to set a password. */
export function accountsAwaitingPassword({ sqlite }: AppDatabase, now: string): Set<number> {
  const ids = sqlite
    .prepare(
      'SELECT DISTINCT account_id FROM staff_password_links WHERE ended IS NULL AND expires > ?',
    )
    .pluck()
    .all(now) as number[];
  return new Set(ids);
}

export type LinkState = PasswordLinkState;

/** What a link allows at `now` (UTC ISO): an ended link says how it ended, before its expiry is looked at. */
export function linkState(link: StoredPasswordLink | undefined, now: string): LinkState {
  if (!link) return 'unknown';
  if (link.endedBy) return link.endedBy;
  if (link.expires <= now) return 'expired';
  if (!link.accountActive) return 'disabled';
  return 'valid';
}
