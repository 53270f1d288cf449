import { sql } from 'kysely';
import type { SiteDatabase } from './site-database.ts';
import { recordKinds } from '../shared/record-kinds.ts';

export interface CollectionStats {
  collection: string;
  /** Records posted, withdrawn ones included (the totals the triggers keep). */
  records: number;
  /** When a record was last posted, withdrawn ones too; null for an empty collection. */
  newest: string | null;
}

export interface DatabaseStats {
  collections: CollectionStats[];
  staffAccounts: number;
  auditEntries: number;
  /** When the newest audit entry was written; null when there is none. */
  lastAuditEntry: string | null;
}

/**
 * What `municipal db stats` reports of the database's contents, on either engine: one
 * query for the published totals, then one seek on each kind's index on `created`.
 */
export async function databaseStats({ db }: SiteDatabase): Promise<DatabaseStats> {
  const totals = new Map(
    (await db.selectFrom('record_counts').select(['collection', 'total']).execute()).map((row) => [
      row.collection,
      Number(row.total),
    ]),
  );
  // Table names come from the registry, never from input.
  const newest = async (table: string) =>
    (
      await sql<{
        newest: string | null;
      }>`SELECT max(created) AS newest FROM ${sql.table(table)}`.execute(db)
    ).rows[0]?.newest ?? null;
  const count = async (table: 'staff_users' | 'audit_log') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lastAudit = await db
    .selectFrom('audit_log')
    .select('at')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const collections: CollectionStats[] = [];
  for (const kind of recordKinds) {
    collections.push({
      collection: kind.collection,
      records: totals.get(kind.collection) ?? 0,
      newest: await newest(kind.collection),
    });
  }
  return {
    collections,
    staffAccounts: await count('staff_users'),
    auditEntries: await count('audit_log'),
    lastAuditEntry: lastAudit?.at ?? null,
  };
}
