import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { landingFor } from '../../client/staff/staff-areas.ts';
import { createStaff } from '../../db/staff-accounts/staff-accounts.ts';
import { hashPassword } from '../../server/auth/password-hash.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { e2eDataDir } from './browser.ts';
import { signInThroughForm, STAFF_PASSWORD } from './staff.ts';

process.env.ARGON2_TEST_COST = 'low';

/**
 * A fresh account holding exactly `roles` in an e2e server's database (the shared one's
 * unless told), as the CLI would add it.
 */
export async function createAccountWithRoles(
  roles: StaffRole[],
  displayName = 'Public Information Officer',
  dataDir = e2eDataDir,
): Promise<string> {
  const email = `${roles.join('-')}-${randomBytes(4).toString('hex')}@san-isidro.gov.ph`;
  const database = await openMigratedDatabase(databasePath(dataDir));
  try {
    await createStaff(database, {
      email,
      displayName,
      passwordHash: await hashPassword(STAFF_PASSWORD),
      roles,
    });
  } finally {
    await database.close();
  }
  return email;
}

/**
 * Signs a new account with `roles` in through the login form and waits until the session
 * is on (the form lands on the account's one area or the staff home); answers the
 * account's e-mail.
 */
export async function signInWithRoles(
  page: Page,
  roles: StaffRole[],
  dataDir = e2eDataDir,
): Promise<string> {
  const email = await createAccountWithRoles(roles, undefined, dataDir);
  await signInThroughForm(page, email);
  await page.waitForURL((url) => url.pathname === landingFor(roles));
  return email;
}

/** An information officer (news and advisories), signed in. */
export const signInAsInformationOfficer = (page: Page, dataDir = e2eDataDir) =>
  signInWithRoles(page, ['information'], dataDir);
