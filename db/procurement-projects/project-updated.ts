import { sql, type RawBuilder } from 'kysely';
import type { SiteDatabase } from '../site-database.ts';

/**
 * A project's new `updated` time when something of it changes at `at`: the later of the
 * two, so an import dated in the past never moves it back. ISO UTC times sort as text; the
 * CASE is said in words both engines read (SQLite's scalar max() is PostgreSQL's greatest()).
 */
export function laterUpdated(at: string): RawBuilder<string> {
  return sql<string>`CASE WHEN updated < ${at} THEN ${at} ELSE updated END`;
}

/** Marks a project changed at `at` (its notices, bids, amendments, completion, conferences, answers). */
export async function touchProject(
  { db }: SiteDatabase,
  projectId: number,
  at: string,
): Promise<void> {
  await sql`UPDATE procurement_projects SET updated = ${laterUpdated(at)}
    WHERE id = ${projectId}`.execute(db);
}
