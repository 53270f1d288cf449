import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/open.ts';
import { createStaff } from '../../db/staff-accounts.ts';
import { hashPassword } from '../../server/auth/password-hash.ts';
import { e2eDataDir } from './browser.ts';

process.env.ARGON2_TEST_COST = 'low';

export const STAFF_PASSWORD = 'municipal hall morning coffee';

/** A fresh staff account in the e2e server's database, as the CLI would add it. */
export async function createStaffAccount(): Promise<string> {
  const email = `bac-${randomBytes(4).toString('hex')}@san-isidro.gov.ph`;
  const database = await openMigratedDatabase(databasePath(e2eDataDir));
  try {
    await createStaff(database, {
      email,
      displayName: 'BAC Secretariat',
      passwordHash: await hashPassword(STAFF_PASSWORD),
    });
  } finally {
    await database.close();
  }
  return email;
}

export async function signInThroughForm(page: Page, email: string, password = STAFF_PASSWORD) {
  await page.goto('/bac-login');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
