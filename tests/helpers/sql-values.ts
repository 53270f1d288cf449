import type { RawBuilder } from 'kysely';
import type { SiteDatabase } from '../../db/site-database.ts';

/**
 * The first column of the first row `query` answers (a count, a max, one field), or
 * undefined when it answers no row, on either engine: for tests that check one stored
 * value without naming its column (`sql\`SELECT count(*) FROM news_items\``).
 */
export async function valueOf(site: SiteDatabase, query: RawBuilder<unknown>): Promise<unknown> {
  const { rows } = await query.execute(site.db);
  const [row] = rows as Record<string, unknown>[];
  return row === undefined ? undefined : Object.values(row)[0];
}

/** The rows `query` answers, typed as the test expects them. */
export async function rowsOf<T>(site: SiteDatabase, query: RawBuilder<unknown>): Promise<T[]> {
  const { rows } = await query.execute(site.db);
  return rows as T[];
}
