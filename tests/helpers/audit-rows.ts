import type { AuditEntry } from '../../db/audit-log.ts';
import type { AppDatabase } from '../../db/connection.ts';

/**
 * An audit entry written at once on SQLite's raw connection, for tests that must write
 * inside a synchronous moment (a callback of the copy, a commit "between" two others); the
 * site writes its entries with `writeAudit` in the transaction of what they describe.
 */
export function insertAuditRow({ sqlite }: AppDatabase, entry: AuditEntry): void {
  sqlite
    .prepare('INSERT INTO audit_log (action, actor, address, detail) VALUES (?, ?, ?, ?)')
    .run(entry.action, entry.actor, entry.address, JSON.stringify(entry.detail));
}
