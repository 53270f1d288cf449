import { InvalidArgumentError, Option, type Command } from 'commander';
import { isStaffRole, STAFF_ROLES } from '../../shared/staff-roles.ts';

const actions = () => import('./users-actions.ts');

/** A repeatable role option: each use adds one role, checked against the roles there are. */
function collectRole(role: string, roles: string[] = []): string[] {
  if (!isStaffRole(role)) {
    throw new InvalidArgumentError(`Roles are ${STAFF_ROLES.join(', ')}.`);
  }
  return [...roles, role];
}

const roleOption = (flags: string, description: string) =>
  new Option(flags, description).argParser(collectRole);

const PASSWORD_HELP =
  'read the password from the first line of standard input instead of asking twice on the terminal';

export function registerUsers(program: Command): void {
  const users = program
    .command('users')
    .description(
      'Staff accounts for the BAC sign-in. Every change is recorded in the audit log as cli:<your OS user>.',
    );
  users
    .command('add')
    .description(
      'Add a staff account. The password is asked twice without echo, or read with --password-stdin; weak ones are refused.',
    )
    .argument('<email>', 'the e-mail address staff sign in with')
    .option(
      '--name <display name>',
      'the name shown for the account (default: the part of the e-mail before @)',
    )
    .option('--password-stdin', PASSWORD_HELP)
    .addOption(
      roleOption(
        '--role <role>',
        'a role the account holds; repeat for several (default: bac). The first account of an empty database is also admin',
      ),
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ municipal users add maria@example.gov.ph --name "Maria Santos"\n  $ municipal users add pio@example.gov.ph --role information --role transparency\n  $ printf \'%s\\n\' "$PASSWORD" | municipal users add bac@example.gov.ph --password-stdin',
    )
    .action(
      async (
        email: string,
        options: { name?: string; passwordStdin?: boolean; role?: string[] },
        self: Command,
      ) => (await actions()).add(self, email, options),
    );
  users
    .command('roles')
    .description(
      `Show an account's roles, or add and remove them (${STAFF_ROLES.join(', ')}). The last active admin keeps admin; an account keeps at least one role.`,
    )
    .argument('<email>', 'the account')
    .addOption(roleOption('--add <role>', 'a role to give; repeat for several'))
    .addOption(roleOption('--remove <role>', 'a role to take away; repeat for several'))
    .addHelpText(
      'after',
      '\nExamples:\n  $ municipal users roles maria@example.gov.ph\n  $ municipal users roles maria@example.gov.ph --add admin --remove bac',
    )
    .action(async (email: string, options: { add?: string[]; remove?: string[] }, self: Command) =>
      (await actions()).roles(self, email, options),
    );
  users
    .command('list')
    .description('List staff accounts: e-mail, name, roles, active, created, last sign-in.')
    .option('--json', 'print as JSON')
    .addHelpText('after', '\nExample:\n  $ municipal users list')
    .action(async (options: { json?: boolean }, self: Command) =>
      (await actions()).list(self, options),
    );
  users
    .command('disable')
    .description('Disable an account; its sessions end at once and it can no longer sign in.')
    .argument('<email>', 'the account')
    .addHelpText('after', '\nExample:\n  $ municipal users disable maria@example.gov.ph')
    .action(async (email: string, _options: object, self: Command) =>
      (await actions()).setActive(self, email, false),
    );
  users
    .command('enable')
    .description('Enable a disabled account again.')
    .argument('<email>', 'the account')
    .addHelpText('after', '\nExample:\n  $ municipal users enable maria@example.gov.ph')
    .action(async (email: string, _options: object, self: Command) =>
      (await actions()).setActive(self, email, true),
    );
  users
    .command('reset-password')
    .description('Set a new password for an account; its sessions end at once.')
    .argument('<email>', 'the account')
    .option('--password-stdin', PASSWORD_HELP)
    .addHelpText('after', '\nExample:\n  $ municipal users reset-password maria@example.gov.ph')
    .action(async (email: string, options: { passwordStdin?: boolean }, self: Command) =>
      (await actions()).resetPassword(self, email, options),
    );
}
