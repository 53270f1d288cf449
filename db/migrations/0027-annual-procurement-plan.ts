import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The Annual Procurement Plan (issue 34): each line of a year's APP is a planned project, the
 * contracting process's planning stage, before any notice of it is posted.
 *
 * - `app_year`: the year of the plan the project is a line of; NULL for a project started
 *   from a notice and never in a plan (every existing row stays valid). One plan line per
 *   APP code and year: re-importing the plan updates its lines (the unique index).
 * - `source_of_funds`: the plan's "Source of Funds" column (General Fund, 20% Development
 *   Fund, …).
 * - `plan_columns`: every other column of the plan line, kept as given, a JSON object of
 *   heading → text (the GPPB form's schedule columns, remarks, …).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE procurement_projects ADD COLUMN app_year INTEGER CHECK (app_year BETWEEN 1900 AND 9999)`,
    `ALTER TABLE procurement_projects ADD COLUMN source_of_funds TEXT`,
    `ALTER TABLE procurement_projects ADD COLUMN plan_columns TEXT CHECK (plan_columns IS NULL OR json_type(plan_columns) = 'object')`,
    `CREATE UNIQUE INDEX procurement_projects_plan_line ON procurement_projects (app_year, app_code)
      WHERE app_year IS NOT NULL`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX procurement_projects_plan_line`.execute(db);
  await sql`ALTER TABLE procurement_projects DROP COLUMN plan_columns`.execute(db);
  await sql`ALTER TABLE procurement_projects DROP COLUMN source_of_funds`.execute(db);
  await sql`ALTER TABLE procurement_projects DROP COLUMN app_year`.execute(db);
}
