import { closeSync, constants, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { explainDatabaseError, OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../../db/connection.ts';
import { checkBackupCopy, copyDatabaseInto } from '../../db/database-backup.ts';
import { databaseStats } from '../../db/database-stats.ts';
import { checkPostgresDump, dumpPostgres } from '../../db/postgres/postgres-backup.ts';
import { postgresDatabaseBytes } from '../../db/postgres/postgres-stats.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { DocumentRow } from '../../db/documents/document-queries.ts';
import { listDocuments } from '../../db/documents/document-queries.ts';
import { copyToPostgres, CopyRefused } from '../../db/postgres/copy-to-postgres.ts';
import {
  checkPostgres,
  isPostgresUrl,
  openPostgres,
  PostgresFault,
  withoutPassword,
} from '../../db/postgres/postgres-connection.ts';
import { MigrationError, migratePostgres } from '../../db/run-migrations.ts';
import { migrateToLatest } from '../../db/sqlite-migrations.ts';
import { openCheckedDatabase } from '../../db/database-startup.ts';
import {
  documentFileName,
  documentsDir,
  sha256OfFile,
} from '../../server/documents/document-store.ts';
import { isDocumentType } from '../../server/documents/sniff-type.ts';
import {
  KEY_FILES,
  pictureFileName,
  picturesDir,
  serverUsingDataFolder,
} from '../../server/data-folder.ts';
import {
  configuredPostgresUrl,
  databaseFile,
  dataDir,
  refuseWhilePostgres,
  withExistingDatabase,
  withPostgresDatabase,
} from '../database.ts';
import { CliError, EXIT, refusal } from '../exit-codes.ts';
import { formatTable, manilaCell } from '../table.ts';

function sizeOf(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** How `db migrate` says what it applied to `place` (a file, or a PostgreSQL URL). */
function reportMigrations(applied: readonly string[], place: string): void {
  process.stdout.write(
    applied.length === 0
      ? `${place} is up to date.\n`
      : `Applied ${applied.length} migration${applied.length > 1 ? 's' : ''} to ${place}:\n${applied.map((name) => `  ${name}\n`).join('')}`,
  );
}

/** Creates the schema of a new PostgreSQL database, or brings it up to date. */
async function migrateOnPostgres(url: string): Promise<void> {
  const database = openPostgres(url, { max: 2 });
  try {
    await checkPostgres(database);
    reportMigrations(await migratePostgres(database), database.shownUrl);
  } catch (error) {
    if (error instanceof PostgresFault || error instanceof MigrationError)
      throw refusal(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

async function migrate(command: Command): Promise<void> {
  const postgresUrl = configuredPostgresUrl();
  if (postgresUrl) return migrateOnPostgres(postgresUrl);
  const file = databaseFile(command);
  const database = openCheckedDatabase(file);
  try {
    const applied = await migrateToLatest(database).catch((error: unknown) => {
      throw explainDatabaseError(error, file) ?? error;
    });
    reportMigrations(applied, file);
  } finally {
    await database.close();
  }
}

/**
 * Where a backup's files go: folders beside the database copy, named after it. Together
 * they are everything the data folder needs; the server makes anything else again.
 */
function backupDocumentsDir(backupFile: string): string {
  return `${backupFile}.documents`;
}
function backupPicturesDir(backupFile: string): string {
  return `${backupFile}.pictures`;
}
function backupKeysDir(backupFile: string): string {
  return `${backupFile}.keys`;
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

/** Copies one file owner-only (copyFile would give it its source's mode); false when the source is missing. */
async function copyOwnerOnly(source: string, target: string, flags = 0): Promise<boolean> {
  try {
    await copyFile(source, target, flags);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return false;
  }
  await chmod(target, OWNER_ONLY_FILE);
  await syncToDisk(target);
  return true;
}

/** The file names of the uploaded pictures a database lists (content's own are in content/). */
function pictureFiles(pictureUrls: readonly string[]): string[] {
  return [...new Set(pictureUrls.flatMap((url) => pictureFileName(url) ?? []))];
}

/**
 * Copies the pictures a backup's database lists, and the key files the data folder holds
 * (the session key, the key that signs alert links), into owner-only folders beside it.
 * Answers how many of each and the pictures missing from the folder.
 */
async function copyPicturesAndKeys(
  pictureUrls: readonly string[],
  from: string,
  destination: string,
): Promise<{ pictures: number; keys: number; problems: string[] }> {
  const pictures = backupPicturesDir(destination);
  const keys = backupKeysDir(destination);
  const result = { pictures: 0, keys: 0, problems: [] as string[] };
  await mkdir(pictures, { mode: OWNER_ONLY_DIR });
  for (const name of pictureFiles(pictureUrls)) {
    const source = path.join(picturesDir(from), name);
    if (await copyOwnerOnly(source, path.join(pictures, name), constants.COPYFILE_EXCL))
      result.pictures++;
    else result.problems.push(`${source}: missing from the pictures folder`);
  }
  await syncToDisk(pictures);
  await mkdir(keys, { mode: OWNER_ONLY_DIR });
  for (const name of KEY_FILES) {
    if (await copyOwnerOnly(path.join(from, name), path.join(keys, name), constants.COPYFILE_EXCL))
      result.keys++;
  }
  await syncToDisk(keys);
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
  const outputs = [
    destination,
    documentsCopy,
    backupPicturesDir(destination),
    backupKeysDir(destination),
  ];
  for (const taken of outputs) {
    if (existsSync(taken)) throw refusal(`${taken} already exists; choose a new file name.`);
  }
  if (!existsSync(path.dirname(destination)))
    throw refusal(`The folder ${path.dirname(destination)} does not exist.`);
  const createBackupFile = () => {
    try {
      closeSync(openSync(destination, 'wx', OWNER_ONLY_FILE));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw refusal(`The backup file ${destination} cannot be created (${code}).`);
    }
  };
  const postgresUrl = configuredPostgresUrl();
  if (postgresUrl) {
    await withPostgresDatabase(postgresUrl, async (database, shownUrl) => {
      createBackupFile();
      let listed;
      try {
        listed = await dumpPostgres(database, postgresUrl, destination);
      } catch (error) {
        rmSync(destination, { force: true });
        const reason = error instanceof Error ? error.message.trim() : String(error);
        throw refusal(`pg_dump could not back up ${shownUrl}: ${reason}`);
      }
      const problem = await checkPostgresDump(destination);
      if (problem)
        throw refusal(
          `The backup at ${destination} failed its check (pg_restore --list): ${problem}`,
        );
      await copyBackupFiles(command, destination, listed, {
        database: `${shownUrl} (PostgreSQL)`,
        restore: `pg_restore --clean --if-exists --no-owner -d <url> ${destination}, then copy its folders back into DATA_DIR`,
      });
    });
    return;
  }
  await withExistingDatabase(command, async (database, file) => {
    createBackupFile();
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
    await copyBackupFiles(command, destination, check, {
      database: file,
      restore: `municipal db restore ${destination}`,
    });
  });
}

/**
 * Copies the documents, pictures and keys a backup's database lists into the folders
 * beside it, each document rehashed; an incomplete copy is refused naming what is missing.
 */
async function copyBackupFiles(
  command: Command,
  destination: string,
  { documents, pictureUrls }: { documents: readonly DocumentRow[]; pictureUrls: readonly string[] },
  said: { database: string; restore: string },
): Promise<void> {
  const documentsCopy = backupDocumentsDir(destination);
  const from = dataDir(command);
  const copied = await copyDocuments(documents, documentsDir(from), documentsCopy);
  if (copied.problems.length > 0) {
    process.stderr.write(copied.problems.map((line) => `${line}\n`).join(''));
    throw refusal(
      `The backup at ${destination} is incomplete: ${copied.problems.length} of ${documents.length} documents could not be copied intact. Run "municipal documents verify" and restore or upload those files again.`,
    );
  }
  const rest = await copyPicturesAndKeys(pictureUrls, from, destination);
  if (rest.problems.length > 0) {
    process.stderr.write(rest.problems.map((line) => `${line}\n`).join(''));
    throw refusal(
      `The backup at ${destination} is incomplete: ${rest.problems.length} picture files are missing. Run "municipal documents verify", then upload those news pictures again.`,
    );
  }
  process.stdout.write(
    `Backed up ${said.database} to ${destination} (${megabytes(sizeOf(destination))}) and ${plural(copied.copied, 'document')} (${megabytes(copied.bytes)}) to ${documentsCopy}, each checked against its SHA-256; ${plural(rest.pictures, 'picture file')} to ${backupPicturesDir(destination)} and ${plural(rest.keys, 'key file')} to ${backupKeysDir(destination)}. Restore with "${said.restore}".\n`,
  );
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Each document's file in `dir` rehashed against its SHA-256 name: the problems, each
 * naming the file (missing from `place`, or changed).
 */
async function documentFileProblems(
  documents: readonly DocumentRow[],
  dir: string,
  place: string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const document of documents) {
    if (!isDocumentType(document.type)) {
      problems.push(`${document.sha256}: unknown type ${document.type}`);
      continue;
    }
    const file = path.join(dir, documentFileName(document.sha256, document.type));
    const actual = await sha256OfFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      return undefined;
    });
    if (actual === undefined) problems.push(`${file}: missing from ${place}`);
    else if (actual !== document.sha256)
      problems.push(`${file}: content changed (its SHA-256 is now ${actual})`);
  }
  return problems;
}

/** What a restore would put back, each file checked in the backup before anything is replaced. */
async function checkBackupFiles(
  source: string,
  documents: readonly DocumentRow[],
  pictureUrls: readonly string[],
): Promise<string[]> {
  const problems = await documentFileProblems(documents, backupDocumentsDir(source), 'the backup');
  for (const name of pictureFiles(pictureUrls)) {
    const file = path.join(backupPicturesDir(source), name);
    if (!existsSync(file)) problems.push(`${file}: missing from the backup`);
  }
  return problems;
}

/** Moves the database (and its WAL and SHM) a restore replaces aside; answers where, if there was one. */
function moveAside(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const aside = `${file}.replaced-${new Date().toISOString().replaceAll(':', '-')}`;
  renameSync(file, aside);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${aside}${suffix}`);
  }
  return aside;
}

/**
 * Puts a backup back into the data folder in one step: the documents, the pictures and the
 * keys (owner-only, so links already mailed and sessions keep working), then the database
 * by a rename, the one it replaces kept beside it. Every file is checked in the backup
 * first, so an incomplete backup changes nothing; a folder a live server marks as its own
 * is refused, as the server would go on writing to the database it has open. It puts back
 * SQLite's file: with DATABASE_URL set it refuses rather than replace a file the site no
 * longer reads, and says how a PostgreSQL backup goes back.
 */
async function restore(command: Command, backupFile: string): Promise<void> {
  refuseWhilePostgres(
    command,
    'it puts a SQLite backup back into DATA_DIR. A PostgreSQL backup made by "db backup" goes back with pg_restore --clean --if-exists --no-owner -d <url> <file>, then its .documents, .pictures and .keys folders are copied back into DATA_DIR',
  );
  const source = path.resolve(backupFile);
  if (!existsSync(source)) throw refusal(`There is no backup at ${source}.`);
  const dir = dataDir(command);
  const pid = serverUsingDataFolder(dir);
  if (pid !== undefined)
    throw refusal(
      `The server (process ${pid}) is using ${dir}. Stop it, run the restore, then start it again.`,
    );
  let check: ReturnType<typeof checkBackupCopy>;
  try {
    check = checkBackupCopy(source);
  } catch (error) {
    throw refusal(`${source} is not a database backup (${(error as Error).message}).`);
  }
  if (!check.ok)
    throw refusal(`The backup at ${source} failed its integrity check: ${check.problem}`);
  const problems = await checkBackupFiles(source, check.documents, check.pictureUrls);
  if (problems.length > 0) {
    process.stderr.write(problems.map((line) => `${line}\n`).join(''));
    throw refusal(
      `The backup at ${source} is incomplete (${plural(problems.length, 'file')}); nothing was restored.`,
    );
  }

  await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  const copyAll = async (names: readonly string[], from: string, to: string) => {
    await mkdir(to, { recursive: true, mode: OWNER_ONLY_DIR });
    let copied = 0;
    for (const name of names) {
      if (await copyOwnerOnly(path.join(from, name), path.join(to, name))) copied++;
    }
    await syncToDisk(to);
    return copied;
  };
  const documents = await copyAll(
    check.documents.flatMap((document) =>
      isDocumentType(document.type) ? [documentFileName(document.sha256, document.type)] : [],
    ),
    backupDocumentsDir(source),
    documentsDir(dir),
  );
  const pictures = await copyAll(
    pictureFiles(check.pictureUrls),
    backupPicturesDir(source),
    picturesDir(dir),
  );
  const keys = await copyAll(KEY_FILES, backupKeysDir(source), dir);

  const file = databaseFile(command);
  const incoming = `${file}.restoring`;
  rmSync(incoming, { force: true });
  await copyOwnerOnly(source, incoming);
  const aside = moveAside(file);
  renameSync(incoming, file);
  await syncToDisk(dir);
  process.stdout.write(
    [
      `Restored ${source} to ${file}, with ${plural(documents, 'document')}, ${plural(pictures, 'picture file')} and ${plural(keys, 'key file')}.`,
      ...(aside ? [`The database it replaced is kept at ${aside}.`] : []),
      ...(keys < KEY_FILES.length
        ? [
            'The backup holds no copy of some keys (a backup from before keys were kept): new ones are made on start, so alert links already mailed stop working and staff sign in again.',
          ]
        : []),
      'Start the server; it brings the database up to date.',
    ].join('\n') + '\n',
  );
}

/** Where the database is and how much room it takes, as `db stats` says it first. */
interface StatsPlace {
  /** The report's JSON fields of the place: the file and its sizes, or the server's database. */
  fields: Record<string, string | number>;
  lines: string[];
}

async function stats(command: Command, options: { json?: boolean }): Promise<void> {
  const print = async (database: SiteDatabase, place: StatsPlace) => {
    const { collections, ...counts } = await databaseStats(database);
    const report = {
      ...place.fields,
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
        ...place.lines,
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
  };
  const postgresUrl = configuredPostgresUrl();
  if (postgresUrl) {
    await withPostgresDatabase(postgresUrl, async (database, shownUrl) => {
      const bytes = await postgresDatabaseBytes(database);
      await print(database, {
        fields: { database: shownUrl, databaseBytes: bytes },
        lines: [`Database ${shownUrl} (PostgreSQL)`, `  size ${megabytes(bytes)}`],
      });
    });
    return;
  }
  await withExistingDatabase(command, async (database, file) => {
    const fileBytes = sizeOf(file);
    const walBytes = sizeOf(`${file}-wal`);
    await print(database, {
      fields: { file, fileBytes, walBytes },
      lines: [
        `Database ${file}`,
        `  size ${megabytes(fileBytes)} (+ ${megabytes(walBytes)} write-ahead log)`,
      ],
    });
  });
}

/**
 * The documents' files a copy leaves in the data folder (every app process on PostgreSQL
 * reads them from one shared volume): each row's file rehashed. Answers the problems.
 */
async function checkDocumentFiles(documents: readonly DocumentRow[], dir: string) {
  return {
    checked: documents.length,
    problems: await documentFileProblems(documents, dir, 'the document store'),
  };
}

/** The URL given to --to, checked before anything is opened; its password never shown. */
function postgresTarget(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // Said below without the text, which may hold a password.
  }
  if (!parsed || !isPostgresUrl(url) || parsed.pathname.length <= 1)
    throw refusal(
      `--to takes a PostgreSQL database's URL, postgres://user:password@host:port/database (or postgresql://), not ${parsed ? withoutPassword(url) : 'the text given'}.`,
    );
  return url;
}

/**
 * Copies one snapshot of the SQLite database (the server may keep running) into an empty
 * PostgreSQL database, migrated first, in one transaction; then reads both again and
 * compares each table's count and SHA-256, and rehashes the documents' files, which stay
 * in the data folder.
 */
async function copy(command: Command, options: { to: string }): Promise<void> {
  const url = postgresTarget(options.to);
  await withExistingDatabase(
    command,
    async (database, file) => {
      const target = openPostgres(url, { max: 2 });
      const documents = documentsDir(dataDir(command));
      try {
        await checkPostgres(target);
        const report = await copyToPostgres(database, target, {
          migrate: (opened) => migratePostgres(opened),
          inspect: async () => checkDocumentFiles(await listDocuments(database), documents),
        });
        process.stdout.write(
          formatTable([
            ['TABLE', 'ROWS', 'VERIFIED'],
            ...[...report.tables]
              .sort((a, b) => a.table.localeCompare(b.table))
              .map((check) => [
                check.table,
                check.matches
                  ? String(check.sourceRows)
                  : `${check.sourceRows} → ${check.targetRows}`,
                check.matches ? '✓' : 'MISMATCH',
              ]),
            ['total', String(report.rows), ''],
          ]),
        );
        if (report.mismatched.length > 0)
          throw new CliError(
            `The copy in ${target.shownUrl} differs from ${file} in ${report.mismatched.join(', ')} (row count or SHA-256). Drop that database and run db copy again into a new one.`,
            EXIT.checkFailed,
          );
        const files = report.inspected!;
        if (files.problems.length > 0) {
          process.stderr.write(files.problems.map((line) => `${line}\n`).join(''));
          throw new CliError(
            `Copied and verified ${report.tables.length} tables, but ${plural(files.problems.length, 'document file')} of ${files.checked} in ${documents} ${files.problems.length === 1 ? 'is' : 'are'} missing or changed. Run "municipal documents verify" and restore or upload those files again.`,
            EXIT.checkFailed,
          );
        }
        process.stdout.write(
          `Copied ${plural(report.rows, 'row')} in ${report.tables.length} tables from ${file} to ${target.shownUrl}; every table's row count and SHA-256 match. ${plural(files.checked, 'document file')} in ${documents} checked against ${files.checked === 1 ? 'its' : 'their'} SHA-256: documents and pictures stay in the data folder, which every app process on PostgreSQL must share.\n`,
        );
      } catch (error) {
        if (
          error instanceof CopyRefused ||
          error instanceof PostgresFault ||
          error instanceof MigrationError
        )
          throw refusal(error.message);
        throw error;
      } finally {
        await target.close();
      }
    },
    { evenWithPostgres: true },
  );
}

export function registerDb(program: Command): void {
  const db = program
    .command('db')
    .description('Database tasks: migrate, back up, copy to PostgreSQL, statistics.');
  db.command('migrate')
    .description(
      'Create the database if needed and bring its schema up to date (the server also does this on start).',
    )
    .addHelpText('after', '\nExample:\n  $ municipal db migrate --data-dir /srv/municipal/data')
    .action(async (_options: object, self: Command) => migrate(self));
  db.command('backup')
    .description(
      'Write a consistent copy of the database to a new file, and its hosted documents, news pictures and keys to folders beside it (<file>.documents, .pictures, .keys); safe while the server is running.',
    )
    .argument('<file>', 'the backup file to create (it and its folders must not exist)')
    .addHelpText(
      'after',
      `
Example:
  $ municipal db backup /backups/municipal-2025-01-31.sqlite
    writes /backups/municipal-2025-01-31.sqlite and, beside it, the folders .documents/,
    .pictures/ (news pictures) and .keys/ (the keys of sessions and alert links)

To restore, with the server stopped: municipal db restore /backups/municipal-2025-01-31.sqlite`,
    )
    .action(async (file: string, _options: object, self: Command) => backup(self, file));
  db.command('restore')
    .description(
      'Put a backup made by "db backup" back into the data folder: the database, its documents, news pictures and keys. Refused while the server runs on the folder; the database it replaces is kept beside it.',
    )
    .argument('<file>', 'the backup file (its .documents, .pictures and .keys folders beside it)')
    .addHelpText(
      'after',
      '\nExample:\n  $ municipal db restore /backups/municipal-2025-01-31.sqlite --data-dir /srv/municipal/data',
    )
    .action(async (file: string, _options: object, self: Command) => restore(self, file));
  db.command('copy')
    .description(
      "Copy the database into an empty PostgreSQL database (migrated first, in one transaction), then compare every table's row count and SHA-256 on both sides and rehash the documents' files, which stay in the data folder; safe while the server is running. Refused when the target already holds data.",
    )
    .requiredOption(
      '--to <url>',
      'the PostgreSQL database: postgres://user:password@host:port/database',
    )
    .addHelpText(
      'after',
      `
Example:
  $ municipal db copy --to postgres://municipal:secret@db.example.gov.ph:5432/municipal
    exits 0 when every table matches, 3 naming the tables (or document files) that do not`,
    )
    .action(async (options: { to: string }, self: Command) => copy(self, options));
  db.command('stats')
    .description(
      'Show the records in each collection and when the newest was posted (Manila time), the number of staff accounts and audit entries, and the file size.',
    )
    .option('--json', 'print as JSON')
    .addHelpText('after', '\nExample:\n  $ municipal db stats')
    .action(async (options: { json?: boolean }, self: Command) => stats(self, options));
}
