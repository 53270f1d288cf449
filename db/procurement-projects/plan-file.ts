import { CsvError, parse } from 'csv-parse/sync';
import { parseMoney, type MoneyProblem } from '../../shared/money.ts';
import {
  PLAN_HEADINGS,
  type PlanField,
  type PlanFileCheck,
  type PlanLine,
  type PlanRowProblem,
} from '../../shared/procurement-projects/procurement-plan.ts';

// Reading and checking an Annual Procurement Plan saved as CSV: one implementation for the
// CLI's `municipal import app` and the staff upload page, so both refuse the same rows.

/** A heading as compared: case, spaces and punctuation folded away ("CODE(PAP)" is "Code (PAP)"). */
function fold(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A spreadsheet's total line: "TOTAL", "Grand Total", "Sub-total" in some cell, and no code. */
const TOTAL = /^(grand\s*|sub-?\s*)?total\b/i;

const FIELDS = Object.keys(PLAN_HEADINGS) as PlanField[];

/** The other columns' headings as given, made unique, by position. */
function otherColumns(header: readonly string[], needed: ReadonlySet<number>): Map<number, string> {
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
  return others;
}

/** The rows of CSV text, numbered by line (a spreadsheet's row number); blank rows kept for counting. */
function numberedRows(text: string): { record: string[]; line: number }[] {
  const records = parse(text.replace(/^\uFEFF/, ''), {
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    skip_empty_lines: false,
  }) as string[][];
  return records.map((record, index) => ({ record, line: index + 1 }));
}

/**
 * Checks a whole APP file: its header must have each of the form's headings once; every row
 * must have a code (once in the file), a title and a budget in pesos. Blank rows and total
 * rows are skipped and counted. Any bad row refuses the file, each named by its line.
 */
export function checkPlanCsv(text: string): PlanFileCheck {
  let rows;
  try {
    rows = numberedRows(text);
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, code: 'not-csv', detail: error.message };
    throw error;
  }
  const filled = rows.filter(({ record }) => record.some((value) => value.trim() !== ''));
  const [header, ...body] = filled;
  if (!header) return { ok: false, code: 'empty' };
  const blank = rows.length - filled.length - rows.findIndex((row) => row === header);

  const folded = header.record.map(fold);
  const missing = FIELDS.filter((field) => !folded.includes(fold(PLAN_HEADINGS[field])));
  const twice = FIELDS.filter(
    (field) =>
      folded.indexOf(fold(PLAN_HEADINGS[field])) !== folded.lastIndexOf(fold(PLAN_HEADINGS[field])),
  );
  if (missing.length > 0 || twice.length > 0)
    return { ok: false, code: 'headings', missing, twice };
  const at = Object.fromEntries(
    FIELDS.map((field) => [field, folded.indexOf(fold(PLAN_HEADINGS[field]))]),
  ) as Record<PlanField, number>;
  const others = otherColumns(header.record, new Set(Object.values(at)));

  const lines: PlanLine[] = [];
  const problems: PlanRowProblem[] = [];
  const lineOfCode = new Map<string, number>();
  let totals = 0;
  for (const { record, line } of body) {
    const cell = (field: PlanField) => (record[at[field]] ?? '').trim();
    const optional = (field: PlanField) => cell(field) || null;
    const code = cell('appCode');
    if (code === '' && record.some((value) => TOTAL.test(value.trim()))) {
      totals += 1;
      continue;
    }
    const wrong: PlanRowProblem[] = [];
    const earlier = lineOfCode.get(code);
    if (code === '') wrong.push({ line, field: 'appCode', code: 'blank' });
    else if (earlier !== undefined)
      wrong.push({ line, field: 'appCode', code: 'repeated', value: code, otherLine: earlier });
    else lineOfCode.set(code, line);
    if (cell('title') === '') wrong.push({ line, field: 'title', code: 'blank' });
    const money = parseMoney(cell('budget'), PLAN_HEADINGS.budget);
    if (cell('budget') === '') wrong.push({ line, field: 'budget', code: 'blank' });
    else if (!money.ok)
      wrong.push({ line, field: 'budget', code: 'money', problem: money.problem });
    if (wrong.length > 0 || !money.ok) {
      problems.push(...wrong);
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
        [...others].map(([position, heading]) => [heading, record[position] ?? '']),
      ),
    });
  }
  if (problems.length > 0) return { ok: false, code: 'rows', problems };
  if (lines.length === 0) return { ok: false, code: 'no-lines' };
  return { ok: true, lines, blank, totals };
}

/** A row's problem in English, as the CLI prints it: "line 5, Code (PAP): … ". */
export function planProblemInEnglish(problem: PlanRowProblem): string {
  const heading = PLAN_HEADINGS[problem.field];
  const why =
    problem.code === 'repeated'
      ? `"${problem.value}" is also on line ${problem.otherLine}; each code once`
      : problem.code === 'money'
        ? MONEY_WORDS[problem.problem]
        : problem.field === 'appCode'
          ? 'blank; every plan line needs its code'
          : 'blank';
  return `line ${problem.line}, ${heading}: ${why}`;
}

const MONEY_WORDS: Record<MoneyProblem, string> = {
  negative: 'must not be negative',
  commas: 'may use commas only between groups of three digits, like 1,234,567.89',
  format: 'must be an amount in pesos, like 1234567.89 or 1,234,567.89',
  decimals: 'may have at most 2 decimal places (centavos)',
  tooLarge: 'is larger than any budget the site takes',
};
