import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Command } from 'commander';
import { explainDatabaseError } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { openCheckedDatabase } from '../../db/open.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { databaseFile, withExistingDatabase } from '../database.ts';
import { refusal } from '../errors.ts';

function sizeOf(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

async function migrate(command: Command): Promise<void> {
  const file = databaseFile(command);
  const database = openCheckedDatabase(file);
  try {
    const applied = await migrateToLatest(database).catch((error: unknown) => {
      throw explainDatabaseError(error, file) ?? error;
    });
    process.stdout.write(
      applied.length === 0
        ? `${file} is up to date.\n`
        : `Applied ${applied.length} migration${applied.length > 1 ? 's' : ''} to ${file}:\n${applied.map((name) => `  ${name}\n`).join('')}`,
    );
  } finally {
    await database.close();
  }
}

/**
 * VACUUM INTO copies one read transaction's snapshot, so the copy is consistent while the
 * server keeps writing (the backup API would restart on every write from another process).
 */
async function backup(command: Command, target: string): Promise<void> {
  const destination = path.resolve(target);
  if (existsSync(destination))
    throw refusal(`${destination} already exists; choose a new file name.`);
  if (!existsSync(path.dirname(destination)))
    throw refusal(`The folder ${path.dirname(destination)} does not exist.`);
  await withExistingDatabase(command, async (database, file) => {
    try {
      database.sqlite.prepare('VACUUM INTO ?').run(destination);
    } catch (error) {
      // The source passed its check on opening, so a fault here is the new file's (a full disk).
      throw explainDatabaseError(error, destination) ?? error;
    }
    const copy = new BetterSqlite3(destination, { readonly: true });
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok')
        throw refusal(`The backup at ${destination} failed its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    process.stdout.write(
      `Backed up ${file} to ${destination} (${megabytes(sizeOf(destination))}).\n`,
    );
  });
}

async function stats(command: Command, options: { json?: boolean }): Promise<void> {
  await withExistingDatabase(command, async (database, file) => {
    const totals = new Map(
      (
        database.sqlite.prepare('SELECT collection, total FROM record_counts').all() as {
          collection: string;
          total: number;
        }[]
      ).map((row) => [row.collection, row.total]),
    );
    const collections = recordKinds.map((kind) => ({
      collection: kind.collection,
      records: totals.get(kind.collection) ?? 0,
    }));
    const count = (table: string) =>
      (database.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const report = {
      file,
      fileBytes: sizeOf(file),
      walBytes: sizeOf(`${file}-wal`),
      collections,
      records: collections.reduce((sum, entry) => sum + entry.records, 0),
      staffAccounts: count('staff_users'),
      auditEntries: count('audit_log'),
    };
    if (options.json) {
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return;
    }
    const width = Math.max(...collections.map((entry) => entry.collection.length));
    process.stdout.write(
      [
        `Database ${file}`,
        `  size ${megabytes(report.fileBytes)} (+ ${megabytes(report.walBytes)} write-ahead log)`,
        '',
        ...collections.map((entry) => `  ${entry.collection.padEnd(width)}  ${entry.records}`),
        `  ${'total'.padEnd(width)}  ${report.records}`,
        '',
        `  staff accounts  ${report.staffAccounts}`,
        `  audit entries   ${report.auditEntries}`,
      ].join('\n') + '\n',
    );
  });
}

export function registerDb(program: Command): void {
  const db = program.command('db').description('Database tasks: migrate, back up, statistics.');
  db.command('migrate')
    .description(
      'Create the database if needed and bring its schema up to date (the server also does this on start).',
    )
    .addHelpText('after', '\nExample:\n  $ municipal db migrate --data-dir /srv/municipal/data')
    .action(async (_options: object, self: Command) => migrate(self));
  db.command('backup')
    .description(
      'Write a consistent copy of the database to a new file; safe while the server is running.',
    )
    .argument('<file>', 'the backup file to create (must not exist)')
    .addHelpText(
      'after',
      '\nExample:\n  $ municipal db backup /backups/municipal-2025-01-31.sqlite',
    )
    .action(async (file: string, _options: object, self: Command) => backup(self, file));
  db.command('stats')
    .description(
      'Show the records in each collection, the number of staff accounts and audit entries, and the file size.',
    )
    .option('--json', 'print as JSON')
    .addHelpText('after', '\nExample:\n  $ municipal db stats')
    .action(async (options: { json?: boolean }, self: Command) => stats(self, options));
}
