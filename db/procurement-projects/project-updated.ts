import { sql, type RawBuilder } from 'kysely';
import type { SiteDatabase } from '../site-database.ts';

/**
 * A project's new `updated` time when something of it changes at `at`: the later of the
 * two (ISO UTC times sort as text), so an import dated in the past never moves it back.
 * SQLite's scalar max() is PostgreSQL's greatest(): the one place the engines differ here.
 */
export function laterUpdated(database: SiteDatabase, at: string): RawBuilder<string> {
  return database.engine === 'postgres'
    ? sql<string>`greatest(updated, ${at})`
    : sql<string>`max(updated, ${at})`;
}

/** Marks a project changed at `at` (its notices, bids, amendments, conferences, answers). */
export async function touchProject(
  database: SiteDatabase,
  projectId: number,
  at: string,
): Promise<void> {
  await sql`UPDATE procurement_projects SET updated = ${laterUpdated(database, at)}
    WHERE id = ${projectId}`.execute(database.db);
}
