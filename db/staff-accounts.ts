import type { Selectable } from 'kysely';
import type { AppDatabase } from './connection.ts';
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
}

export class DuplicateEmailError extends Error {
  override name = 'DuplicateEmailError';
}

/** E-mail addresses compare without case and surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toStaffUser(row: Selectable<StaffUsersTable>): StaffUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    active: row.active === 1,
    created: row.created,
    lastSignIn: row.last_sign_in,
  };
}

export async function findStaffByEmail(
  { db }: AppDatabase,
  email: string,
): Promise<StaffUser | undefined> {
  const row = await db
    .selectFrom('staff_users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row && toStaffUser(row);
}

export async function findStaffById(
  { db }: AppDatabase,
  id: number,
): Promise<StaffUser | undefined> {
  const row = await db
    .selectFrom('staff_users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toStaffUser(row);
}

export async function listStaff({ db }: AppDatabase): Promise<StaffUser[]> {
  const rows = await db.selectFrom('staff_users').selectAll().orderBy('email').execute();
  return rows.map(toStaffUser);
}

export async function createStaff(
  database: AppDatabase,
  account: { email: string; displayName: string; passwordHash: string },
): Promise<StaffUser> {
  const email = normalizeEmail(account.email);
  if (await findStaffByEmail(database, email)) {
    throw new DuplicateEmailError(`An account for ${email} already exists.`);
  }
  const row = await database.db
    .insertInto('staff_users')
    .values({ email, display_name: account.displayName, password_hash: account.passwordHash })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStaffUser(row);
}

/**
 * Applies a change to one account and ends all its sessions in the same IMMEDIATE
 * transaction, so no request sees the change with a session still open. Returns false
 * when there is no such account.
 */
function changeAndRevoke(database: AppDatabase, update: () => { id: number } | undefined): boolean {
  const run = database.sqlite.transaction(() => {
    const account = update();
    if (account) revokeAccountSessions(database, account.id, Date.now());
    return account !== undefined;
  });
  return run.immediate();
}

/** Disables an account and ends its sessions at once. Returns false when there is no such account. */
export function disableStaff(database: AppDatabase, email: string): boolean {
  return changeAndRevoke(
    database,
    () =>
      database.sqlite
        .prepare('UPDATE staff_users SET active = 0 WHERE email = ? RETURNING id')
        .get(normalizeEmail(email)) as { id: number } | undefined,
  );
}

/** Re-enables a disabled account. Returns false when there is no such account. */
export async function enableStaff({ db }: AppDatabase, email: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ active: 1 })
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Sets a new password, ending every existing session of the account. */
export function resetStaffPassword(
  database: AppDatabase,
  email: string,
  passwordHash: string,
): boolean {
  return changeAndRevoke(
    database,
    () =>
      database.sqlite
        .prepare('UPDATE staff_users SET password_hash = ? WHERE email = ? RETURNING id')
        .get(passwordHash, normalizeEmail(email)) as { id: number } | undefined,
  );
}

export async function recordSignIn(
  { db }: AppDatabase,
  id: number,
  upgradedHash?: string,
): Promise<void> {
  await db
    .updateTable('staff_users')
    .set({
      last_sign_in: new Date().toISOString(),
      ...(upgradedHash ? { password_hash: upgradedHash } : {}),
    })
    .where('id', '=', id)
    .execute();
}
