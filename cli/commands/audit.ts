import { InvalidArgumentError, type Command } from 'commander';
import { listAudit } from '../../db/audit-log.ts';
import { withDatabase } from '../database.ts';

interface AuditListOptions {
  limit: number;
  action?: string;
  actor?: string;
  json?: boolean;
}

function limit(text: string): number {
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || value < 1 || value > 100_000) {
    throw new InvalidArgumentError('must be a whole number from 1 to 100000.');
  }
  return value;
}

async function list(self: Command, options: AuditListOptions): Promise<void> {
  await withDatabase(self, async (database) => {
    const entries = await listAudit(database, {
      limit: options.limit,
      action: options.action,
      actor: options.actor,
    });
    if (options.json) {
      process.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
      return;
    }
    if (entries.length === 0) {
      process.stdout.write('No audit entries match.\n');
      return;
    }
    process.stdout.write(
      entries
        .map((entry) =>
          [
            entry.at,
            entry.action,
            entry.actor ?? '-',
            entry.address ?? '-',
            JSON.stringify(entry.detail),
          ].join('  '),
        )
        .join('\n') + '\n',
    );
  });
}

export function registerAudit(program: Command): void {
  const audit = program
    .command('audit')
    .description('The audit log: sign-ins, record writes, imports and account changes.');
  audit
    .command('list')
    .description('Show audit entries, newest first: time, action, actor, address, detail.')
    .option('--limit <n>', 'how many entries', limit, 50)
    .option(
      '--action <action>',
      'only this action, e.g. import, sign-in, sign-in-failed, user-added, password-reset',
    )
    .option('--actor <email>', 'only this actor')
    .option('--json', 'print as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  $ municipal audit list --limit 20\n  $ municipal audit list --action import --json',
    )
    .action(async (options: AuditListOptions, self: Command) => list(self, options));
}
