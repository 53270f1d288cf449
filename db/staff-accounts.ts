import type { Selectable } from 'kysely';
import type { AppDatabase } from './connection.ts';
import type { StaffUsersTable } from './staff-schema.ts';

export interface StaffUser {
  id: number;
  email: string;
  displayName: string;
  passwordHash: string;
  active: boolean;
  sessionVersion: number;
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
    sessionVersion: row.session_version,
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

/** Disables an account and ends its sessions at once. Returns false when there is no such account. */
export async function disableStaff({ db }: AppDatabase, email: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set((eb) => ({ active: 0, session_version: eb('session_version', '+', 1) }))
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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
export async function resetStaffPassword(
  { db }: AppDatabase,
  email: string,
  passwordHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set((eb) => ({ password_hash: passwordHash, session_version: eb('session_version', '+', 1) }))
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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
