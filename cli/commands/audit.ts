import { InvalidArgumentError, Option, type Command } from 'commander';
import { AUDIT_ACTIONS, listAudit, type StoredAuditEntry } from '../../db/audit-log.ts';
import { withSiteDatabase } from '../database.ts';
import { formatTable, manilaCell } from '../table.ts';

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

/**
 * Free text as a quoted literal: line breaks and control characters escaped, so one entry
 * stays one line and a stored value cannot drive the terminal. A blank value says so.
 */
function quoted(value: unknown): string {
  return value === null || value === undefined || value === '' ? '(blank)' : JSON.stringify(value);
}

function sizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

function isChange(value: unknown): value is { field: string; before: unknown; after: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { field?: unknown }).field === 'string'
  );
}

/**
 * What happened, in words, for the entries that carry text a person reads: a correction's
 * reason and each field before → after, a withdrawal's reason, an upload's file. Any
 * other entry, or one of an unexpected shape, shows its detail as JSON.
 */
function describeDetail({ action, detail }: StoredAuditEntry): string {
  const record = `${String(detail.collection)}/${String(detail.id)}`;
  if (
    action === 'record-amended' &&
    Array.isArray(detail.changes) &&
    detail.changes.every(isChange)
  ) {
    const changes = detail.changes.map(
      (change) => `${change.field}: ${quoted(change.before)} → ${quoted(change.after)}`,
    );
    return [
      `${record} now version ${String(detail.version)}, reason ${quoted(detail.reason)}`,
      ...changes,
    ].join('; ');
  }
  if (action === 'record-withdrawn' && typeof detail.reason === 'string') {
    return `${record} withdrawn (version ${String(detail.version)}), reason ${quoted(detail.reason)}`;
  }
  if (action === 'document-uploaded' && typeof detail.sha256 === 'string') {
    return [
      `${quoted(detail.fileName)} ${String(detail.type)}, ${sizeText(Number(detail.bytes))}, sha256 ${detail.sha256}`,
      detail.alreadyStored ? 'already stored' : 'new',
      ...(typeof detail.importedFrom === 'string'
        ? [`imported from ${quoted(detail.importedFrom)}`]
        : []),
    ].join(', ');
  }
  return JSON.stringify(detail);
}

async function list(self: Command, options: AuditListOptions): Promise<void> {
  await withSiteDatabase(self, async (database) => {
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
    // Times in Manila, like the rest of the site; --json keeps the stored UTC times.
    process.stdout.write(
      formatTable([
        ['TIME (MANILA)', 'ACTION', 'ACTOR', 'ADDRESS', 'DETAIL'],
        ...entries.map((entry) => [
          manilaCell(entry.at),
          entry.action,
          entry.actor ?? '-',
          entry.address ?? '-',
          describeDetail(entry),
        ]),
      ]),
    );
  });
}

export function registerAudit(program: Command): void {
  const audit = program
    .command('audit')
    .description(
      'The audit log: sign-ins, record writes, corrections and withdrawals, uploads, imports and account changes.',
    );
  audit
    .command('list')
    .description('Show audit entries, newest first: time (Manila), action, actor, address, detail.')
    .option('--limit <n>', 'how many entries', limit, 50)
    // An unknown action is refused with the list, rather than matching nothing.
    .addOption(new Option('--action <action>', 'only this action').choices(AUDIT_ACTIONS))
    .option('--actor <email>', 'only this actor')
    .option('--json', 'print as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  $ municipal audit list --limit 20\n  $ municipal audit list --action import --json',
    )
    .action(async (options: AuditListOptions, self: Command) => list(self, options));
}
