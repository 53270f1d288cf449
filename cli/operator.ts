import os from 'node:os';
import type { SiteDatabase } from '../db/site-database.ts';
import { findStaffByEmail, normalizeEmail } from '../db/staff-accounts/staff-accounts.ts';
import { refusal } from './exit-codes.ts';

/** Who ran an account command when no --as was given: the operating-system user. */
export function osActor(): string {
  let name: string;
  try {
    name = os.userInfo().username;
  } catch {
    name = process.env.USER ?? 'unknown';
  }
  return `cli:${name}`;
}

/** The staff account an import is recorded under; it must exist and be active. */
export async function activeOperator(database: SiteDatabase, email: string): Promise<string> {
  const account = await findStaffByEmail(database, email);
  if (!account)
    throw refusal(`--as ${normalizeEmail(email)}: there is no staff account with that e-mail.`);
  if (!account.active) throw refusal(`--as ${account.email}: that staff account is disabled.`);
  return account.email;
}
