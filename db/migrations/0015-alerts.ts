import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Bid alerts by e-mail. Every table here holds personal data (subscribers' addresses) or
 * the work of mailing them, so none is public: no data-version triggers, no open data.
 *
 * - alert_subscriptions: one row per subscription; `lists` is a JSON array of collections
 *   or ["all"]; `nonce` goes into every signed link, so deleting the row kills its links.
 *   AUTOINCREMENT: an id is never reused, so an old link never names a new subscriber.
 * - alert_outbox: one row per record event (posted, amended, withdrawn), written in the
 *   same transaction as the record; `batch` groups the rows of one CLI import.
 * - alert_batches: an import's batch, closed when the import ends.
 * - alert_messages: one row per e-mail to send, unique by `dedupe_key` (subscription and
 *   notice version, import batch or digest day), written before sending and marked sent
 *   after the mail server accepted it.
 * - alert_sender_state: one row: whether this site sends alerts, the last send, the mail
 *   server's state.
 * - alert_subscribe_attempts: subscribe requests by keyed hash of address or client, for
 *   the rate limits; pruned after a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE alert_subscriptions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      email TEXT NOT NULL,
      lists TEXT NOT NULL CHECK (json_valid(lists)),
      keyword TEXT,
      frequency TEXT NOT NULL CHECK (frequency IN ('immediate', 'daily')),
      nonce TEXT NOT NULL,
      created TEXT NOT NULL,
      confirmed_at TEXT
    ) STRICT`,
    `CREATE INDEX alert_subscriptions_unconfirmed ON alert_subscriptions (created) WHERE confirmed_at IS NULL`,
    `CREATE TABLE alert_outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      collection TEXT NOT NULL,
      record_id INTEGER NOT NULL,
      version INTEGER NOT NULL,
      event TEXT NOT NULL CHECK (event IN ('posted', 'amended', 'withdrawn')),
      batch TEXT,
      created TEXT NOT NULL,
      fanned_out_at TEXT
    ) STRICT`,
    `CREATE INDEX alert_outbox_pending ON alert_outbox (id) WHERE fanned_out_at IS NULL`,
    `CREATE INDEX alert_outbox_by_batch ON alert_outbox (batch, id) WHERE batch IS NOT NULL`,
    `CREATE INDEX alert_outbox_by_record ON alert_outbox (collection, record_id)`,
    `CREATE INDEX alert_outbox_by_fan_out ON alert_outbox (fanned_out_at)`,
    `CREATE TABLE alert_batches (
      id TEXT PRIMARY KEY,
      started TEXT NOT NULL,
      closed TEXT
    ) STRICT, WITHOUT ROWID`,
    `CREATE TABLE alert_messages (
      id INTEGER PRIMARY KEY,
      subscription_id INTEGER NOT NULL REFERENCES alert_subscriptions (id) ON DELETE CASCADE,
      dedupe_key TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('confirm', 'notice', 'batch', 'digest')),
      outbox_id INTEGER REFERENCES alert_outbox (id),
      batch TEXT,
      due_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      last_error TEXT,
      failed_at TEXT,
      sent_at TEXT
    ) STRICT`,
    `CREATE INDEX alert_messages_due ON alert_messages (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`,
    `CREATE INDEX alert_messages_by_subscription ON alert_messages (subscription_id)`,
    `CREATE TABLE alert_sender_state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      enabled INTEGER NOT NULL,
      last_send_at TEXT,
      server_down_since TEXT,
      next_try_at TEXT,
      last_error TEXT,
      consecutive_failures INTEGER NOT NULL DEFAULT 0
    ) STRICT`,
    `INSERT INTO alert_sender_state (id, enabled) VALUES (1, 0)`,
    `CREATE TABLE alert_subscribe_attempts (
      key TEXT NOT NULL,
      at TEXT NOT NULL
    ) STRICT`,
    `CREATE INDEX alert_subscribe_attempts_by_key ON alert_subscribe_attempts (key, at)`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'alert_subscribe_attempts',
    'alert_sender_state',
    'alert_messages',
    'alert_batches',
    'alert_outbox',
    'alert_subscriptions',
  ]) {
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
}
