import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import { formatDecimal } from '../../shared/money.ts';
import { statement } from '../records/record-queries.ts';
import type { PlanLine } from '../../shared/procurement-projects/procurement-plan.ts';
import type { AmendmentSource } from './contract-amendments.ts';

// The Annual Procurement Plan's lines as planned projects (migration 0027).

export type { PlanLine };

/**
 * The project a plan line of this year updates: the plan's own line with that APP code, else
 * a project of that year already given that APP code (started from a notice), which the plan
 * then adopts; undefined when the line is new.
 */
export function planLineProject(
  database: AppDatabase,
  year: number,
  appCode: string,
): { id: number; process_key: string } | undefined {
  return statement(
    database,
    'plan:line-project',
    () =>
      `SELECT id, process_key FROM procurement_projects
       WHERE app_code = :appCode AND (app_year = :year OR (app_year IS NULL AND year = :year))
       ORDER BY app_year IS NULL, id LIMIT 1`,
  ).get({ year, appCode }) as { id: number; process_key: string } | undefined;
}

/** A new plan line's process key (what follows the OCID prefix): the plan's year and the APP code. */
export function planProcessKey(year: number, appCode: string): string {
  return `app-${year}-${appCode.trim().replace(/\s+/g, '-')}`;
}

/**
 * Stores a year's plan lines as planned projects, adding a line whose APP code is new for the
 * year and updating the project that has it otherwise, with one `app-line-imported` audit
 * entry each, all in one transaction: all are stored or none. Answers how many were added and
 * how many updated.
 */
export function importPlanLines(
  database: AppDatabase,
  plan: { year: number; lines: readonly PlanLine[] },
  source: AmendmentSource,
  now: Date,
): { added: number; updated: number } {
  const at = now.toISOString();
  return database.sqlite
    .transaction(() => {
      const counts = { added: 0, updated: 0 };
      for (const line of plan.lines) {
        const values = {
          year: plan.year,
          appCode: line.appCode,
          title: line.title,
          office: line.endUserOffice,
          mode: line.mode,
          abc: line.abc,
          funds: line.sourceOfFunds,
          columns: JSON.stringify(line.columns),
          at,
        };
        const existing = planLineProject(database, plan.year, line.appCode);
        const key = existing?.process_key ?? planProcessKey(plan.year, line.appCode);
        if (existing) {
          statement(
            database,
            'plan:update-line',
            () =>
              `UPDATE procurement_projects SET title = :title, end_user_office = :office, mode = :mode,
                 abc = :abc, source_of_funds = :funds, plan_columns = :columns, app_year = :year,
                 updated = max(updated, :at)
               WHERE id = :id`,
          ).run({ ...values, id: existing.id });
          counts.updated += 1;
        } else {
          statement(
            database,
            'plan:insert-line',
            () =>
              `INSERT INTO procurement_projects (process_key, title, end_user_office, mode, abc, app_code,
                 year, app_year, source_of_funds, plan_columns, created, updated)
               VALUES (:key, :title, :office, :mode, :abc, :appCode, :year, :year, :funds, :columns, :at, :at)`,
          ).run({ ...values, key });
          counts.added += 1;
        }
        recordAudit(database, {
          action: 'app-line-imported',
          actor: source.actor,
          address: source.address,
          detail: {
            project: key,
            appCode: line.appCode,
            year: plan.year,
            abc: formatDecimal(line.abc),
            change: existing ? 'updated' : 'added',
            ...source.detail,
          },
        });
      }
      return counts;
    })
    .immediate();
}
