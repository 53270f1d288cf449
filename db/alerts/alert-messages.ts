import { sql, type RawBuilder } from 'kysely';
import { writeTransaction, type SiteDatabase } from '../site-database.ts';
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

// Aliases are double-quoted: PostgreSQL folds unquoted names to lower case.
const EVENT_COLUMNS = sql`id, collection, record_id AS "recordId", version, event, batch,
  fanned_out_at AS "fannedOutAt"`;

async function rowsOf<R>({ db }: SiteDatabase, query: RawBuilder<R>): Promise<R[]> {
  return (await query.execute(db)).rows;
}

/** Says whether a server with SMTP_URL runs (so publishing queues alerts), at every start. */
export async function setAlertsEnabled(database: SiteDatabase, enabled: boolean): Promise<void> {
  await rowsOf(
    database,
    sql`UPDATE alert_sender_state SET enabled = ${enabled ? 1 : 0} WHERE id = 1`,
  );
}

/** Events not yet fanned out that are not part of an import. */
export async function pendingSingleEvents(
  database: SiteDatabase,
  limit: number,
): Promise<OutboxEvent[]> {
  return rowsOf(
    database,
    sql<OutboxEvent>`SELECT ${EVENT_COLUMNS} FROM alert_outbox
      WHERE fanned_out_at IS NULL AND batch IS NULL ORDER BY id LIMIT ${limit}`,
  );
}

/**
 * Import batches whose events can go out: closed by their import, or left open by an
 * import that died, when nothing was added to them since `staleBefore`.
 */
export async function readyBatches(database: SiteDatabase, staleBefore: string): Promise<string[]> {
  const rows = await rowsOf(
    database,
    sql<{ batch: string }>`SELECT o.batch AS batch
      FROM alert_outbox o LEFT JOIN alert_batches b ON b.id = o.batch
      WHERE o.fanned_out_at IS NULL AND o.batch IS NOT NULL
      GROUP BY o.batch
      HAVING max(b.closed) IS NOT NULL OR max(o.created) < ${staleBefore}
      ORDER BY min(o.id)`,
  );
  return rows.map((row) => row.batch);
}

export async function batchEvents(database: SiteDatabase, batch: string): Promise<OutboxEvent[]> {
  return rowsOf(
    database,
    sql<OutboxEvent>`SELECT ${EVENT_COLUMNS} FROM alert_outbox WHERE batch = ${batch} ORDER BY id`,
  );
}

export async function findOutboxEvent(
  database: SiteDatabase,
  id: number,
): Promise<OutboxEvent | undefined> {
  const rows = await rowsOf(
    database,
    sql<OutboxEvent>`SELECT ${EVENT_COLUMNS} FROM alert_outbox WHERE id = ${id}`,
  );
  return rows[0];
}

/** Events fanned out in [start, end), the window of one daily digest. */
export async function eventsFannedOutBetween(
  database: SiteDatabase,
  start: string,
  end: string,
): Promise<OutboxEvent[]> {
  return rowsOf(
    database,
    sql<OutboxEvent>`SELECT ${EVENT_COLUMNS} FROM alert_outbox
      WHERE fanned_out_at >= ${start} AND fanned_out_at < ${end} ORDER BY id`,
  );
}

/** When the posting of a record was fanned out: who was subscribed then heard of it. */
export async function postingFannedOutAt(
  database: SiteDatabase,
  collection: string,
  recordId: number,
): Promise<string | undefined> {
  const [row] = await rowsOf(
    database,
    sql<{ at: string | null }>`SELECT min(fanned_out_at) AS "at" FROM alert_outbox
      WHERE collection = ${collection} AND record_id = ${recordId} AND event = 'posted'`,
  );
  return row?.at ?? undefined;
}

export interface NewMessage {
  subscriptionId: number;
  dedupeKey: string;
  kind: 'notice' | 'batch' | 'digest';
  outboxId?: number;
  batch?: string;
  dueAt: string;
}

/** Rows per INSERT: seven values each, well inside SQLite's limit on bound values. */
const FAN_OUT_ROWS = 500;

/**
 * Writes message rows and marks the events fanned out, in one transaction. A message whose
 * key exists already is left as it is, so fanning the same events out again (after a crash
 * between two chunks) adds nothing twice.
 */
export async function fanOut(
  database: SiteDatabase,
  messages: readonly NewMessage[],
  fannedOut: { eventIds: readonly number[]; at: string } | undefined,
): Promise<void> {
  await writeTransaction(database, async ({ db }) => {
    for (let first = 0; first < messages.length; first += FAN_OUT_ROWS) {
      const rows = messages.slice(first, first + FAN_OUT_ROWS).map(
        (message) =>
          sql`(${message.subscriptionId}, ${message.dedupeKey}, ${message.kind},
              ${message.outboxId ?? null}, ${message.batch ?? null}, ${message.dueAt}, ${message.dueAt})`,
      );
      await sql`INSERT INTO alert_messages
          (subscription_id, dedupe_key, kind, outbox_id, batch, due_at, next_attempt_at)
        VALUES ${sql.join(rows)} ON CONFLICT DO NOTHING`.execute(db);
    }
    if (fannedOut && fannedOut.eventIds.length > 0) {
      await sql`UPDATE alert_outbox SET fanned_out_at = ${fannedOut.at}
        WHERE id IN (${sql.join(fannedOut.eventIds)}) AND fanned_out_at IS NULL`.execute(db);
    }
  });
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

/**
 * The messages a sender is to send now: on PostgreSQL claimed (claimDueMessages), as
 * several app processes send from one outbox; on SQLite just read, as one server process
 * alone serves a database file (server/data-folder.ts), and a server restarted after a
 * crash must resend at once what it had under way, not wait for a lease to run out.
 */
export async function takeDueMessages(
  database: SiteDatabase,
  claim: { now: string; leaseUntil: string; limit: number },
): Promise<QueuedMessage[]> {
  return database.engine === 'postgres'
    ? claimDueMessages(database, claim)
    : dueMessages(database, claim.now, claim.limit);
}

/**
 * Hands back claimed messages the sender did not get to (the mail server went away, the
 * server stopped): due again at `dueAt` for any sender instead of when the lease ends. A
 * message whose lease was replaced meanwhile (a refusal's retry time, sent) is left alone.
 */
export async function releaseClaims(
  database: SiteDatabase,
  ids: readonly number[],
  { leaseUntil, dueAt }: { leaseUntil: string; dueAt: string },
): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE alert_messages SET next_attempt_at = ${dueAt}
    WHERE id IN (${sql.join(ids)}) AND sent_at IS NULL AND next_attempt_at = ${leaseUntil}`.execute(
    database.db,
  );
}

/** Messages due by `now` and not waiting for a retry, oldest first. */
export async function dueMessages(
  database: SiteDatabase,
  now: string,
  limit: number,
): Promise<QueuedMessage[]> {
  return rowsOf(
    database,
    sql<QueuedMessage>`SELECT id, subscription_id AS "subscriptionId", dedupe_key AS "dedupeKey",
        kind, outbox_id AS "outboxId", batch, due_at AS "dueAt", attempts
      FROM alert_messages
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at, id LIMIT ${limit}`,
  );
}

/**
 * Runs `work` with SQLite's commits waiting for no disk sync (synchronous NORMAL, in WAL
 * mode), then puts the setting back; on PostgreSQL it just runs it (the server's own
 * settings decide). Another request's commit that falls inside the window waits for no
 * sync either: it too survives a crash of the process, and only a power cut before the
 * next sync could lose it.
 */
async function withoutDiskSync(database: SiteDatabase, work: () => Promise<void>): Promise<void> {
  if (database.engine !== 'sqlite') return work();
  const [setting] = await rowsOf(database, sql<{ synchronous: number }>`PRAGMA synchronous`);
  await sql`PRAGMA synchronous = NORMAL`.execute(database.db);
  try {
    await work();
  } finally {
    await sql`PRAGMA synchronous = ${sql.raw(String(Number(setting!.synchronous)))}`.execute(
      database.db,
    );
  }
}

/**
 * The mail server accepted these messages: they are never sent again. Several at once, so
 * messages accepted together share one commit (one disk sync) instead of one each.
 */
export async function markMessagesSent(
  database: SiteDatabase,
  ids: readonly number[],
  at: string,
): Promise<void> {
  if (ids.length === 0) return;
  // This commit waits for no disk sync on SQLite: the server's event loop is not held up
  // once per group of messages. A crashed or killed process keeps the mark (the operating
  // system has it); only a power cut before the next sync can lose it, and then the
  // message goes once more, with the same Message-ID: never lost.
  await withoutDiskSync(database, () =>
    writeTransaction(database, async ({ db }) => {
      await sql`UPDATE alert_messages SET sent_at = ${at} WHERE id IN (${sql.join(ids)})`.execute(
        db,
      );
      await sql`UPDATE alert_sender_state SET last_send_at = ${at} WHERE id = 1`.execute(db);
    }),
  );
}

/** Forgets which alerts were sent before `before`: a record of mail to a person is kept no longer than needed. */
export async function pruneSentMessages(database: SiteDatabase, before: string): Promise<number> {
  const rows = await rowsOf(
    database,
    sql`DELETE FROM alert_messages WHERE sent_at IS NOT NULL AND sent_at < ${before} RETURNING id`,
  );
  return rows.length;
}

/** A message with nothing left to say (an empty digest): dropped unsent. */
export async function dropMessage(database: SiteDatabase, id: number): Promise<void> {
  await rowsOf(database, sql`DELETE FROM alert_messages WHERE id = ${id}`);
}

/** A failed try: retried at `nextAttemptAt`, or given up (`failedAt`) after the last try. */
export async function markMessageAttempt(
  database: SiteDatabase,
  id: number,
  attempt: { error: string; nextAttemptAt: string; failedAt: string | null },
): Promise<void> {
  await rowsOf(
    database,
    sql`UPDATE alert_messages SET attempts = attempts + 1, last_error = ${attempt.error},
      next_attempt_at = ${attempt.nextAttemptAt}, failed_at = ${attempt.failedAt} WHERE id = ${id}`,
  );
}

export interface SenderState {
  enabled: boolean;
  lastSendAt: string | null;
  serverDownSince: string | null;
  nextTryAt: string | null;
  lastError: string | null;
  consecutiveFailures: number;
}

export async function readSenderState(database: SiteDatabase): Promise<SenderState> {
  const [row] = await rowsOf(
    database,
    sql<Omit<SenderState, 'enabled'> & { enabled: number }>`
      SELECT enabled, last_send_at AS "lastSendAt", server_down_since AS "serverDownSince",
        next_try_at AS "nextTryAt", last_error AS "lastError",
        consecutive_failures AS "consecutiveFailures"
      FROM alert_sender_state WHERE id = 1`,
  );
  return { ...row!, enabled: row!.enabled === 1 };
}

/** The mail server could not be reached: no message is tried before `nextTryAt`. */
export async function recordServerDown(
  database: SiteDatabase,
  failure: { at: string; error: string; nextTryAt: string },
): Promise<void> {
  await rowsOf(
    database,
    sql`UPDATE alert_sender_state SET server_down_since = coalesce(server_down_since, ${failure.at}),
      last_error = ${failure.error}, next_try_at = ${failure.nextTryAt},
      consecutive_failures = consecutive_failures + 1
      WHERE id = 1`,
  );
}

export async function recordServerUp(database: SiteDatabase): Promise<void> {
  await rowsOf(
    database,
    sql`UPDATE alert_sender_state SET server_down_since = NULL, next_try_at = NULL,
      consecutive_failures = 0 WHERE id = 1 AND consecutive_failures > 0`,
  );
}

/** Given-up messages are tried again, and a mail server thought down is tried at once. */
export async function retryFailedMessages(database: SiteDatabase, now: string): Promise<number> {
  return writeTransaction(database, async (transaction) => {
    const retried = await rowsOf(
      transaction,
      sql`UPDATE alert_messages SET failed_at = NULL, attempts = 0, next_attempt_at = ${now}
        WHERE sent_at IS NULL AND (failed_at IS NOT NULL OR next_attempt_at > ${now})
        RETURNING id`,
    );
    await rowsOf(
      transaction,
      sql`UPDATE alert_sender_state SET next_try_at = ${now}
        WHERE id = 1 AND next_try_at IS NOT NULL`,
    );
    return retried.length;
  });
}

export interface AlertQueueStats {
  outboxPending: number;
  messagesWaiting: number;
  messagesFailed: number;
  messagesSent: number;
  lastFailure: string | null;
}

export async function alertQueueStats(database: SiteDatabase): Promise<AlertQueueStats> {
  const [row] = await rowsOf(
    database,
    sql<AlertQueueStats>`SELECT
      (SELECT count(*) FROM alert_outbox WHERE fanned_out_at IS NULL) AS "outboxPending",
      (SELECT count(*) FROM alert_messages WHERE sent_at IS NULL AND failed_at IS NULL) AS "messagesWaiting",
      (SELECT count(*) FROM alert_messages WHERE failed_at IS NOT NULL) AS "messagesFailed",
      (SELECT count(*) FROM alert_messages WHERE sent_at IS NOT NULL) AS "messagesSent",
      (SELECT last_error FROM alert_messages WHERE last_error IS NOT NULL
        ORDER BY next_attempt_at DESC LIMIT 1) AS "lastFailure"`,
  );
  return {
    outboxPending: Number(row!.outboxPending),
    messagesWaiting: Number(row!.messagesWaiting),
    messagesFailed: Number(row!.messagesFailed),
    messagesSent: Number(row!.messagesSent),
    lastFailure: row!.lastFailure,
  };
}
