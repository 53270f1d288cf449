import type { Command } from 'commander';
import { writeAudit } from '../../db/audit-log.ts';
import {
  createStaff,
  disableStaff,
  DuplicateEmailError,
  enableStaff,
  findStaffByEmail,
  listStaff,
  normalizeEmail,
  resetStaffPassword,
} from '../../db/staff-accounts.ts';
import { hashPassword } from '../../server/auth/password-hash.ts';
import { withDatabase } from '../database.ts';
import { refusal, usageError } from '../errors.ts';
import { osActor } from '../operator.ts';
import { readNewPassword } from '../password-input.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkedEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (!EMAIL_PATTERN.test(normalized)) throw usageError(`"${email}" is not an e-mail address.`);
  return normalized;
}

async function add(self: Command, email: string, options: { name?: string; passwordStdin?: boolean }): Promise<void> {
  const address = checkedEmail(email);
  const displayName = options.name?.trim() || address.split('@')[0]!;
  // The password is asked before the database is opened, so a slow typist holds no connection.
  const password = await readNewPassword(address, options.passwordStdin ?? false);
  await withDatabase(self, async (database) => {
    try {
      await createStaff(database, { email: address, displayName, passwordHash: await hashPassword(password) });
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw refusal(error.message);
      throw error;
    }
    await writeAudit(database, { action: 'user-added', actor: osActor(), address: null, detail: { email: address, displayName } });
    process.stdout.write(`Added staff account ${address} (${displayName}).\n`);
  });
}

async function list(self: Command, options: { json?: boolean }): Promise<void> {
  await withDatabase(self, async (database) => {
    const accounts = (await listStaff(database)).map((account) => ({
      email: account.email,
      name: account.displayName,
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
    const rows = [
      ['E-MAIL', 'NAME', 'ACTIVE', 'CREATED', 'LAST SIGN-IN'],
      ...accounts.map((account) => [
        account.email,
        account.name,
        account.active ? 'yes' : 'no',
        account.created,
        account.lastSignIn ?? 'never',
      ]),
    ];
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    process.stdout.write(
      rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n') + '\n',
    );
  });
}

async function setActive(self: Command, email: string, active: boolean): Promise<void> {
  const address = checkedEmail(email);
  await withDatabase(self, async (database) => {
    const changed = active ? await enableStaff(database, address) : await disableStaff(database, address);
    if (!changed) throw refusal(`There is no staff account ${address}.`);
    await writeAudit(database, {
      action: active ? 'user-enabled' : 'user-disabled',
      actor: osActor(),
      address: null,
      detail: { email: address },
    });
    process.stdout.write(
      active ? `Enabled ${address}.\n` : `Disabled ${address}; its open sessions have ended.\n`,
    );
  });
}

async function resetPassword(self: Command, email: string, options: { passwordStdin?: boolean }): Promise<void> {
  const address = checkedEmail(email);
  await withDatabase(self, async (database) => {
    // Checked first so nobody types a new password for an account that is not there.
    if (!(await findStaffByEmail(database, address))) throw refusal(`There is no staff account ${address}.`);
  });
  const password = await readNewPassword(address, options.passwordStdin ?? false);
  await withDatabase(self, async (database) => {
    if (!(await resetStaffPassword(database, address, await hashPassword(password)))) {
      throw refusal(`There is no staff account ${address}.`);
    }
    await writeAudit(database, { action: 'password-reset', actor: osActor(), address: null, detail: { email: address } });
    process.stdout.write(`Set a new password for ${address}; its open sessions have ended.\n`);
  });
}

const PASSWORD_HELP =
  'read the password from the first line of standard input instead of asking twice on the terminal';

export function registerUsers(program: Command): void {
  const users = program
    .command('users')
    .description('Staff accounts for the BAC sign-in. Every change is recorded in the audit log as cli:<your OS user>.');
  users
    .command('add')
    .description('Add a staff account. The password is asked twice without echo, or read with --password-stdin; weak ones are refused.')
    .argument('<email>', 'the e-mail address staff sign in with')
    .option('--name <display name>', 'the name shown for the account (default: the part of the e-mail before @)')
    .option('--password-stdin', PASSWORD_HELP)
    .addHelpText(
      'after',
      '\nExamples:\n  $ municipal users add maria@example.gov.ph --name "Maria Santos"\n  $ printf \'%s\\n\' "$PASSWORD" | municipal users add bac@example.gov.ph --password-stdin',
    )
    .action(async (email: string, options: { name?: string; passwordStdin?: boolean }, self: Command) => add(self, email, options));
  users
    .command('list')
    .description('List staff accounts: e-mail, name, active, created, last sign-in.')
    .option('--json', 'print as JSON')
    .addHelpText('after', '\nExample:\n  $ municipal users list')
    .action(async (options: { json?: boolean }, self: Command) => list(self, options));
  users
    .command('disable')
    .description('Disable an account; its sessions end at once and it can no longer sign in.')
    .argument('<email>', 'the account')
    .addHelpText('after', '\nExample:\n  $ municipal users disable maria@example.gov.ph')
    .action(async (email: string, _options: object, self: Command) => setActive(self, email, false));
  users
    .command('enable')
    .description('Enable a disabled account again.')
    .argument('<email>', 'the account')
    .addHelpText('after', '\nExample:\n  $ municipal users enable maria@example.gov.ph')
    .action(async (email: string, _options: object, self: Command) => setActive(self, email, true));
  users
    .command('reset-password')
    .description("Set a new password for an account; its sessions end at once.")
    .argument('<email>', 'the account')
    .option('--password-stdin', PASSWORD_HELP)
    .addHelpText('after', '\nExample:\n  $ municipal users reset-password maria@example.gov.ph')
    .action(async (email: string, options: { passwordStdin?: boolean }, self: Command) => resetPassword(self, email, options));
}
