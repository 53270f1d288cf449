import { sql } from 'kysely';
import { writeAudit } from '../audit-log.ts';
import { queryRows, writeTransaction, type SiteDatabase } from '../site-database.ts';
import { formatDecimal } from '../../shared/money.ts';
import { laterUpdated } from './project-updated.ts';
import type { PlanLine } from '../../shared/procurement-projects/procurement-plan.ts';
import type { AmendmentSource } from './contract-amendments.ts';

// The Annual Procurement Plan's lines as planned projects (migration 0027), on either engine
// (issue 36).

export type { PlanLine };

/**
 * The project a plan line of this year updates: the plan's own line with that APP code, else
 * a project of that year already given that APP code (started from a notice), which the plan
 * then adopts; undefined when the line is new.
 */
export async function planLineProject(
  database: SiteDatabase,
  year: number,
  appCode: string,
): Promise<{ id: number; process_key: string } | undefined> {
  const [row] = await queryRows(
    database,
    () => sql<{ id: number; process_key: string }>`SELECT id, process_key FROM procurement_projects
      WHERE app_code = ${appCode} AND (app_year = ${year} OR (app_year IS NULL AND year = ${year}))
      ORDER BY app_year IS NULL, id LIMIT 1`,
  );
  return row;
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
export async function importPlanLines(
  database: SiteDatabase,
  plan: { year: number; lines: readonly PlanLine[] },
  source: AmendmentSource,
  now: Date,
): Promise<{ added: number; updated: number }> {
  const at = now.toISOString();
  return writeTransaction(database, async (tx) => {
    const counts = { added: 0, updated: 0 };
    for (const line of plan.lines) {
      const columns = JSON.stringify(line.columns);
      const existing = await planLineProject(tx, plan.year, line.appCode);
      const key = existing?.process_key ?? planProcessKey(plan.year, line.appCode);
      if (existing) {
        await sql`UPDATE procurement_projects SET title = ${line.title},
            end_user_office = ${line.endUserOffice}, mode = ${line.mode}, abc = ${line.abc},
            source_of_funds = ${line.sourceOfFunds}, plan_columns = ${columns},
            app_year = ${plan.year}, updated = ${laterUpdated(at)}
          WHERE id = ${existing.id}`.execute(tx.db);
        counts.updated += 1;
      } else {
        await sql`INSERT INTO procurement_projects (process_key, title, end_user_office, mode, abc,
            app_code, year, app_year, source_of_funds, plan_columns, created, updated)
          VALUES (${key}, ${line.title}, ${line.endUserOffice}, ${line.mode}, ${line.abc},
            ${line.appCode}, ${plan.year}, ${plan.year}, ${line.sourceOfFunds}, ${columns},
            ${at}, ${at})`.execute(tx.db);
        counts.added += 1;
      }
      await writeAudit(tx, {
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
  });
}
