import type { MoneyProblem } from '../money.ts';
import type { ProjectStatus } from './procurement-project.ts';

/**
 * The Annual Procurement Plan (issue 34): each line of a year's APP is a planned project.
 * This is the contract the CLI import, the staff upload page and the public plan page share;
 * the reading and checking of the spreadsheet is db/procurement-projects/plan-file.ts.
 */

/** The public page of a year's plan, `?year=2026`. */
export const PLAN_PATH = '/procurement-plan';
/** Its JSON and CSV. */
export const PLAN_API_PATH = '/api/procurement-plan';
/** The BAC's upload page and the form route it posts to (both under /fil too). */
export const STAFF_PLAN_PAGE = '/staff/procurement-plan';
export const STAFF_PLAN_FORM = '/staff/procurement-plan/upload';

/** The largest APP file the upload page takes: thousands of lines, far beyond any municipality's plan. */
export const MAX_PLAN_FILE_BYTES = 2 * 1024 * 1024;

/** The GPPB APP form's headings the import needs, by what each becomes. */
export const PLAN_HEADINGS = {
  appCode: 'Code (PAP)',
  title: 'Procurement Program/Project',
  endUserOffice: 'PMO/End-User',
  mode: 'Mode of Procurement',
  sourceOfFunds: 'Source of Funds',
  budget: 'Estimated Budget (Total)',
} as const;
export type PlanField = keyof typeof PLAN_HEADINGS;

/** One line of the plan: `abc` (the estimated budget) in integer centavos. */
export interface PlanLine {
  appCode: string;
  title: string;
  endUserOffice: string | null;
  mode: string | null;
  sourceOfFunds: string | null;
  abc: number;
  /** Every other column of the line, heading → text as given. */
  columns: Record<string, string>;
}

/** What is wrong with one row: codes, so each caller words them in its own language. */
export type PlanRowProblem =
  | { line: number; field: PlanField; code: 'blank' }
  | { line: number; field: 'appCode'; code: 'repeated'; value: string; otherLine: number }
  | { line: number; field: 'budget'; code: 'money'; problem: MoneyProblem };

/** Why a whole file was refused; `problems` lists every bad row. */
export type PlanFileRefusal =
  | { code: 'not-csv'; detail: string }
  | { code: 'empty' }
  | { code: 'headings'; missing: PlanField[]; twice: PlanField[] }
  | { code: 'rows'; problems: PlanRowProblem[] }
  | { code: 'no-lines' };

export type PlanFileCheck =
  | { ok: true; lines: PlanLine[]; blank: number; totals: number }
  | ({ ok: false } & PlanFileRefusal);

/** A year a plan may be for, written as four digits. */
export function planYearOf(text: string | undefined | null): number | undefined {
  const trimmed = text?.trim() ?? '';
  const year = Number(trimmed);
  return /^\d{4}$/.test(trimmed) && year >= 1900 ? year : undefined;
}

/** One line of a year's plan as the public page and GET /api/procurement-plan show it. */
export interface PlanLineView {
  ocid: string;
  appCode: string;
  title: string;
  endUserOffice: string | null;
  mode: string | null;
  sourceOfFunds: string | null;
  /** The estimated budget, pesos as a decimal string. */
  budget: string;
  /** The amount its latest published notice of award gives, a decimal string; null before one. */
  awarded: string | null;
  status: ProjectStatus;
}

/** A year's plan: its lines in APP code order, the budget's total, and the years that have one. */
export interface ProcurementPlan {
  year: number;
  lines: PlanLineView[];
  /** The sum of the lines' budgets, a decimal string. */
  total: string;
  /** Every year with a plan, newest first: the year chooser's options. */
  years: number[];
}

/** The plan's part of the public services (shared/app-services.ts). */
export interface PlanServices {
  /** A year's plan; without a year, the current Manila year's, or the latest year with one. */
  procurementPlan(year: number | undefined, signal?: AbortSignal): Promise<ProcurementPlan>;
}

/** What the upload form route says back to its page, by code (never text from the URL). */
export const STAFF_PLAN_OUTCOMES = [
  'imported',
  'forbidden',
  'file',
  'year',
  'too-large',
  'not-utf8',
  'not-csv',
  'empty',
  'headings',
  'rows',
  'no-lines',
] as const;
export type StaffPlanOutcome = (typeof STAFF_PLAN_OUTCOMES)[number];

/** At most this many bad rows travel back in the page's address; the count says how many there were. */
export const PLAN_PROBLEMS_SHOWN = 20;

const MONEY_PROBLEMS: readonly MoneyProblem[] = [
  'negative',
  'commas',
  'format',
  'decimals',
  'tooLarge',
];
const FIELD_NAMES = Object.keys(PLAN_HEADINGS) as PlanField[];

/** A row's problem as the page's address carries it: `5.appCode.repeated.2`, `3.budget.money.format`. */
export function problemParam(problem: PlanRowProblem): string {
  const extra =
    problem.code === 'repeated'
      ? `.${problem.otherLine}`
      : problem.code === 'money'
        ? `.${problem.problem}`
        : '';
  return `${problem.line}.${problem.field}.${problem.code}${extra}`;
}

/**
 * A row's problem read back from the address; undefined for anything the form route would not
 * have sent. The repeated code's text is not carried: the page names the other line.
 */
export function problemFromParam(param: string): PlanRowProblem | undefined {
  const [lineText = '', field, code, extra = ''] = param.split('.');
  const line = Number(lineText);
  if (!/^[1-9]\d{0,6}$/.test(lineText) || !FIELD_NAMES.includes(field as PlanField))
    return undefined;
  if (code === 'blank') return { line, field: field as PlanField, code };
  if (code === 'repeated' && field === 'appCode' && /^[1-9]\d{0,6}$/.test(extra))
    return { line, field, code, value: '', otherLine: Number(extra) };
  if (code === 'money' && field === 'budget' && MONEY_PROBLEMS.includes(extra as MoneyProblem))
    return { line, field, code, problem: extra as MoneyProblem };
  return undefined;
}
