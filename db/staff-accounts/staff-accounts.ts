import type { Selectable } from 'kysely';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import { ACCOUNT_REFUSAL_KEYS } from '../../shared/staff-accounts/staff-accounts.ts';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '../../shared/staff-roles.ts';
import { writeAudit, type AuditAction } from '../audit-log.ts';
import { lockForTransaction } from '../postgres/job-lock.ts';
import { writeTransaction, type SiteDatabase } from '../site-database.ts';
import {
  findPasswordLink,
  insertPasswordLink,
  linkState,
  markLinkUsed,
  replaceOpenLinks,
  revokeOpenLinks,
  type LinkState,
  type NewPasswordLink,
} from './password-links.ts';
import type { StaffUsersTable } from './staff-schema.ts';
import { revokeAccountSessions } from './staff-sessions.ts';

export interface StaffUser {
  id: number;
  email: string;
  displayName: string;
  passwordHash: string;
  active: boolean;
  created: string;
  lastSignIn: string | null;
  roles: StaffRole[];
  /** Its password is one its owner knows: false from a link delivery until the link is used. */
  passwordSet: boolean;
}

/**
 * Who changes an account, for the audit entry written in the change's own transaction: the
 * CLI's `cli:<OS user>` with no address, or a signed-in administrator with theirs.
 */
export interface AccountChangeBy {
  actor: string;
  address: string | null;
  /** The role the change was made under, for the audit log; the CLI acts outside roles. */
  role?: StaffRole;
  /** When, by the app's clock (the server's); the CLI's is the time it runs. */
  at?: Date;
}

/**
 * How a new password from the admin pages reaches its owner, for the audit entry: generated
 * and shown once to the administrator, or set by the owner through a one-time link (stored
 * by its token's SHA-256). The command line gives none: its operator typed the password.
 */
export type PasswordDelivery = { kind: 'generated' } | ({ kind: 'link' } & NewPasswordLink);

/** What the audit entry says of a delivery: never the token or its hash. */
function deliveryDetail(delivery: PasswordDelivery | undefined): object {
  if (!delivery) return {};
  return delivery.kind === 'link'
    ? { password: 'link', linkExpires: delivery.expires }
    : { password: delivery.kind };
}

/**
 * Stores a link delivery's link (ending earlier ones) or, for a password, ends the links
 * still open; either way says whether the account now has a password someone knows.
 */
async function deliver(
  transaction: SiteDatabase,
  accountId: number,
  delivery: PasswordDelivery | undefined,
  at: Date,
) {
  if (delivery?.kind === 'link') await insertPasswordLink(transaction, accountId, delivery);
  else await replaceOpenLinks(transaction, accountId, at.toISOString());
  await setPasswordKnown(transaction, accountId, delivery?.kind !== 'link');
}

/** Whether the account's password is one its owner knows: until then it cannot sign in. */
async function setPasswordKnown(
  { db }: SiteDatabase,
  accountId: number,
  known: boolean,
): Promise<void> {
  await db
    .updateTable('staff_users')
    .set({ password_set: known ? 1 : 0 })
    .where('id', '=', accountId)
    .execute();
}

export class DuplicateEmailError extends Error {
  override name = 'DuplicateEmailError';
}

/**
 * A change the account rules forbid: it would leave no active administrator, or an account
 * with no role. The code lets a page word it in its language; the message is the English
 * the CLI and the API show.
 */
export class AccountRuleError extends Error {
  override name = 'AccountRuleError';
  constructor(readonly code: 'LAST_ADMIN' | 'NO_ROLE_LEFT') {
    super(staffEn[ACCOUNT_REFUSAL_KEYS[code]]);
  }
}

export const LAST_ADMIN_MESSAGE = staffEn[ACCOUNT_REFUSAL_KEYS.LAST_ADMIN];

/** E-mail addresses compare without case and surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Roles in the registry's order, so lists and audit entries read the same everywhere. */
function orderedRoles(roles: Iterable<string>): StaffRole[] {
  const held = new Set(roles);
  return STAFF_ROLES.filter((role) => held.has(role));
}

/** The roles of each of the accounts, in the registry's order. */
async function rolesOf(
  { db }: SiteDatabase,
  accountIds: readonly number[],
): Promise<Map<number, StaffRole[]>> {
  const rows =
    accountIds.length === 0
      ? []
      : await db
          .selectFrom('staff_roles')
          .select(['account_id', 'role'])
          .where('account_id', 'in', accountIds)
          .execute();
  const held = new Map<number, string[]>();
  for (const { account_id, role } of rows) {
    held.set(account_id, [...(held.get(account_id) ?? []), role]);
  }
  return new Map(
    accountIds.map((id) => [id, orderedRoles((held.get(id) ?? []).filter(isStaffRole))]),
  );
}

async function rolesOfAccount(database: SiteDatabase, accountId: number): Promise<StaffRole[]> {
  return (await rolesOf(database, [accountId])).get(accountId)!;
}

async function toStaffUsers(
  database: SiteDatabase,
  rows: readonly Selectable<StaffUsersTable>[],
): Promise<StaffUser[]> {
  const roles = await rolesOf(
    database,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    active: row.active === 1,
    created: row.created,
    lastSignIn: row.last_sign_in,
    roles: roles.get(row.id)!,
    passwordSet: row.password_set === 1,
  }));
}

export async function findStaffByEmail(
  database: SiteDatabase,
  email: string,
): Promise<StaffUser | undefined> {
  const row = await database.db
    .selectFrom('staff_users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row && (await toStaffUsers(database, [row]))[0];
}

export async function findStaffById(
  database: SiteDatabase,
  id: number,
): Promise<StaffUser | undefined> {
  const row = await database.db
    .selectFrom('staff_users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && (await toStaffUsers(database, [row]))[0];
}

export async function listStaff(database: SiteDatabase): Promise<StaffUser[]> {
  const rows = await database.db.selectFrom('staff_users').selectAll().orderBy('email').execute();
  return toStaffUsers(database, rows);
}

/**
 * Administrators who can sign in: enabled, with a password their owner knows. One added
 * or reset with a set-password link counts once the link is used; until then the site
 * would have no administrator if that link were lost.
 */
async function activeAdminCount({ db }: SiteDatabase): Promise<number> {
  const { admins } = await db
    .selectFrom('staff_roles')
    .innerJoin('staff_users', 'staff_users.id', 'staff_roles.account_id')
    .select((eb) => eb.fn.countAll<number>().as('admins'))
    .where('staff_roles.role', '=', 'admin')
    .where('staff_users.active', '=', 1)
    .where('staff_users.password_set', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(admins);
}

/**
 * Runs account changes in one write transaction. The changes first take the accounts'
 * lock (on PostgreSQL; SQLite's BEGIN IMMEDIATE serialises them already), so that two
 * processes each taking away one of the last two administrators cannot both count one
 * left. Passwords are hashed before, never inside it.
 */
async function inAccountTransaction<T>(
  database: SiteDatabase,
  work: (transaction: SiteDatabase) => Promise<T>,
): Promise<T> {
  return writeTransaction(database, async (transaction) => {
    await lockForTransaction(transaction, 'staff-accounts');
    return work(transaction);
  });
}

/**
 * One account change, inside `inAccountTransaction`, with its audit entry, refusing it
 * when it would take away the last active administrator (where there was one before: a
 * database from before roles has none until one is named). A change that answers
 * undefined (no such account) wrote nothing and is not audited.
 */
async function accountChange<T>(
  transaction: SiteDatabase,
  audit: { action: AuditAction; by: AccountChangeBy | undefined; detail: () => object },
  change: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const adminsBefore = await activeAdminCount(transaction);
  const result = await change();
  if (result === undefined) return undefined;
  if (adminsBefore > 0 && (await activeAdminCount(transaction)) === 0) {
    throw new AccountRuleError('LAST_ADMIN');
  }
  if (audit.by) {
    await writeAudit(transaction, {
      action: audit.action,
      actor: audit.by.actor,
      address: audit.by.address,
      detail: { ...audit.detail(), ...(audit.by.role ? { role: audit.by.role } : {}) },
    });
  }
  return result;
}

/**
 * Adds an account with its roles (`bac` when none is named). With `firstIsAdmin` (the
 * command line's `users add`) the first account of an empty database is also `admin`, so
 * someone can manage the others from the web.
 */
export async function createStaff(
  database: SiteDatabase,
  account: { email: string; displayName: string; passwordHash: string; roles?: StaffRole[] },
  by?: AccountChangeBy,
  { firstIsAdmin = false, delivery }: { firstIsAdmin?: boolean; delivery?: PasswordDelivery } = {},
): Promise<StaffUser> {
  const email = normalizeEmail(account.email);
  const requested = account.roles?.length ? account.roles : (['bac'] as StaffRole[]);
  let roles: StaffRole[] = [];
  const id = await inAccountTransaction(database, (transaction) =>
    accountChange(
      transaction,
      {
        action: 'user-added',
        by,
        detail: () => ({
          email,
          displayName: account.displayName,
          roles,
          ...deliveryDetail(delivery),
        }),
      },
      async () => {
        const { db } = transaction;
        if (await findStaffId(transaction, email)) {
          throw new DuplicateEmailError(`An account for ${email} already exists.`);
        }
        const first =
          firstIsAdmin &&
          (await db.selectFrom('staff_users').select('id').limit(1).executeTakeFirst()) ===
            undefined;
        roles = orderedRoles(first ? [...requested, 'admin'] : requested);
        const inserted = await db
          .insertInto('staff_users')
          .values({
            email,
            display_name: account.displayName,
            password_hash: account.passwordHash,
            password_set: delivery?.kind === 'link' ? 0 : 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('staff_roles')
          .values(roles.map((role) => ({ account_id: inserted.id, role })))
          .execute();
        if (delivery?.kind === 'link') await insertPasswordLink(transaction, inserted.id, delivery);
        return inserted.id;
      },
    ),
  );
  const created = await findStaffById(database, id!);
  return created!;
}

/**
 * Sets the account's `active` flag; disabling ends its sessions and revokes its open
 * set-password links in the same transaction.
 */
async function setActive(
  transaction: SiteDatabase,
  email: string,
  active: boolean,
  by: AccountChangeBy | undefined,
): Promise<boolean> {
  const address = normalizeEmail(email);
  const changed = await accountChange(
    transaction,
    { action: active ? 'user-enabled' : 'user-disabled', by, detail: () => ({ email: address }) },
    async () => {
      const account = await transaction.db
        .updateTable('staff_users')
        .set({ active: active ? 1 : 0 })
        .where('email', '=', address)
        .returning('id')
        .executeTakeFirst();
      if (!account) return undefined;
      if (!active) {
        // The change's own time (the app's clock from the web), so sessions end by the clock
        // that judges them.
        const at = by?.at ?? new Date();
        await revokeAccountSessions(transaction, account.id, at.getTime());
        await revokeOpenLinks(transaction, account.id, at.toISOString());
      }
      return true;
    },
  );
  return changed === true;
}

/** Disables an account and ends its sessions at once. Returns false when there is no such account. */
export async function disableStaff(
  database: SiteDatabase,
  email: string,
  by?: AccountChangeBy,
): Promise<boolean> {
  return inAccountTransaction(database, (transaction) => setActive(transaction, email, false, by));
}

/** Re-enables a disabled account. Returns false when there is no such account. */
export async function enableStaff(
  database: SiteDatabase,
  email: string,
  by?: AccountChangeBy,
): Promise<boolean> {
  return inAccountTransaction(database, (transaction) => setActive(transaction, email, true, by));
}

/**
 * Sets a new password, ending every existing session of the account and every set-password
 * link given before. With a link delivery, `passwordHash` is one nobody knows, so the old
 * password stops working at once and the link sets the next. The caller hashes the
 * password before: no hashing inside the transaction.
 */
export async function resetStaffPassword(
  database: SiteDatabase,
  email: string,
  passwordHash: string,
  by?: AccountChangeBy,
  delivery?: PasswordDelivery,
): Promise<boolean> {
  const address = normalizeEmail(email);
  const changed = await inAccountTransaction(database, (transaction) =>
    accountChange(
      transaction,
      {
        action: 'password-reset',
        by,
        detail: () => ({ email: address, ...deliveryDetail(delivery) }),
      },
      async () => {
        const account = await transaction.db
          .updateTable('staff_users')
          .set({ password_hash: passwordHash })
          .where('email', '=', address)
          .returning('id')
          .executeTakeFirst();
        if (!account) return undefined;
        const at = by?.at ?? new Date();
        await revokeAccountSessions(transaction, account.id, at.getTime());
        await deliver(transaction, account.id, delivery, at);
        return true;
      },
    ),
  );
  return changed === true;
}

/**
 * The owner of a set-password link sets their password: checked again inside the
 * transaction, so of two sendings of one link only the first sets a password. The link
 * ends, the account's sessions end, and the audit entry (`password-set`, by the account
 * itself) commits with them. Answers the link's state: 'valid' when the password was set.
 * The password is hashed before, outside the transaction.
 */
export async function setPasswordWithLink(
  database: SiteDatabase,
  change: { tokenSha256: string; passwordHash: string; now: string; address: string | null },
): Promise<{ state: LinkState; email?: string }> {
  return inAccountTransaction(database, async (transaction) => {
    const link = await findPasswordLink(transaction, change.tokenSha256);
    const state = linkState(link, change.now);
    if (!link || state !== 'valid') return { state };
    await accountChange(
      transaction,
      {
        action: 'password-set',
        by: { actor: link.email, address: change.address },
        detail: () => ({ email: link.email, through: 'set-password link' }),
      },
      async () => {
        await markLinkUsed(transaction, link.id, change.now);
        await transaction.db
          .updateTable('staff_users')
          .set({ password_hash: change.passwordHash, password_set: 1 })
          .where('id', '=', link.accountId)
          .execute();
        await revokeAccountSessions(transaction, link.accountId, Date.parse(change.now));
        return true;
      },
    );
    return { state, email: link.email };
  });
}

/** Adds and removes roles inside an account transaction; see changeStaffRoles. */
async function changeRoles(
  transaction: SiteDatabase,
  email: string,
  change: { add?: readonly StaffRole[]; remove?: readonly StaffRole[] },
  by: AccountChangeBy | undefined,
): Promise<StaffRole[] | undefined> {
  const address = normalizeEmail(email);
  let before: StaffRole[] = [];
  let after: StaffRole[] = [];
  return accountChange(
    transaction,
    { action: 'roles-changed', by, detail: () => ({ email: address, before, after }) },
    async () => {
      const { db } = transaction;
      const accountId = await findStaffId(transaction, address);
      if (accountId === undefined) return undefined;
      before = await rolesOfAccount(transaction, accountId);
      if (change.add?.length) {
        await db
          .insertInto('staff_roles')
          .values(change.add.map((role) => ({ account_id: accountId, role })))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      if (change.remove?.length) {
        await db
          .deleteFrom('staff_roles')
          .where('account_id', '=', accountId)
          .where('role', 'in', change.remove)
          .execute();
      }
      after = await rolesOfAccount(transaction, accountId);
      if (after.length === 0) {
        throw new AccountRuleError('NO_ROLE_LEFT');
      }
      return after;
    },
  );
}

/**
 * Adds and removes roles; answers the roles the account then holds, or undefined when there
 * is no such account. An account keeps at least one role (disable it instead) and the last
 * active administrator keeps `admin`. Roles are read on every request, so a removed role
 * stops working at once without ending the account's sessions.
 */
export async function changeStaffRoles(
  database: SiteDatabase,
  email: string,
  change: { add?: readonly StaffRole[]; remove?: readonly StaffRole[] },
  by?: AccountChangeBy,
): Promise<StaffRole[] | undefined> {
  return inAccountTransaction(database, (transaction) =>
    changeRoles(transaction, email, change, by),
  );
}

export async function recordSignIn(
  { db }: SiteDatabase,
  id: number,
  at: Date,
  upgradedHash?: string,
): Promise<void> {
  await db
    .updateTable('staff_users')
    .set({
      last_sign_in: at.toISOString(),
      ...(upgradedHash ? { password_hash: upgradedHash } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Roles and the active flag changed in one request (the admin page's PATCH): both commit,
 * each with its audit entry, or neither does. Answers false when there is no such account.
 */
export async function changeStaffAccount(
  database: SiteDatabase,
  email: string,
  change: { add?: readonly StaffRole[]; remove?: readonly StaffRole[]; active?: boolean },
  by?: AccountChangeBy,
): Promise<boolean> {
  return inAccountTransaction(database, async (transaction) => {
    if (change.add?.length || change.remove?.length) {
      if (!(await changeRoles(transaction, email, change, by))) return false;
    }
    if (change.active !== undefined) return setActive(transaction, email, change.active, by);
    return (await findStaffId(transaction, email)) !== undefined;
  });
}

async function findStaffId({ db }: SiteDatabase, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('staff_users')
    .select('id')
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row?.id;
}
