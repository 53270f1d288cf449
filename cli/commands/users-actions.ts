/** What the users commands do; loaded only when one runs, since argon2 and the password list are heavy. */
import type { Command } from 'commander';
import {
  AccountRuleError,
  changeStaffRoles,
  createStaff,
  disableStaff,
  DuplicateEmailError,
  enableStaff,
  findStaffByEmail,
  listStaff,
  normalizeEmail,
  resetStaffPassword,
  type AccountChangeBy,
} from '../../db/staff-accounts/staff-accounts.ts';
import { isStaffRole, type StaffRole } from '../../shared/staff-roles.ts';
import { EMAIL_PATTERN } from '../../shared/staff-accounts/staff-accounts.ts';
import { hashPassword } from '../../server/auth/password-hash.ts';
import { withSiteDatabase } from '../database.ts';
import { refusal, usageError } from '../exit-codes.ts';
import { osActor } from '../operator.ts';
import { readNewPassword } from '../password-input.ts';
import { formatTable, manilaCell } from '../table.ts';

/** Every account change from the command line is audited as its operating-system user, in the change's transaction. */
const cliChange = (): AccountChangeBy => ({ actor: osActor(), address: null });

/** The account rules' refusals (last admin, no role left, same e-mail) as the CLI's refusal exit. */
function refusedByRules(error: unknown): never {
  if (error instanceof AccountRuleError || error instanceof DuplicateEmailError) {
    throw refusal(error.message);
  }
  throw error;
}

/** commander has checked each name (collectRole); this narrows the type. */
const asRoles = (names: string[] | undefined): StaffRole[] => (names ?? []).filter(isStaffRole);

function checkedEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (!EMAIL_PATTERN.test(normalized)) throw usageError(`"${email}" is not an e-mail address.`);
  return normalized;
}

export async function add(
  self: Command,
  email: string,
  options: { name?: string; passwordStdin?: boolean; role?: string[] },
): Promise<void> {
  const address = checkedEmail(email);
  const displayName = options.name?.trim() || address.split('@')[0]!;
  // Checked first so nobody types a password for an address that already has an account;
  // the check is repeated in the write, and the password is asked with no connection open.
  await withSiteDatabase(self, async (database) => {
    if (await findStaffByEmail(database, address))
      throw refusal(
        `An account for ${address} already exists; change it with "users roles", "users reset-password" or "users enable".`,
      );
  });
  const password = await readNewPassword(address, options.passwordStdin ?? false);
  await withSiteDatabase(self, async (database) => {
    const account = await createStaff(
      database,
      {
        email: address,
        displayName,
        passwordHash: await hashPassword(password),
        roles: asRoles(options.role),
      },
      cliChange(),
      { firstIsAdmin: true },
    ).catch(refusedByRules);
    process.stdout.write(
      `Added staff account ${address} (${displayName}) with roles: ${account.roles.join(', ')}.\n`,
    );
  });
}

export async function roles(
  self: Command,
  email: string,
  options: { add?: string[]; remove?: string[] },
): Promise<void> {
  const address = checkedEmail(email);
  await withSiteDatabase(self, async (database) => {
    if (!options.add && !options.remove) {
      const account = await findStaffByEmail(database, address);
      if (!account) throw refusal(`There is no staff account ${address}.`);
      process.stdout.write(`${address}: ${account.roles.join(', ')}\n`);
      return;
    }
    let held: StaffRole[] | undefined;
    try {
      held = await changeStaffRoles(
        database,
        address,
        { add: asRoles(options.add), remove: asRoles(options.remove) },
        cliChange(),
      );
    } catch (error) {
      refusedByRules(error);
    }
    if (!held) throw refusal(`There is no staff account ${address}.`);
    process.stdout.write(`${address} now has the roles: ${held.join(', ')}.\n`);
  });
}

export async function list(self: Command, options: { json?: boolean }): Promise<void> {
  await withSiteDatabase(self, async (database) => {
    const accounts = (await listStaff(database)).map((account) => ({
      email: account.email,
      name: account.displayName,
      roles: account.roles,
      active: account.active,
      created: account.created,
      lastSignIn: account.lastSignIn,
    }));
    if (options.json) {
      process.stdout.write(`${JSON.stringify(accounts, null, 2)}\n`);
      return;
    }
    if (accounts.length === 0) {
      process.stdout.write('No staff accounts yet. Add one with "users add <email>".\n');
      return;
    }
    // Stored and --json times are UTC; people read Manila time, with its offset written out.
    process.stdout.write(
      formatTable([
        ['E-MAIL', 'NAME', 'ROLES', 'ACTIVE', 'CREATED (MANILA)', 'LAST SIGN-IN (MANILA)'],
        ...accounts.map((account) => [
          account.email,
          account.name,
          account.roles.join(','),
          account.active ? 'yes' : 'no',
          manilaCell(account.created),
          account.lastSignIn ? manilaCell(account.lastSignIn) : 'never',
        ]),
      ]),
    );
  });
}

export async function setActive(self: Command, email: string, active: boolean): Promise<void> {
  const address = checkedEmail(email);
  await withSiteDatabase(self, async (database) => {
    let changed = false;
    try {
      changed = active
        ? await enableStaff(database, address, cliChange())
        : await disableStaff(database, address, cliChange());
    } catch (error) {
      refusedByRules(error);
    }
    if (!changed) throw refusal(`There is no staff account ${address}.`);
    process.stdout.write(
      active ? `Enabled ${address}.\n` : `Disabled ${address}; its open sessions have ended.\n`,
    );
  });
}

export async function resetPassword(
  self: Command,
  email: string,
  options: { passwordStdin?: boolean },
): Promise<void> {
  const address = checkedEmail(email);
  await withSiteDatabase(self, async (database) => {
    // Checked first so nobody types a new password for an account that is not there.
    if (!(await findStaffByEmail(database, address)))
      throw refusal(`There is no staff account ${address}.`);
  });
  const password = await readNewPassword(address, options.passwordStdin ?? false);
  await withSiteDatabase(self, async (database) => {
    // Hashed before the account change's transaction, which only writes.
    const passwordHash = await hashPassword(password);
    if (!(await resetStaffPassword(database, address, passwordHash, cliChange()))) {
      throw refusal(`There is no staff account ${address}.`);
    }
    process.stdout.write(`Set a new password for ${address}; its open sessions have ended.\n`);
  });
}
