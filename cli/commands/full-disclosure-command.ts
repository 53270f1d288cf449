import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { parse } from 'csv-parse/sync';
import type { SiteDatabase } from '../../db/site-database.ts';
import { findPosting, postDisclosureFile } from '../../db/full-disclosure/full-disclosure.ts';
import {
  findStaffByEmail,
  normalizeEmail,
  type StaffUser,
} from '../../db/staff-accounts/staff-accounts.ts';
import { loadConfig } from '../../server/config.ts';
import { loadContent } from '../../server/content/load.ts';
import { safeDocumentName } from '../../server/documents/document-name.ts';
import {
  checkDocumentFile,
  documentsDir,
  DocumentTooLarge,
  storeDocument,
  UnsupportedDocumentType,
} from '../../server/documents/document-store.ts';
import { DISCLOSURE_DOCUMENT_TYPES } from '../../server/documents/sniff-type.ts';
import { restoreFormula } from '../../shared/open-data/formula-cells.ts';
import {
  parseDisclosurePeriod,
  periodLabel,
  type DisclosureDocumentType,
  type DisclosurePeriod,
} from '../../shared/full-disclosure/full-disclosure.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';
import { parseManilaDate } from '../../shared/manila-time.ts';
import { holdsRole } from '../../shared/staff-roles.ts';
import { dataDir, withSiteDatabase } from '../database.ts';
import { refusal, usageError } from '../exit-codes.ts';

const REQUIRED_COLUMNS = ['type', 'year', 'quarter', 'file'];
const OPTIONAL_COLUMNS = ['reason', 'posted'];

/** One checked line of the index, ready to write. */
interface IndexEntry {
  line: number;
  type: DisclosureDocumentType;
  period: DisclosurePeriod;
  file: string;
  reason: string;
  /** When it was posted: the `posted` column's Manila day, or now. */
  at: string;
  sha256: string;
  /** Already posted with this very file: nothing to do. */
  alreadyPosted: boolean;
}

interface ImportOptions {
  index?: string;
  as: string;
  dryRun?: boolean;
}

/** The index as rows keyed by its header, each with its line number; the header checked. */
function readIndex(
  text: string,
  indexFile: string,
): { line: number; cells: Record<string, string> }[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: false,
      skip_empty_lines: true,
    });
  } catch (error) {
    throw refusal(`${indexFile} is not a readable CSV file: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header)
    throw refusal(`${indexFile} is empty: it needs a header ${REQUIRED_COLUMNS.join(',')}.`);
  const names = header.map((name) => name.trim().toLowerCase());
  const unknown = names.filter(
    (name) => ![...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].includes(name),
  );
  const missing = REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  if (unknown.length > 0 || missing.length > 0) {
    throw refusal(
      `${indexFile}: the header must name ${REQUIRED_COLUMNS.join(', ')} (and may name ${OPTIONAL_COLUMNS.join(', ')})` +
        (missing.length ? `; it lacks ${missing.join(', ')}` : '') +
        (unknown.length ? `; it has unknown column ${unknown.join(', ')}` : '') +
        '.',
    );
  }
  // Line 1 is the header; blank lines were skipped, so count from the parser's records.
  return rows.map((row, position) => ({
    line: position + 2,
    cells: Object.fromEntries(
      names.map((name, column) => [name, restoreFormula(row[column] ?? '').trim()]),
    ),
  }));
}

/** The file a row names, inside the folder; a path that leaves it is refused. */
function fileInFolder(folder: string, name: string): string | undefined {
  if (!name || path.isAbsolute(name)) return undefined;
  const file = path.resolve(folder, name);
  return file.startsWith(folder + path.sep) ? file : undefined;
}

async function checkRow(
  database: SiteDatabase,
  context: {
    folder: string;
    types: readonly DisclosureDocumentType[];
    maxBytes: number;
    now: Date;
  },
  { line, cells }: { line: number; cells: Record<string, string> },
): Promise<IndexEntry | string> {
  const type = context.types.find((candidate) => candidate.id === cells.type);
  if (!type) {
    return `type "${cells.type}" is not in content/full-disclosure.json (known: ${context.types.map((known) => known.id).join(', ')})`;
  }
  const period = parseDisclosurePeriod(type, cells.year ?? '', cells.quarter ?? '');
  if (!period.ok) return period.message;
  let at = context.now.toISOString();
  if (cells.posted) {
    const day = parseManilaDate(cells.posted, 'posted');
    if (!day.ok) return day.message;
    if (Date.parse(day.start) > context.now.getTime())
      return `posted ${cells.posted} is in the future`;
    at = day.start;
  }
  const file = fileInFolder(context.folder, cells.file ?? '');
  if (!file) return `file "${cells.file}" must be a path inside ${context.folder}`;
  let sha256: string;
  try {
    if (!(await stat(file)).isFile()) return `${file} is not a file`;
    ({ sha256 } = await checkDocumentFile(file, context.maxBytes, DISCLOSURE_DOCUMENT_TYPES));
  } catch (error) {
    if (error instanceof UnsupportedDocumentType)
      return `${file} is not a PDF or XLSX file (known by its content, whatever its name)`;
    if (error instanceof DocumentTooLarge) return `${file}: ${error.message}`;
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? `no such file: ${file}`
      : `${file} cannot be read (${code ?? (error as Error).message})`;
  }
  const existing = await findPosting(database, type.id, period.period);
  const alreadyPosted = existing?.current.sha256 === sha256;
  if (existing && !alreadyPosted && !cells.reason) {
    return `${inEnglish(type.name)}, ${periodLabel(period.period)} is already posted with another file: give a reason column to post this one as a correction`;
  }
  return {
    line,
    type,
    period: period.period,
    file,
    reason: cells.reason ?? '',
    at,
    sha256,
    alreadyPosted,
  };
}

/** The account the postings are recorded under: active, with the transparency (or admin) role. */
async function importer(database: SiteDatabase, email: string): Promise<StaffUser> {
  const account = await findStaffByEmail(database, email);
  if (!account)
    throw refusal(`--as ${normalizeEmail(email)}: there is no staff account with that e-mail.`);
  if (!account.active) throw refusal(`--as ${account.email}: that staff account is disabled.`);
  if (!holdsRole(account.roles, 'transparency')) {
    throw refusal(
      `--as ${account.email}: that account does not have the transparency role (municipal users roles ${account.email} --add transparency).`,
    );
  }
  return account;
}

/**
 * Imports a folder of Full Disclosure documents posted elsewhere before: an index CSV
 * (type, year, quarter, file; optional reason and posted) names each file. Every row is
 * checked first (type, period, the file's content, a correction's reason); one bad row and
 * nothing is written. Then each file is stored and posted in its own transaction with its
 * audit entries, so an interruption leaves whole postings only, and running it again skips
 * what is already posted.
 */
async function importFolder(folderArgument: string, options: ImportOptions, command: Command) {
  const folder = path.resolve(folderArgument);
  const indexFile = path.resolve(folder, options.index ?? 'index.csv');
  let text: string;
  try {
    text = await readFile(indexFile, 'utf8');
  } catch (error) {
    throw usageError(
      `Cannot read the index ${indexFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const config = loadConfig();
  const { fullDisclosure } = await loadContent(config.contentDir);
  const rows = readIndex(text, indexFile);
  const now = new Date();
  await withSiteDatabase(command, async (database) => {
    const account = await importer(database, options.as);
    const context = {
      folder,
      types: fullDisclosure.documentTypes,
      maxBytes: config.maxDocumentBytes,
      now,
    };
    const entries: IndexEntry[] = [];
    const problems: string[] = [];
    const seen = new Map<string, number>();
    for (const row of rows) {
      const checked = await checkRow(database, context, row);
      if (typeof checked === 'string') {
        problems.push(`${path.basename(indexFile)} line ${row.line}: ${checked}`);
        continue;
      }
      const key = `${checked.type.id} ${checked.period.year} ${checked.period.quarter ?? 0}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        problems.push(
          `${path.basename(indexFile)} line ${row.line}: the same document and period as line ${earlier}`,
        );
        continue;
      }
      seen.set(key, row.line);
      entries.push(checked);
    }
    if (problems.length > 0) {
      process.stderr.write(problems.map((problem) => `${problem}\n`).join(''));
      throw refusal(
        `${problems.length} of ${rows.length} rows of ${indexFile} are wrong; nothing was imported. Correct them and run the import again.`,
      );
    }
    const toPost = entries.filter((entry) => !entry.alreadyPosted);
    if (options.dryRun) {
      process.stdout.write(
        `Checked ${rows.length} rows: ${toPost.length} to post, ${entries.length - toPost.length} already posted. Nothing was written (--dry-run).\n`,
      );
      return;
    }
    const store = documentsDir(dataDir(command));
    for (const entry of toPost) {
      const stored = await storeDocument(
        store,
        createReadStream(entry.file),
        config.maxDocumentBytes,
        DISCLOSURE_DOCUMENT_TYPES,
      );
      const outcome = await postDisclosureFile(database, {
        documentType: entry.type.id,
        period: entry.period,
        document: {
          sha256: stored.sha256,
          bytes: stored.bytes,
          type: stored.type,
          fileName: safeDocumentName(path.basename(entry.file), stored.type),
        },
        reason: entry.reason,
        at: entry.at,
        actor: account,
        address: null,
        role: 'transparency',
        importedFrom: path.relative(folder, entry.file),
      });
      if (!outcome.ok) {
        // Posted meanwhile by someone else; the rest stays as it is.
        throw refusal(
          `line ${entry.line}: ${inEnglish(entry.type.name)}, ${periodLabel(entry.period)} changed while importing (${outcome.reason}); run the import again.`,
        );
      }
    }
    process.stdout.write(
      `Posted ${toPost.length} of ${rows.length} documents (${entries.length - toPost.length} already posted).\n`,
    );
  });
}

export function registerFullDisclosure(program: Command): void {
  const command = program
    .command('full-disclosure')
    .description('Full Disclosure Policy documents: import those posted before elsewhere.');
  command
    .command('import')
    .description(
      'Post a folder of Full Disclosure documents (PDF or XLSX) named by an index CSV with the columns type, year, quarter and file (optionally reason, for a correction, and posted, the Manila day it was first posted). One bad row and nothing is written.',
    )
    .argument('<folder>', 'the folder holding the files and the index')
    .option('--index <file>', 'the index CSV, relative to the folder', 'index.csv')
    .requiredOption(
      '--as <email>',
      'the staff account (transparency or admin role) the postings are recorded under',
    )
    .option('--dry-run', 'check every row and file, but write nothing')
    .addHelpText(
      'after',
      `
Example index.csv (quarter empty for annual documents; type is an id of content/full-disclosure.json):
  type,year,quarter,file,posted
  annual-budget-report,2024,,2024/abr-2024.pdf,2024-01-12
  sef-utilization,2024,1,2024/sef-q1.xlsx,2024-04-20

  $ municipal full-disclosure import ./fdp-archive --as transparency@example.gov.ph`,
    )
    .action(async (folder: string, options: ImportOptions, self: Command) =>
      importFolder(folder, options, self),
    );
}
