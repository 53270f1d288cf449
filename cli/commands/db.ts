import { closeSync, constants, existsSync, openSync, rmSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { explainDatabaseError, OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../../db/connection.ts';
import { checkBackupCopy, copyDatabaseInto } from '../../db/database-backup.ts';
import { databaseStats } from '../../db/database-stats.ts';
import type { DocumentRow } from '../../db/document-queries.ts';
import { migrateToLatest } from '../../db/run-migrations.ts';
import { openCheckedDatabase } from '../../db/database-startup.ts';
import {
  documentFileName,
  documentsDir,
  sha256OfFile,
} from '../../server/documents/document-store.ts';
import { isDocumentType } from '../../server/documents/sniff-type.ts';
import { databaseFile, dataDir, withExistingDatabase } from '../database.ts';
import { refusal } from '../exit-codes.ts';
import { formatTable, manilaCell } from '../table.ts';

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

/** Where a backup's documents go: a folder beside the database copy, named after it. */
function backupDocumentsDir(backupFile: string): string {
  return `${backupFile}.documents`;
}

/** Flushes a written file, or a folder's new names, to the disk. */
async function syncToDisk(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

interface DocumentsCopy {
  copied: number;
  bytes: number;
  problems: string[];
}

/**
 * Copies the documents a backup's database lists (files are stored before their row
 * commits, so every one is there) under their store names, and rehashes each copy: a
 * backup is only worth keeping if its files are the ones their SHA-256 names promise.
 * The folder and its files are owner-only, like the database copy beside them (copyFile
 * would give each copy its source's mode).
 */
async function copyDocuments(
  documents: readonly DocumentRow[],
  from: string,
  to: string,
): Promise<DocumentsCopy> {
  await mkdir(to, { mode: OWNER_ONLY_DIR });
  const result: DocumentsCopy = { copied: 0, bytes: 0, problems: [] };
  for (const document of documents) {
    if (!isDocumentType(document.type)) {
      result.problems.push(`${document.sha256}: unknown type ${document.type}`);
      continue;
    }
    const name = documentFileName(document.sha256, document.type);
    const source = path.join(from, name);
    const target = path.join(to, name);
    try {
      await copyFile(source, target, constants.COPYFILE_EXCL);
      await chmod(target, OWNER_ONLY_FILE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      result.problems.push(`${source}: missing from the document store`);
      continue;
    }
    await syncToDisk(target);
    const actual = await sha256OfFile(target);
    if (actual !== document.sha256) {
      result.problems.push(`${source}: content changed (its SHA-256 is now ${actual})`);
      continue;
    }
    result.copied++;
    result.bytes += document.bytes;
  }
  await syncToDisk(to);
  return result;
}

/**
 * VACUUM INTO copies one read transaction's snapshot, so the copy is consistent while the
 * server keeps writing (the backup API would restart on every write from another process).
 * The documents that snapshot lists are then copied to a folder beside it.
 *
 * The copy holds password hashes and sessions: its file is created empty with mode 0600
 * first (VACUUM INTO accepts an empty file), as SQLite would create it 0644.
 */
async function backup(command: Command, target: string): Promise<void> {
  const destination = path.resolve(target);
  const documentsCopy = backupDocumentsDir(destination);
  for (const taken of [destination, documentsCopy]) {
    if (existsSync(taken)) throw refusal(`${taken} already exists; choose a new file name.`);
  }
  if (!existsSync(path.dirname(destination)))
    throw refusal(`The folder ${path.dirname(destination)} does not exist.`);
  await withExistingDatabase(command, async (database, file) => {
    try {
      closeSync(openSync(destination, 'wx', OWNER_ONLY_FILE));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw refusal(`The backup file ${destination} cannot be created (${code}).`);
    }
    try {
      copyDatabaseInto(database, destination);
    } catch (error) {
      // Ours, empty or cut short: removed so that the same command can be run again.
      rmSync(destination, { force: true });
      // The source passed its check on opening, so a fault here is the new file's (a full disk).
      throw explainDatabaseError(error, destination) ?? error;
    }
    const check = checkBackupCopy(destination);
    if (!check.ok)
      throw refusal(`The backup at ${destination} failed its integrity check: ${check.problem}`);
    const { documents } = check;
    const copied = await copyDocuments(documents, documentsDir(dataDir(command)), documentsCopy);
    if (copied.problems.length > 0) {
      process.stderr.write(copied.problems.map((line) => `${line}\n`).join(''));
      throw refusal(
        `The backup at ${destination} is incomplete: ${copied.problems.length} of ${documents.length} documents could not be copied intact. Run "municipal documents verify" and restore or upload those files again.`,
      );
    }
    process.stdout.write(
      `Backed up ${file} to ${destination} (${megabytes(sizeOf(destination))}) and ${copied.copied} document${copied.copied === 1 ? '' : 's'} (${megabytes(copied.bytes)}) to ${documentsCopy}, each checked against its SHA-256.\n`,
    );
  });
}

async function stats(command: Command, options: { json?: boolean }): Promise<void> {
  await withExistingDatabase(command, async (database, file) => {
    const { collections, ...counts } = databaseStats(database);
    const report = {
      file,
      fileBytes: sizeOf(file),
      walBytes: sizeOf(`${file}-wal`),
      collections,
      records: collections.reduce((sum, entry) => sum + entry.records, 0),
      ...counts,
    };
    if (options.json) {
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return;
    }
    // Times in Manila, like the site shows them; --json keeps the stored UTC times.
    const table = formatTable([
      ['COLLECTION', 'RECORDS', 'NEWEST POSTED (MANILA)'],
      ...collections.map((entry) => [
        entry.collection,
        String(entry.records),
        entry.newest ? manilaCell(entry.newest) : '-',
      ]),
      ['total', String(report.records), ''],
    ]);
    process.stdout.write(
      [
        `Database ${file}`,
        `  size ${megabytes(report.fileBytes)} (+ ${megabytes(report.walBytes)} write-ahead log)`,
        '',
        ...table
          .trimEnd()
          .split('\n')
          .map((line) => `  ${line}`),
        '',
        `  staff accounts    ${report.staffAccounts}`,
        `  audit entries     ${report.auditEntries}`,
        ...(report.lastAuditEntry
          ? [`  last audit entry  ${manilaCell(report.lastAuditEntry)}`]
          : []),
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
      'Write a consistent copy of the database to a new file and its hosted documents to a folder beside it (<file>.documents); safe while the server is running.',
    )
    .argument('<file>', 'the backup file to create (it and <file>.documents must not exist)')
    .addHelpText(
      'after',
      `
Example:
  $ municipal db backup /backups/municipal-2025-01-31.sqlite
    writes /backups/municipal-2025-01-31.sqlite and /backups/municipal-2025-01-31.sqlite.documents/

To restore, with the server stopped: copy the file to DATA_DIR/municipal.sqlite (remove
any municipal.sqlite-wal and municipal.sqlite-shm beside it), copy the files of the
.documents folder into DATA_DIR/documents/, then run "municipal documents verify".`,
    )
    .action(async (file: string, _options: object, self: Command) => backup(self, file));
  db.command('stats')
    .description(
      'Show the records in each collection and when the newest was posted (Manila time), the number of staff accounts and audit entries, and the file size.',
    )
    .option('--json', 'print as JSON')
    .addHelpText('after', '\nExample:\n  $ municipal db stats')
    .action(async (options: { json?: boolean }, self: Command) => stats(self, options));
}
