import { sql } from 'kysely';
import type { SiteDatabase } from '../../db/site-database.ts';

/**
 * The first column of the first row a plain SQL text answers, on either engine (a count, say:
 * PostgreSQL's bigint comes back as a number, db/postgres/pg-driver.ts). For assertions only:
 * the text goes to the database as written.
 */
export async function scalar({ db }: SiteDatabase, text: string): Promise<unknown> {
  const { rows } = await sql.raw<Record<string, unknown>>(text).execute(db);
  return rows[0] === undefined ? undefined : Object.values(rows[0])[0];
}
