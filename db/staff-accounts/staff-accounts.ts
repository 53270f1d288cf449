import type { Selectable } from 'kysely';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import { ACCOUNT_REFUSAL_KEYS } from '../../shared/staff-accounts/staff-accounts.ts';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '../../shared/staff-roles.ts';
import { recordAudit, type AuditAction } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import {
  linkState,
  passwordLinksNow,
  type LinkState,
  type NewPasswordLink,
} from './password-links.ts';
import type { StaffUsersTable } from './staff-schema.ts';
import { revokeAccountSessionsNow } from './staff-sessions.ts';

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
function deliver(
  database: AppDatabase,
  accountId: number,
  delivery: PasswordDelivery | undefined,
  at: Date,
) {
  if (delivery?.kind === 'link') passwordLinksNow.insertPasswordLink(database, accountId, delivery);
  else passwordLinksNow.replaceOpenLinks(database, accountId, at.toISOString());
  setPasswordKnown(database, accountId, delivery?.kind !== 'link');
}

/** Whether the account's password is one its owner knows: until then it cannot sign in. */
function setPasswordKnown({ sqlite }: AppDatabase, accountId: number, known: boolean): void {
  sqlite
    .prepare('UPDATE staff_users SET password_set = ? WHERE id = ?')
    .run(known ? 1 : 0, accountId);
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

function rolesOf({ sqlite }: AppDatabase, accountId: number): StaffRole[] {
  const rows = sqlite
    .prepare('SELECT role FROM staff_roles WHERE account_id = ?')
    .pluck()
    .all(accountId) as string[];
  return orderedRoles(rows.filter(isStaffRole));
}

function toStaffUser(database: AppDatabase, row: Selectable<StaffUsersTable>): StaffUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    active: row.active === 1,
    created: row.created,
    lastSignIn: row.last_sign_in,
    roles: rolesOf(database, row.id),
    passwordSet: row.password_set === 1,
  };
}

export async function findStaffByEmail(
  database: AppDatabase,
  email: string,
): Promise<StaffUser | undefined> {
  const row = await database.db
    .selectFrom('staff_users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row && toStaffUser(database, row);
}

export async function findStaffById(
  database: AppDatabase,
  id: number,
): Promise<StaffUser | undefined> {
  const row = await database.db
    .selectFrom('staff_users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toStaffUser(database, row);
}

export async function listStaff(database: AppDatabase): Promise<StaffUser[]> {
  const rows = await database.db.selectFrom('staff_users').selectAll().orderBy('email').execute();
  return rows.map((row) => toStaffUser(database, row));
}

/**
 * Administrators who can sign in: enabled, with a password their owner knows. One added
 * or reset with a set-password link counts once the link is used; until then the site
 * would have no administrator if that link were lost.
 */
function activeAdminCount({ sqlite }: AppDatabase): number {
  return sqlite
    .prepare(
      `SELECT count(*) FROM staff_roles JOIN staff_users ON staff_users.id = staff_roles.account_id
       WHERE staff_roles.role = 'admin' AND staff_users.active = 1
         AND staff_users.password_set = 1`,
    )
    .pluck()
    .get() as number;
}

/**
 * Runs an account change in one IMMEDIATE transaction with its audit entry, refusing it
 * when it would take away the last active administrator (where there was one before: a
 * database from before roles has none until one is named).
 */
function accountChange<T>(
  database: AppDatabase,
  audit: { action: AuditAction; by: AccountChangeBy | undefined; detail: () => object },
  change: () => T | undefined,
): T | undefined {
  const run = database.sqlite.transaction(() => {
    const adminsBefore = activeAdminCount(database);
    const result = change();
    if (result === undefined) return undefined;
    if (adminsBefore > 0 && activeAdminCount(database) === 0) {
      throw new AccountRuleError('LAST_ADMIN');
    }
    if (audit.by) {
      recordAudit(database, {
        action: audit.action,
        actor: audit.by.actor,
        address: audit.by.address,
        detail: { ...audit.detail(), ...(audit.by.role ? { role: audit.by.role } : {}) },
      });
    }
    return result;
  });
  return run.immediate();
}

/**
 * Adds an account with its roles (`bac` when none is named). With `firstIsAdmin` (the
 * command line's `users add`) the first account of an empty database is also `admin`, so
 * someone can manage the others from the web.
 */
export async function createStaff(
  database: AppDatabase,
  account: { email: string; displayName: string; passwordHash: string; roles?: StaffRole[] },
  by?: AccountChangeBy,
  { firstIsAdmin = false, delivery }: { firstIsAdmin?: boolean; delivery?: PasswordDelivery } = {},
): Promise<StaffUser> {
  const email = normalizeEmail(account.email);
  const requested = account.roles?.length ? account.roles : (['bac'] as StaffRole[]);
  let roles: StaffRole[] = [];
  const id = accountChange(
    database,
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
    () => {
      const { sqlite } = database;
      if (sqlite.prepare('SELECT 1 FROM staff_users WHERE email = ?').get(email)) {
        throw new DuplicateEmailError(`An account for ${email} already exists.`);
      }
      const first =
        firstIsAdmin && sqlite.prepare('SELECT 1 FROM staff_users LIMIT 1').get() === undefined;
      roles = orderedRoles(first ? [...requested, 'admin'] : requested);
      const inserted = sqlite
        .prepare(
          `INSERT INTO staff_users (email, display_name, password_hash, password_set)
           VALUES (?, ?, ?, ?) RETURNING id`,
        )
        .get(
          email,
          account.displayName,
          account.passwordHash,
          delivery?.kind === 'link' ? 0 : 1,
        ) as { id: number };
      const addRole = sqlite.prepare('INSERT INTO staff_roles (account_id, role) VALUES (?, ?)');
      for (const role of roles) addRole.run(inserted.id, role);
      if (delivery?.kind === 'link')
        passwordLinksNow.insertPasswordLink(database, inserted.id, delivery);
      return inserted.id;
    },
  );
  const created = await findStaffById(database, id!);
  return created!;
}

/**
 * Sets the account's `active` flag; disabling ends its sessions and revokes its open
 * set-password links in the same transaction.
 */
function setActive(
  database: AppDatabase,
  email: string,
  active: boolean,
  by: AccountChangeBy | undefined,
): boolean {
  const address = normalizeEmail(email);
  const changed = accountChange(
    database,
    { action: active ? 'user-enabled' : 'user-disabled', by, detail: () => ({ email: address }) },
    () => {
      const account = database.sqlite
        .prepare('UPDATE staff_users SET active = ? WHERE email = ? RETURNING id')
        .get(active ? 1 : 0, address) as { id: number } | undefined;
      if (!account) return undefined;
      if (!active) {
        // The change's own time (the app's clock from the web), so sessions end by the clock
        // that judges them.
        const at = by?.at ?? new Date();
        revokeAccountSessionsNow(database, account.id, at.getTime());
        passwordLinksNow.revokeOpenLinks(database, account.id, at.toISOString());
      }
      return true;
    },
  );
  return changed === true;
}

/** Disables an account and ends its sessions at once. Returns false when there is no such account. */
export function disableStaff(database: AppDatabase, email: string, by?: AccountChangeBy): boolean {
  return setActive(database, email, false, by);
}

/** Re-enables a disabled account. Returns false when there is no such account. */
export function enableStaff(database: AppDatabase, email: string, by?: AccountChangeBy): boolean {
  return setActive(database, email, true, by);
}

/**
 * Sets a new password, ending every existing session of the account and every set-password
 * link given before. With a link delivery, `passwordHash` is one nobody knows, so the old
 * password stops working at once and the link sets the next.
 */
export function resetStaffPassword(
  database: AppDatabase,
  email: string,
  passwordHash: string,
  by?: AccountChangeBy,
  delivery?: PasswordDelivery,
): boolean {
  const address = normalizeEmail(email);
  const changed = accountChange(
    database,
    {
      action: 'password-reset',
      by,
      detail: () => ({ email: address, ...deliveryDetail(delivery) }),
    },
    () => {
      const account = database.sqlite
        .prepare('UPDATE staff_users SET password_hash = ? WHERE email = ? RETURNING id')
        .get(passwordHash, address) as { id: number } | undefined;
      if (!account) return undefined;
      const at = by?.at ?? new Date();
      revokeAccountSessionsNow(database, account.id, at.getTime());
      deliver(database, account.id, delivery, at);
      return true;
    },
  );
  return changed === true;
}

/**
 * The owner of a set-password link sets their password: checked again inside the
 * transaction, so of two sendings of one link only the first sets a password. The link
 * ends, the account's sessions end, and the audit entry (`password-set`, by the account
 * itself) commits with them. Answers the link's state: 'valid' when the password was set.
 */
export function setPasswordWithLink(
  database: AppDatabase,
  change: { tokenSha256: string; passwordHash: string; now: string; address: string | null },
): { state: LinkState; email?: string } {
  let state: LinkState = 'unknown';
  let email: string | undefined;
  const run = database.sqlite.transaction(() => {
    const link = passwordLinksNow.findPasswordLink(database, change.tokenSha256);
    state = linkState(link, change.now);
    if (!link || state !== 'valid') return;
    email = link.email;
    accountChange(
      database,
      {
        action: 'password-set',
        by: { actor: link.email, address: change.address },
        detail: () => ({ email: link.email, through: 'set-password link' }),
      },
      () => {
        passwordLinksNow.markLinkUsed(database, link.id, change.now);
        database.sqlite
          .prepare('UPDATE staff_users SET password_hash = ?, password_set = 1 WHERE id = ?')
          .run(change.passwordHash, link.accountId);
        revokeAccountSessionsNow(database, link.accountId, Date.parse(change.now));
        return true;
      },
    );
  });
  run.immediate();
  return email === undefined ? { state } : { state, email };
}

/**
 * Adds and removes roles; answers the roles the account then holds, or undefined when there
 * is no such account. An account keeps at least one role (disable it instead) and the last
 * active administrator keeps `admin`. Roles are read on every request, so a removed role
 * stops working at once without ending the account's sessions.
 */
export function changeStaffRoles(
  database: AppDatabase,
  email: string,
  change: { add?: readonly StaffRole[]; remove?: readonly StaffRole[] },
  by?: AccountChangeBy,
): StaffRole[] | undefined {
  const address = normalizeEmail(email);
  let before: StaffRole[] = [];
  let after: StaffRole[] = [];
  return accountChange(
    database,
    { action: 'roles-changed', by, detail: () => ({ email: address, before, after }) },
    () => {
      const { sqlite } = database;
      const account = sqlite.prepare('SELECT id FROM staff_users WHERE email = ?').get(address) as
        { id: number } | undefined;
      if (!account) return undefined;
      before = rolesOf(database, account.id);
      const addRole = sqlite.prepare(
        'INSERT OR IGNORE INTO staff_roles (account_id, role) VALUES (?, ?)',
      );
      const removeRole = sqlite.prepare(
        'DELETE FROM staff_roles WHERE account_id = ? AND role = ?',
      );
      for (const role of change.add ?? []) addRole.run(account.id, role);
      for (const role of change.remove ?? []) removeRole.run(account.id, role);
      after = rolesOf(database, account.id);
      if (after.length === 0) {
        throw new AccountRuleError('NO_ROLE_LEFT');
      }
      return after;
    },
  );
}

export async function recordSignIn(
  { db }: AppDatabase,
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
export function changeStaffAccount(
  database: AppDatabase,
  email: string,
  change: { add?: readonly StaffRole[]; remove?: readonly StaffRole[]; active?: boolean },
  by?: AccountChangeBy,
): boolean {
  const run = database.sqlite.transaction(() => {
    if (change.add?.length || change.remove?.length) {
      if (!changeStaffRoles(database, email, change, by)) return false;
    }
    if (change.active !== undefined) return setActive(database, email, change.active, by);
    return findStaffId(database, email) !== undefined;
  });
  return run.immediate();
}

function findStaffId({ sqlite }: AppDatabase, email: string): number | undefined {
  const row = sqlite
    .prepare('SELECT id FROM staff_users WHERE email = ?')
    .get(normalizeEmail(email)) as { id: number } | undefined;
  return row?.id;
}
