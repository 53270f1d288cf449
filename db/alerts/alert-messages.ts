import { sql } from 'kysely';
import type { SiteDatabase } from '../site-database.ts';
import type { AppDatabase } from '../connection.ts';
import type { AlertEvent } from './alert-outbox.ts';

// The sender's side of the outbox: fanning record events out to subscriptions as message
// rows, then sending each message row once. Times are ISO 8601 UTC from the server's clock.

export interface OutboxEvent {
  id: number;
  collection: string;
  recordId: number;
  version: number;
  event: AlertEvent;
  batch: string | null;
  fannedOutAt: string | null;
}

const EVENT_COLUMNS = `id, collection, record_id AS recordId, version, event, batch,
  fanned_out_at AS fannedOutAt`;

/** Says whether a server with SMTP_URL runs (so publishing queues alerts), at every start. */
export function setAlertsEnabled(database: AppDatabase, enabled: boolean): void {
  database.sqlite
    .prepare('UPDATE alert_sender_state SET enabled = ? WHERE id = 1')
    .run(enabled ? 1 : 0);
}

/** Events not yet fanned out that are not part of an import. */
export function pendingSingleEvents(database: AppDatabase, limit: number): OutboxEvent[] {
  return database.sqlite
    .prepare(
      `SELECT ${EVENT_COLUMNS} FROM alert_outbox
       WHERE fanned_out_at IS NULL AND batch IS NULL ORDER BY id LIMIT ?`,
    )
    .all(limit) as OutboxEvent[];
}

/**
 * Import batches whose events can go out: closed by their import, or left open by an
 * import that died, when nothing was added to them since `staleBefore`.
 */
export function readyBatches(database: AppDatabase, staleBefore: string): string[] {
  return (
    database.sqlite
      .prepare(
        `SELECT o.batch AS batch FROM alert_outbox o LEFT JOIN alert_batches b ON b.id = o.batch
         WHERE o.fanned_out_at IS NULL AND o.batch IS NOT NULL
         GROUP BY o.batch
         HAVING max(b.closed) IS NOT NULL OR max(o.created) < ?
         ORDER BY min(o.id)`,
      )
      .all(staleBefore) as { batch: string }[]
  ).map((row) => row.batch);
}

export function batchEvents(database: AppDatabase, batch: string): OutboxEvent[] {
  return database.sqlite
    .prepare(`SELECT ${EVENT_COLUMNS} FROM alert_outbox WHERE batch = ? ORDER BY id`)
    .all(batch) as OutboxEvent[];
}

export function findOutboxEvent(database: AppDatabase, id: number): OutboxEvent | undefined {
  return database.sqlite
    .prepare(`SELECT ${EVENT_COLUMNS} FROM alert_outbox WHERE id = ?`)
    .get(id) as OutboxEvent | undefined;
}

/** Events fanned out in [start, end), the window of one daily digest. */
export function eventsFannedOutBetween(
  database: AppDatabase,
  start: string,
  end: string,
): OutboxEvent[] {
  return database.sqlite
    .prepare(
      `SELECT ${EVENT_COLUMNS} FROM alert_outbox
       WHERE fanned_out_at >= ? AND fanned_out_at < ? ORDER BY id`,
    )
    .all(start, end) as OutboxEvent[];
}

/** When the posting of a record was fanned out: who was subscribed then heard of it. */
export function postingFannedOutAt(
  database: AppDatabase,
  collection: string,
  recordId: number,
): string | undefined {
  const row = database.sqlite
    .prepare(
      `SELECT min(fanned_out_at) AS at FROM alert_outbox
       WHERE collection = ? AND record_id = ? AND event = 'posted'`,
    )
    .get(collection, recordId) as { at: string | null };
  return row.at ?? undefined;
}

export interface NewMessage {
  subscriptionId: number;
  dedupeKey: string;
  kind: 'notice' | 'batch' | 'digest';
  outboxId?: number;
  batch?: string;
  dueAt: string;
}

/**
 * Writes message rows and marks the events fanned out, in one transaction. A message whose
 * key exists already is left as it is, so fanning the same events out again (after a crash
 * between two chunks) adds nothing twice.
 */
export function fanOut(
  database: AppDatabase,
  messages: readonly NewMessage[],
  fannedOut: { eventIds: readonly number[]; at: string } | undefined,
): void {
  const insert = database.sqlite.prepare(
    `INSERT OR IGNORE INTO alert_messages
       (subscription_id, dedupe_key, kind, outbox_id, batch, due_at, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const mark = database.sqlite.prepare(
    'UPDATE alert_outbox SET fanned_out_at = ? WHERE id = ? AND fanned_out_at IS NULL',
  );
  database.sqlite
    .transaction(() => {
      for (const message of messages) {
        insert.run(
          message.subscriptionId,
          message.dedupeKey,
          message.kind,
          message.outboxId ?? null,
          message.batch ?? null,
          message.dueAt,
          message.dueAt,
        );
      }
      if (fannedOut) for (const id of fannedOut.eventIds) mark.run(fannedOut.at, id);
    })
    .immediate();
}

export interface QueuedMessage {
  id: number;
  subscriptionId: number;
  dedupeKey: string;
  kind: 'confirm' | 'notice' | 'batch' | 'digest';
  outboxId: number | null;
  batch: string | null;
  dueAt: string;
  attempts: number;
}

/**
 * Claims up to `limit` messages due by `now` for one sender, oldest first, on either
 * engine: their next attempt moves to `leaseUntil`, so no other sender takes them while
 * this one sends; if it dies before marking them sent they fall due again then, and go
 * with the same Message-ID. On PostgreSQL several app processes send from one outbox:
 * FOR UPDATE SKIP LOCKED lets each claim rows the others are not claiming at that moment,
 * so every message goes once whichever process sends it, and no sender waits on another.
 * SQLite has one writer at a time, which is all the claim needs there.
 *
 * Aliases are double-quoted: PostgreSQL folds unquoted names to lower case.
 */
export async function claimDueMessages(
  database: SiteDatabase,
  { now, leaseUntil, limit }: { now: string; leaseUntil: string; limit: number },
): Promise<QueuedMessage[]> {
  const skipLocked = database.engine === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const { rows } = await sql<QueuedMessage>`
    UPDATE alert_messages SET next_attempt_at = ${leaseUntil}
    WHERE id IN (
      SELECT id FROM alert_messages
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at, id LIMIT ${limit} ${skipLocked})
    RETURNING id, subscription_id AS "subscriptionId", dedupe_key AS "dedupeKey", kind,
      outbox_id AS "outboxId", batch, due_at AS "dueAt", attempts`.execute(database.db);
  // RETURNING keeps no order: oldest first again, as the rows were chosen.
  return rows.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.id - b.id);
}

/** Messages due by `now` and not waiting for a retry, oldest first. */
export function dueMessages(database: AppDatabase, now: string, limit: number): QueuedMessage[] {
  return database.sqlite
    .prepare(
      `SELECT id, subscription_id AS subscriptionId, dedupe_key AS dedupeKey, kind,
         outbox_id AS outboxId, batch, due_at AS dueAt, attempts
       FROM alert_messages
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?
       ORDER BY next_attempt_at, id LIMIT ?`,
    )
    .all(now, limit) as QueuedMessage[];
}

/**
 * The mail server accepted these messages: they are never sent again. Several at once, so
 * messages accepted together share one commit (one disk sync) instead of one each.
 */
export function markMessagesSent(database: AppDatabase, ids: readonly number[], at: string): void {
  const mark = database.sqlite.prepare('UPDATE alert_messages SET sent_at = ? WHERE id = ?');
  // This commit waits for no disk sync (synchronous NORMAL, in WAL mode): the server's
  // event loop is not held up once per group of messages. A crashed or killed process
  // keeps the mark (the operating system has it); only a power cut before the next sync
  // can lose it, and then the message goes once more, with the same Message-ID: never lost.
  const previous = database.sqlite.pragma('synchronous', { simple: true }) as number;
  database.sqlite.pragma('synchronous = NORMAL');
  try {
    database.sqlite
      .transaction(() => {
        for (const id of ids) mark.run(at, id);
        database.sqlite
          .prepare('UPDATE alert_sender_state SET last_send_at = ? WHERE id = 1')
          .run(at);
      })
      .immediate();
  } finally {
    database.sqlite.pragma(`synchronous = ${previous}`);
  }
}

/** Forgets which alerts were sent before `before`: a record of mail to a person is kept no longer than needed. */
export function pruneSentMessages(database: AppDatabase, before: string): number {
  return database.sqlite
    .prepare('DELETE FROM alert_messages WHERE sent_at IS NOT NULL AND sent_at < ?')
    .run(before).changes;
}

/** A message with nothing left to say (an empty digest): dropped unsent. */
export function dropMessage(database: AppDatabase, id: number): void {
  database.sqlite.prepare('DELETE FROM alert_messages WHERE id = ?').run(id);
}

/** A failed try: retried at `nextAttemptAt`, or given up (`failedAt`) after the last try. */
export function markMessageAttempt(
  database: AppDatabase,
  id: number,
  attempt: { error: string; nextAttemptAt: string; failedAt: string | null },
): void {
  database.sqlite
    .prepare(
      `UPDATE alert_messages SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,
         failed_at = ? WHERE id = ?`,
    )
    .run(attempt.error, attempt.nextAttemptAt, attempt.failedAt, id);
}

export interface SenderState {
  enabled: boolean;
  lastSendAt: string | null;
  serverDownSince: string | null;
  nextTryAt: string | null;
  lastError: string | null;
  consecutiveFailures: number;
}

export function readSenderState(database: AppDatabase): SenderState {
  const row = database.sqlite
    .prepare(
      `SELECT enabled, last_send_at AS lastSendAt, server_down_since AS serverDownSince,
         next_try_at AS nextTryAt, last_error AS lastError,
         consecutive_failures AS consecutiveFailures
       FROM alert_sender_state WHERE id = 1`,
    )
    .get() as Omit<SenderState, 'enabled'> & { enabled: number };
  return { ...row, enabled: row.enabled === 1 };
}

/** The mail server could not be reached: no message is tried before `nextTryAt`. */
export function recordServerDown(
  database: AppDatabase,
  failure: { at: string; error: string; nextTryAt: string },
): void {
  database.sqlite
    .prepare(
      `UPDATE alert_sender_state SET server_down_since = coalesce(server_down_since, ?),
         last_error = ?, next_try_at = ?, consecutive_failures = consecutive_failures + 1
       WHERE id = 1`,
    )
    .run(failure.at, failure.error, failure.nextTryAt);
}

export function recordServerUp(database: AppDatabase): void {
  database.sqlite
    .prepare(
      `UPDATE alert_sender_state SET server_down_since = NULL, next_try_at = NULL,
         consecutive_failures = 0 WHERE id = 1 AND consecutive_failures > 0`,
    )
    .run();
}

/** Given-up messages are tried again, and a mail server thought down is tried at once. */
export function retryFailedMessages(database: AppDatabase, now: string): number {
  return database.sqlite
    .transaction(() => {
      const retried = database.sqlite
        .prepare(
          `UPDATE alert_messages SET failed_at = NULL, attempts = 0, next_attempt_at = ?
           WHERE sent_at IS NULL AND (failed_at IS NOT NULL OR next_attempt_at > ?)`,
        )
        .run(now, now).changes;
      database.sqlite
        .prepare(
          'UPDATE alert_sender_state SET next_try_at = ? WHERE id = 1 AND next_try_at IS NOT NULL',
        )
        .run(now);
      return retried;
    })
    .immediate();
}

export interface AlertQueueStats {
  outboxPending: number;
  messagesWaiting: number;
  messagesFailed: number;
  messagesSent: number;
  lastFailure: string | null;
}

export function alertQueueStats(database: AppDatabase): AlertQueueStats {
  return database.sqlite
    .prepare(
      `SELECT
         (SELECT count(*) FROM alert_outbox WHERE fanned_out_at IS NULL) AS outboxPending,
         (SELECT count(*) FROM alert_messages WHERE sent_at IS NULL AND failed_at IS NULL) AS messagesWaiting,
         (SELECT count(*) FROM alert_messages WHERE failed_at IS NOT NULL) AS messagesFailed,
         (SELECT count(*) FROM alert_messages WHERE sent_at IS NOT NULL) AS messagesSent,
         (SELECT last_error FROM alert_messages WHERE last_error IS NOT NULL
            ORDER BY next_attempt_at DESC LIMIT 1) AS lastFailure`,
    )
    .get() as AlertQueueStats;
}
