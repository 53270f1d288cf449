import type { AppDatabase } from './connection.ts';
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

/** What `municipal db stats` reports of the database's contents. */
export function databaseStats({ sqlite }: AppDatabase): DatabaseStats {
  const totals = new Map(
    (
      sqlite.prepare('SELECT collection, total FROM record_counts').all() as {
        collection: string;
        total: number;
      }[]
    ).map((row) => [row.collection, row.total]),
  );
  // Table names come from the registry. Each newest posting is one seek on the index on created.
  const newest = (table: string) =>
    (
      sqlite.prepare(`SELECT max(created) AS newest FROM ${table}`).get() as {
        newest: string | null;
      }
    ).newest;
  const count = (table: 'staff_users' | 'audit_log') =>
    (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const lastAudit = sqlite
    .prepare('SELECT at FROM audit_log ORDER BY at DESC, id DESC LIMIT 1')
    .get() as { at: string } | undefined;
  return {
    collections: recordKinds.map((kind) => ({
      collection: kind.collection,
      records: totals.get(kind.collection) ?? 0,
      newest: newest(kind.collection),
    })),
    staffAccounts: count('staff_users'),
    auditEntries: count('audit_log'),
    lastAuditEntry: lastAudit?.at ?? null,
  };
}
