import type { SiteDatabase } from '../../db/site-database.ts';

/** The parsed details of the audit entries with `action`, oldest first, on either engine. */
export async function auditDetails(
  { db }: SiteDatabase,
  action: string,
): Promise<Record<string, unknown>[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('detail')
    .where('action', '=', action)
    .orderBy('id')
    .execute();
  return rows.map((row) => JSON.parse(row.detail) as Record<string, unknown>);
}
