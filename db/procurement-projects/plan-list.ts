import { sql } from 'kysely';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';
import { formatDecimal } from '../../shared/money.ts';
import type {
  PlanLineView,
  ProcurementPlan,
} from '../../shared/procurement-projects/procurement-plan.ts';
import type { ProjectStatus } from '../../shared/procurement-projects/procurement-project.ts';
import { kindByValue } from '../../shared/record-kinds.ts';
import { projectStatusSql } from './project-list.ts';

// A year's Annual Procurement Plan as its public page and GET /api/procurement-plan show it,
// on either engine (issue 36).

/** The notices of award's table, from the registry: a line's awarded amount is its latest one's. */
const AWARDS = kindByValue('notice_of_award')!.collection;

interface PlanRow {
  process_key: string;
  app_code: string;
  title: string;
  end_user_office: string | null;
  mode: string | null;
  source_of_funds: string | null;
  abc: number;
  awarded: number | null;
  status: ProjectStatus;
}

/** Every year with a plan, newest first. */
export async function planYears(database: SiteDatabase): Promise<number[]> {
  const rows = await queryRows(
    database,
    () => sql<{ app_year: number }>`SELECT DISTINCT app_year FROM procurement_projects
      WHERE app_year IS NOT NULL ORDER BY app_year DESC`,
  );
  return rows.map((row) => row.app_year);
}

/** A year's lines in APP code order; the status SQL and table names are the registry's, no input. */
const planLines =
  (year: number): Query<PlanRow> =>
  () =>
    sql<PlanRow>`WITH live AS (${sql.raw(projectStatusSql.live())})
      SELECT p.process_key, p.app_code, p.title, p.end_user_office, p.mode, p.source_of_funds,
        p.abc, ${sql.raw(projectStatusSql.status())} AS status,
        (SELECT a.contract_amount FROM ${sql.table(AWARDS)} AS a
         JOIN procurement_project_notices AS n ON n.collection = ${AWARDS} AND n.record_id = a.id
         WHERE n.project_id = p.id AND a.withdrawn_at IS NULL AND a.contract_amount IS NOT NULL
         ORDER BY a.created DESC, a.id DESC LIMIT 1) AS awarded
      FROM procurement_projects AS p WHERE p.app_year = ${year} ORDER BY p.app_code, p.id`;

/**
 * A year's plan, its lines in APP code order with the status their notices give them. With
 * no year asked for: the current year's plan when there is one, else the latest year's (a
 * resident in January still finds last year's), else the current year's empty plan.
 */
export async function procurementPlan(
  database: SiteDatabase,
  asked: number | undefined,
  { ocidPrefix, currentYear }: { ocidPrefix: string; currentYear: number },
): Promise<ProcurementPlan> {
  const years = await planYears(database);
  const year = asked ?? (years.includes(currentYear) ? currentYear : (years[0] ?? currentYear));
  const rows = await queryRows(database, planLines(year));
  const lines = rows.map((row): PlanLineView => ({
    ocid: `${ocidPrefix}-${row.process_key}`,
    appCode: row.app_code,
    title: row.title,
    endUserOffice: row.end_user_office,
    mode: row.mode,
    sourceOfFunds: row.source_of_funds,
    budget: formatDecimal(row.abc),
    awarded: row.awarded === null ? null : formatDecimal(row.awarded),
    status: row.status,
  }));
  return {
    year,
    lines,
    total: formatDecimal(rows.reduce((sum, row) => sum + row.abc, 0)),
    years,
  };
}

/** A plan line as OCDS `planning` reads it: undefined for a project that is no plan's line. */
export interface PlanLineRow {
  app_code: string;
  app_year: number;
  title: string;
  abc: number;
  source_of_funds: string | null;
  created: string;
}

const planLineRow =
  (processKey: string): Query<PlanLineRow> =>
  () =>
    sql<PlanLineRow>`SELECT app_code, app_year, title, abc, source_of_funds, created
      FROM procurement_projects WHERE process_key = ${processKey} AND app_year IS NOT NULL`;

export async function planLineByKey(
  database: SiteDatabase,
  processKey: string,
): Promise<PlanLineRow | undefined> {
  return (await queryRows(database, planLineRow(processKey)))[0];
}
