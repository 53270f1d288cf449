import { sql } from 'kysely';
import type { PostgresDatabase } from './postgres-connection.ts';

/** How much room the database takes on its server, tables, indexes and TOAST together. */
export async function postgresDatabaseBytes({ db }: PostgresDatabase): Promise<number> {
  const { rows } = await sql<{
    bytes: number;
  }>`SELECT pg_database_size(current_database()) AS bytes`.execute(db);
  return Number(rows[0]!.bytes);
}

/** True when the migrations have run on the database (it holds a site, perhaps an empty one). */
export async function isMigratedPostgres({ db }: PostgresDatabase): Promise<boolean> {
  const { rows } = await sql<{
    found: string | null;
  }>`SELECT to_regclass('public.site_created')::text AS found`.execute(db);
  return rows[0]?.found != null;
}
