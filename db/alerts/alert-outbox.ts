import { sql } from 'kysely';
import type { AppDatabase } from '../connection.ts';
import type { SiteDatabase } from '../site-database.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';

// The outbox of bid alerts: written by whatever publishes a record (web, API, CLI import),
// always inside the publishing transaction, so a record and its alert commit together or
// not at all. The sender (server/alerts/alert-sender.ts) reads it.

export type AlertEvent = 'posted' | 'amended' | 'withdrawn';

/**
 * Alerts are queued only while some server runs with SMTP_URL set (it says so in
 * alert_sender_state at start) and someone has confirmed a subscription: otherwise there is
 * no one to tell and nothing is queued.
 */
const SOMEONE_TO_TELL = `(SELECT enabled FROM alert_sender_state WHERE id = 1) = 1
  AND EXISTS (SELECT 1 FROM alert_subscriptions WHERE confirmed_at IS NOT NULL)`;

/**
 * Queues the alert of one record event; call inside the transaction that writes the record,
 * `at` the time of that write (the server's app.clock), so the outbox and the record agree.
 */
export async function queueAlert(
  transaction: SiteDatabase,
  event: { kind: RecordKind; recordId: number; version: number; event: AlertEvent; at: Date },
): Promise<void> {
  await sql`INSERT INTO alert_outbox (collection, record_id, version, event, created)
    SELECT ${event.kind.collection}, ${event.recordId}, ${event.version}, ${event.event},
      ${event.at.toISOString()}
    WHERE ${sql.raw(SOMEONE_TO_TELL)}`.execute(transaction.db);
}

/**
 * Queues the alerts of the records of `kind` stored after id `after`, as part of import
 * batch `batch`: set-based, inside the import's own synchronous SQLite transaction (the
 * bulk import is SQLite's own path until it moves to both engines). The sender waits for
 * the batch to close and then mails each subscriber one message for the whole import.
 */
export function queueImportedAlerts(
  database: AppDatabase,
  { kind, after, batch }: { kind: RecordKind; after: number; batch: string },
): void {
  const now = new Date().toISOString();
  const queued = database.sqlite
    .prepare(
      `INSERT INTO alert_outbox (collection, record_id, version, event, batch, created)
       SELECT ?, id, version, 'posted', ?, ? FROM ${kind.collection}
       WHERE id > ? AND ${SOMEONE_TO_TELL} ORDER BY id`,
    )
    .run(kind.collection, batch, now, after);
  if (queued.changes > 0) {
    database.sqlite
      .prepare('INSERT OR IGNORE INTO alert_batches (id, started) VALUES (?, ?)')
      .run(batch, now);
  }
}

/** Ends an import's batch: its alerts may go out now. A batch that queued nothing is no row. */
export function closeAlertBatch(database: AppDatabase, batch: string): void {
  database.sqlite
    .prepare('UPDATE alert_batches SET closed = ? WHERE id = ? AND closed IS NULL')
    .run(new Date().toISOString(), batch);
}
