import type { Command } from 'commander';
import { refusal, usageError } from '../exit-codes.ts';
import { wholeCsv } from './whole-csv.ts';

export { refuseProblems } from './whole-csv.ts';

// What the procurement projects' whole-file imports (contract amendments, bids) share: the
// --as/--dry-run rule, a header naming each column once, and rows read by column name.

export interface ProjectCsvOptions {
  as?: string;
  dryRun?: boolean;
}

/** One row of the file: its line (a spreadsheet's row number) and its cells by column. */
export interface ProjectCsvRow<Column extends string> {
  line: number;
  cell: (column: Column) => string;
}

/** Which position holds each column; the header must name every column, each once, and nothing else. */
function positionsOf<Column extends string>(
  file: string,
  header: string[],
  columns: readonly Column[],
): Record<Column, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  const wrong = names.filter(
    (name, position) => !columns.includes(name as Column) || names.indexOf(name) !== position,
  );
  const missing = columns.filter((column) => !names.includes(column));
  if (wrong.length > 0 || missing.length > 0) {
    throw refusal(
      `${file}: the header must name the columns ${columns.join(', ')}, each once${wrong.length > 0 ? `; it has ${wrong.map((name) => `"${name}"`).join(', ')}` : ''}${missing.length > 0 ? `; it lacks ${missing.join(', ')}` : ''}. Nothing was imported.`,
    );
  }
  return Object.fromEntries(columns.map((column) => [column, names.indexOf(column)])) as Record<
    Column,
    number
  >;
}

/**
 * The command's --as/--dry-run (one of them is required: the audit log names who imported)
 * and the file's rows, refusing a wrong header or a file with no rows before the database
 * is opened.
 */
export async function readProjectCsv<Column extends string>(
  file: string,
  command: Command,
  columns: readonly Column[],
): Promise<{ options: ProjectCsvOptions; rows: ProjectCsvRow<Column>[] }> {
  const options = command.optsWithGlobals<ProjectCsvOptions>();
  if (!options.as && !options.dryRun)
    throw usageError(
      'Say who imports with --as <email> (recorded in the audit log), or check with --dry-run.',
    );
  // Line numbers are the CSV records' (a spreadsheet's rows): blank lines are skipped but counted.
  const { header, body } = await wholeCsv(file);
  const at = positionsOf(file, header.record, columns);
  if (body.length === 0) throw refusal(`${file}: the file has a header but no rows.`);
  return {
    options,
    rows: body.map(({ record, line }) => ({
      line,
      cell: (column: Column) => record[at[column]] ?? '',
    })),
  };
}

/** The refusal of a `project` cell that names no project, as both imports word it. */
export const noSuchProject = (value: string) =>
  `project: "${value}" names no procurement project: give its OCID, its APP code, or a PR number one of its notices already has (one project only)`;

/** The options every whole-file project import takes: who imports, or only a check. */
export function withImportOptions(command: Command): Command {
  return command
    .option(
      '--as <email>',
      'the staff account doing the import, recorded in the audit log (required unless --dry-run)',
    )
    .option('--dry-run', 'check the file, but write nothing');
}
