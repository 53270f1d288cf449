import { sql } from 'kysely';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';

// The outbox of bid alerts: written by whatever publishes a record (web, API, CLI import),
// always inside the publishing transaction, so a record and its alert commit together or
// not at all. The sender (server/alerts/alert-sender.ts) reads it. Each query is written
// once, for both engines.

export type AlertEvent = 'posted' | 'amended' | 'withdrawn';

/**
 * Alerts are queued only while some server runs with SMTP_URL set (it says so in
 * alert_sender_state at start) and someone has confirmed a subscription: otherwise there is
 * no one to tell and nothing is queued.
 */
const SOMEONE_TO_TELL = sql`(SELECT enabled FROM alert_sender_state WHERE id = 1) = 1
  AND EXISTS (SELECT 1 FROM alert_subscriptions WHERE confirmed_at IS NOT NULL)`;

type QueuedEvent = {
  kind: RecordKind;
  recordId: number;
  version: number;
  event: AlertEvent;
  at: Date;
};

// The integers are cast: in a SELECT list PostgreSQL would take a parameter for text.
const queueAlertQuery =
  (event: QueuedEvent): Query<{ id: number }> =>
  () =>
    sql`INSERT INTO alert_outbox (collection, record_id, version, event, created)
      SELECT ${event.kind.collection}, CAST(${event.recordId} AS integer),
        CAST(${event.version} AS integer), ${event.event}, ${event.at.toISOString()}
      WHERE ${SOMEONE_TO_TELL} RETURNING id`;

type ImportedAlerts = { kind: RecordKind; after: number; batch: string };

const queueImportedQuery =
  ({ kind, after, batch }: ImportedAlerts, now: string): Query<{ id: number }> =>
  () =>
    sql`INSERT INTO alert_outbox (collection, record_id, version, event, batch, created)
      SELECT ${kind.collection}, id, version, 'posted', ${batch}, ${now}
      FROM ${sql.table(kind.collection)}
      WHERE id > ${after} AND ${SOMEONE_TO_TELL} ORDER BY id RETURNING id`;

const openBatchQuery =
  (batch: string, now: string): Query<{ id: string }> =>
  () =>
    sql`INSERT INTO alert_batches (id, started) VALUES (${batch}, ${now})
      ON CONFLICT DO NOTHING RETURNING id`;

const closeBatchQuery =
  (batch: string, now: string): Query<{ id: string }> =>
  () =>
    sql`UPDATE alert_batches SET closed = ${now} WHERE id = ${batch} AND closed IS NULL
      RETURNING id`;

/**
 * Queues the alert of one record event; call with the transaction that writes the record,
 * `at` the time of that write (the server's app.clock), so the outbox and the record agree.
 */
export async function queueAlert(transaction: SiteDatabase, event: QueuedEvent): Promise<void> {
  await queryRows(transaction, queueAlertQuery(event));
}

/**
 * Queues the alerts of the records of `kind` stored after id `after`, as part of import
 * batch `batch`: set-based, inside the import's own transaction. The sender waits for the
 * batch to close and then mails each subscriber one message for the whole import.
 */
export async function queueImportedAlertsIn(
  transaction: SiteDatabase,
  alerts: ImportedAlerts,
): Promise<void> {
  const now = new Date().toISOString();
  const queued = await queryRows(transaction, queueImportedQuery(alerts, now));
  if (queued.length > 0) await queryRows(transaction, openBatchQuery(alerts.batch, now));
}

/** Ends an import's batch: its alerts may go out now. A batch that queued nothing is no row. */
export async function closeAlertBatchOn(database: SiteDatabase, batch: string): Promise<void> {
  await queryRows(database, closeBatchQuery(batch, new Date().toISOString()));
}
