import { createHash } from 'node:crypto';
import type { PasswordLinkState } from '../../shared/staff-accounts/staff-accounts.ts';
import { sql } from 'kysely';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';

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

/** Ends the account's links that still work, saying why. */
const endOpenLinks =
  (accountId: number, at: string, endedBy: 'replaced' | 'revoked'): Query<{ id: number }> =>
  () =>
    sql`UPDATE staff_password_links SET ended = ${at}, ended_by = ${endedBy}
      WHERE account_id = ${accountId} AND ended IS NULL RETURNING id`;

const insertLink =
  (accountId: number, link: NewPasswordLink): Query<{ id: number }> =>
  () =>
    sql`INSERT INTO staff_password_links (account_id, token_sha256, created, expires)
      VALUES (${accountId}, ${link.tokenSha256}, ${link.created}, ${link.expires}) RETURNING id`;

const findLink =
  (tokenSha256: string): Query<StoredLinkRow> =>
  () =>
    sql`SELECT staff_password_links.id, account_id AS "accountId", email, active, expires, ended,
        ended_by AS "endedBy"
      FROM staff_password_links JOIN staff_users ON staff_users.id = account_id
      WHERE token_sha256 = ${tokenSha256}`;

const markUsed =
  (id: number, at: string): Query<{ id: number }> =>
  () =>
    sql`UPDATE staff_password_links SET ended = ${at}, ended_by = 'used'
      WHERE id = ${id} AND ended IS NULL RETURNING id`;

type StoredLinkRow = Omit<StoredPasswordLink, 'accountActive'> & { active: number };

function toStoredLink(row: StoredLinkRow | undefined): StoredPasswordLink | undefined {
  if (!row) return undefined;
  const { active, ...link } = row;
  return { ...link, accountActive: active === 1 };
}

/**
 * Ends the account's links that still work, so only the newest password or link counts.
 * Given the account change's transaction, it commits with the change.
 */
export async function replaceOpenLinks(
  database: SiteDatabase,
  accountId: number,
  at: string,
): Promise<void> {
  await queryRows(database, endOpenLinks(accountId, at, 'replaced'));
}

/**
 * Ends the account's links that still work because it is disabled: a link given before
 * stays dead when the account is enabled again (the administrator gives a new one).
 * Given the disabling's transaction, it commits with it.
 */
export async function revokeOpenLinks(
  database: SiteDatabase,
  accountId: number,
  at: string,
): Promise<void> {
  await queryRows(database, endOpenLinks(accountId, at, 'revoked'));
}

/**
 * Stores a new link for the account, ending its earlier ones; inside the change's
 * transaction. Answers the new link's id.
 */
export async function insertPasswordLink(
  database: SiteDatabase,
  accountId: number,
  link: NewPasswordLink,
): Promise<number> {
  await replaceOpenLinks(database, accountId, link.created);
  const [row] = await queryRows(database, insertLink(accountId, link));
  return row!.id;
}

/** The link whose token has this SHA-256, with its account; undefined when none was issued. */
export async function findPasswordLink(
  database: SiteDatabase,
  tokenSha256: string,
): Promise<StoredPasswordLink | undefined> {
  return toStoredLink((await queryRows(database, findLink(tokenSha256)))[0]);
}

/** Marks a link used; false when it had ended meanwhile (another request used it first). */
export async function markLinkUsed(
  database: SiteDatabase,
  id: number,
  at: string,
): Promise<boolean> {
  return (await queryRows(database, markUsed(id, at))).length === 1;
}

/** The accounts, by id, with a link that still works at `now`: they wait for their owner to set a password. */
export async function accountsAwaitingPassword(
  { db }: SiteDatabase,
  now: string,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('staff_password_links')
    .select('account_id')
    .distinct()
    .where('ended', 'is', null)
    .where('expires', '>', now)
    .execute();
  return new Set(rows.map((row) => row.account_id));
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
