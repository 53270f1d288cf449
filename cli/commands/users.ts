import type { Command } from 'commander';

const actions = () => import('./users-actions.ts');

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
    .addHelpText(
      'after',
      '\nExamples:\n  $ municipal users add maria@example.gov.ph --name "Maria Santos"\n  $ printf \'%s\\n\' "$PASSWORD" | municipal users add bac@example.gov.ph --password-stdin',
    )
    .action(
      async (email: string, options: { name?: string; passwordStdin?: boolean }, self: Command) =>
        (await actions()).add(self, email, options),
    );
  users
    .command('list')
    .description('List staff accounts: e-mail, name, active, created, last sign-in.')
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
