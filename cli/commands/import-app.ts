import path from 'node:path';
import type { Command } from 'commander';
import { refusal, usageError } from '../exit-codes.ts';
import { withDatabase } from '../database.ts';
import type { PlanLine } from '../../db/procurement-projects/annual-plan.ts';
import { refuseProblems, wholeCsv } from '../import/whole-csv.ts';
import { activeOperator } from '../operator.ts';

/** The GPPB APP form's headings the import needs, by what each becomes. */
const HEADINGS = {
  appCode: 'Code (PAP)',
  title: 'Procurement Program/Project',
  endUserOffice: 'PMO/End-User',
  mode: 'Mode of Procurement',
  sourceOfFunds: 'Source of Funds',
  budget: 'Estimated Budget (Total)',
} as const;
type Field = keyof typeof HEADINGS;

/** A heading as compared: case, spaces and punctuation folded away ("CODE(PAP)" is "Code (PAP)"). */
function fold(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A spreadsheet's total line: "TOTAL", "Grand Total", "Sub-total" in some cell, and no code. */
const TOTAL = /^(grand\s*|sub-?\s*)?total\b/i;

interface Layout {
  at: Record<Field, number>;
  /** The other columns: position → heading as given (made unique). */
  others: Map<number, string>;
}

/** Where each needed heading is, refusing a file that lacks one or has one twice. */
function layoutOf(file: string, header: string[]): Layout {
  const folded = header.map(fold);
  const wanted = Object.entries(HEADINGS) as [Field, string][];
  const missing = wanted.filter(([, heading]) => !folded.includes(fold(heading)));
  const twice = wanted.filter(
    ([, heading]) => folded.indexOf(fold(heading)) !== folded.lastIndexOf(fold(heading)),
  );
  if (missing.length > 0 || twice.length > 0) {
    const named = (list: [Field, string][]) => list.map(([, heading]) => `"${heading}"`).join(', ');
    throw refusal(
      `${file}: the header row ${[
        missing.length > 0 ? `lacks the APP form's ${named(missing)}` : '',
        twice.length > 0 ? `has ${named(twice)} more than once` : '',
      ]
        .filter(Boolean)
        .join(' and ')}. Nothing was imported.`,
    );
  }
  const at = Object.fromEntries(
    wanted.map(([field, heading]) => [field, folded.indexOf(fold(heading))]),
  ) as Record<Field, number>;
  const needed = new Set(Object.values(at));
  const others = new Map<number, string>();
  const used = new Set<string>();
  header.forEach((heading, position) => {
    if (needed.has(position)) return;
    const base = heading.trim() || `Column ${position + 1}`;
    let name = base;
    for (let copy = 2; used.has(name); copy += 1) name = `${base} (${copy})`;
    used.add(name);
    others.set(position, name);
  });
  return { at, others };
}

function yearOf(text: string | undefined): number {
  const year = Number(text);
  if (!text || !/^\d{4}$/.test(text) || year < 1900)
    throw usageError('Say which year the plan is for with --year <year>, e.g. --year 2026.');
  return year;
}

async function importApp(file: string, _: unknown, command: Command): Promise<void> {
  const options = command.optsWithGlobals<{ as?: string; dryRun?: boolean; year?: string }>();
  const year = yearOf(options.year);
  if (!options.as && !options.dryRun)
    throw usageError(
      'Say who imports with --as <email> (recorded in the audit log), or check with --dry-run.',
    );
  const { header, body, blank } = await wholeCsv(file);
  const layout = layoutOf(file, header.record);

  await withDatabase(command, async (database) => {
    const { parseMoney } = await import('../../shared/money.ts');
    const { importPlanLines, planLineProject } =
      await import('../../db/procurement-projects/annual-plan.ts');

    const lines: PlanLine[] = [];
    const problems: string[] = [];
    const lineOfCode = new Map<string, number>();
    let totals = 0;
    for (const { record, line } of body) {
      const cell = (field: Field) => (record[layout.at[field]] ?? '').trim();
      const optional = (field: Field) => cell(field) || null;
      if (cell('appCode') === '' && record.some((value) => TOTAL.test(value.trim()))) {
        totals += 1;
        continue;
      }
      const wrong: string[] = [];
      const code = cell('appCode');
      if (code === '') wrong.push(`${HEADINGS.appCode}: blank; every plan line needs its code`);
      const earlier = lineOfCode.get(code);
      if (code !== '' && earlier !== undefined)
        wrong.push(`${HEADINGS.appCode}: "${code}" is also on line ${earlier}; each code once`);
      if (code !== '' && earlier === undefined) lineOfCode.set(code, line);
      if (cell('title') === '') wrong.push(`${HEADINGS.title}: blank`);
      const budget = cell('budget');
      const money = parseMoney(budget, HEADINGS.budget);
      if (budget === '') wrong.push(`${HEADINGS.budget}: blank`);
      else if (!money.ok) wrong.push(`${HEADINGS.budget}: ${money.message}`);
      if (wrong.length > 0 || !money.ok) {
        problems.push(...wrong.map((why) => `line ${line}, ${why}`));
        continue;
      }
      lines.push({
        appCode: code,
        title: cell('title'),
        endUserOffice: optional('endUserOffice'),
        mode: optional('mode'),
        sourceOfFunds: optional('sourceOfFunds'),
        abc: money.centavos,
        columns: Object.fromEntries(
          [...layout.others].map(([position, heading]) => [heading, record[position] ?? '']),
        ),
      });
    }
    refuseProblems(file, problems);
    if (lines.length === 0) throw refusal(`${file}: the file has a header but no plan lines.`);
    const skipped = [
      blank > 0 ? `${blank} blank row${blank === 1 ? '' : 's'}` : '',
      totals > 0 ? `${totals} total row${totals === 1 ? '' : 's'}` : '',
    ].filter(Boolean);
    const skippedNote = skipped.length > 0 ? ` Skipped ${skipped.join(' and ')}.` : '';
    if (options.dryRun) {
      const updates = lines.filter((line) => planLineProject(database, year, line.appCode)).length;
      process.stdout.write(
        `Checked ${file}: ${lines.length} plan line${lines.length === 1 ? '' : 's'} for ${year}, all valid; ${lines.length - updates} would be added and ${updates} would update a planned project.${skippedNote} Nothing was written (--dry-run).\n`,
      );
      return;
    }
    const actor = await activeOperator(database, options.as!);
    const { added, updated } = importPlanLines(
      database,
      { year, lines },
      { actor, address: null, detail: { file: path.basename(file) } },
      new Date(),
    );
    process.stdout.write(
      `Imported the ${year} Annual Procurement Plan from ${file}: ${added} planned project${added === 1 ? '' : 's'} added, ${updated} updated.${skippedNote}\n`,
    );
  });
}

/** `municipal import app`: a subcommand of import. */
export function registerImportApp(importCommand: Command): void {
  importCommand
    .command('app')
    .description(
      'Import a year’s Annual Procurement Plan (APP) from a CSV with the GPPB APP form’s headings: each line becomes a planned procurement project.',
    )
    .argument('<file>', 'the APP spreadsheet saved as CSV')
    .option('--year <year>', 'the year the plan is for (required)')
    .option(
      '--as <email>',
      'the staff account doing the import, recorded in the audit log (required unless --dry-run)',
    )
    .option('--dry-run', 'check the file, but write nothing')
    .addHelpText(
      'after',
      `
Headings the header row must have (case, spaces and punctuation do not matter):
  Code (PAP)                   the line's APP code; each code once in the file
  Procurement Program/Project  the project's title
  PMO/End-User                 the end-user office
  Mode of Procurement          the planned mode
  Source of Funds              e.g. General Fund, 20% Development Fund
  Estimated Budget (Total)     the ABC in pesos (5000000, 5,000,000.00 or ₱5,000,000.00)
Every other column is kept with the line as given.

A line whose code the year's plan already has updates that planned project (a re-import of a
revised plan); a new code adds one. Blank rows and total rows (no code, a cell saying TOTAL)
are skipped. One bad row refuses the whole file, naming each bad row by its line; the
projects and their audit entries are written in one transaction.

Example:
  $ municipal import app app-2026.csv --year 2026 --as bac@example.gov.ph`,
    )
    .action(importApp);
}
