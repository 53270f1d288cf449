import type { Lang } from '../../shared/i18n/languages.ts';
import type { AppDatabase } from '../connection.ts';

// Subscribers' addresses are personal data (RA 10173): kept only while subscribed, deleted
// on unsubscribing, forgotten after 7 days if never confirmed, never public.

export type AlertFrequency = 'immediate' | 'daily';

export interface AlertSubscription {
  id: number;
  email: string;
  /** Collections, or ['all']. */
  lists: string[];
  keyword: string | null;
  frequency: AlertFrequency;
  /** The language its mail is written in: that of the page it subscribed from. */
  lang: Lang;
  /** Random text every signed link of the subscription carries. */
  nonce: string;
  created: string;
  confirmedAt: string | null;
}

interface SubscriptionRow {
  id: number;
  email: string;
  lists: string;
  keyword: string | null;
  frequency: AlertFrequency;
  lang: Lang;
  nonce: string;
  created: string;
  confirmed_at: string | null;
}

function fromRow(row: SubscriptionRow): AlertSubscription {
  return {
    id: row.id,
    email: row.email,
    lists: JSON.parse(row.lists) as string[],
    keyword: row.keyword,
    frequency: row.frequency,
    lang: row.lang,
    nonce: row.nonce,
    created: row.created,
    confirmedAt: row.confirmed_at,
  };
}

export interface SubscriptionSettings {
  lists: readonly string[];
  keyword: string | null;
  frequency: AlertFrequency;
}

/** Stores an unconfirmed subscription and queues its confirmation message, in one transaction. */
export function addSubscription(
  database: AppDatabase,
  subscription: SubscriptionSettings & { email: string; lang: Lang; nonce: string; now: string },
): AlertSubscription {
  return database.sqlite
    .transaction(() => {
      const row = database.sqlite
        .prepare(
          `INSERT INTO alert_subscriptions (email, lists, keyword, frequency, lang, nonce, created)
           VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        )
        .get(
          subscription.email,
          JSON.stringify(subscription.lists),
          subscription.keyword,
          subscription.frequency,
          subscription.lang,
          subscription.nonce,
          subscription.now,
        ) as SubscriptionRow;
      database.sqlite
        .prepare(
          `INSERT INTO alert_messages (subscription_id, dedupe_key, kind, due_at, next_attempt_at)
           VALUES (?, ?, 'confirm', ?, ?)`,
        )
        .run(row.id, `confirm:${row.id}`, subscription.now, subscription.now);
      return fromRow(row);
    })
    .immediate();
}

export function findSubscription(database: AppDatabase, id: number): AlertSubscription | undefined {
  const row = database.sqlite.prepare('SELECT * FROM alert_subscriptions WHERE id = ?').get(id) as
    SubscriptionRow | undefined;
  return row && fromRow(row);
}

/**
 * Confirms a subscription. An address has one subscription: when it already has a
 * confirmed one, this one was a repeat subscribe, and its confirmation (proof that the
 * address's owner asked) puts its settings on the existing subscription and removes its
 * own row. The existing row stays, so the links already mailed for it keep working.
 * Answers the subscription that stands, 'already-confirmed' when this one was confirmed
 * before (its link was used), or undefined when there is none.
 */
export function confirmSubscription(
  database: AppDatabase,
  id: number,
  now: string,
): AlertSubscription | 'already-confirmed' | undefined {
  return database.sqlite
    .transaction(() => {
      const row = database.sqlite
        .prepare('SELECT * FROM alert_subscriptions WHERE id = ?')
        .get(id) as SubscriptionRow | undefined;
      if (!row) return undefined;
      // A link used before hands out nothing again (see the service's confirm).
      if (row.confirmed_at !== null) return 'already-confirmed' as const;
      const existing = database.sqlite
        .prepare(
          `SELECT * FROM alert_subscriptions
           WHERE email = ? COLLATE NOCASE AND confirmed_at IS NOT NULL AND id <> ?`,
        )
        .get(row.email, id) as SubscriptionRow | undefined;
      if (!existing) {
        database.sqlite
          .prepare('UPDATE alert_subscriptions SET confirmed_at = ? WHERE id = ?')
          .run(now, id);
        return fromRow({ ...row, confirmed_at: now });
      }
      const settings = {
        lists: row.lists,
        keyword: row.keyword,
        frequency: row.frequency,
        lang: row.lang,
      };
      database.sqlite
        .prepare(
          'UPDATE alert_subscriptions SET lists = ?, keyword = ?, frequency = ?, lang = ? WHERE id = ?',
        )
        .run(settings.lists, settings.keyword, settings.frequency, settings.lang, existing.id);
      database.sqlite.prepare('DELETE FROM alert_subscriptions WHERE id = ?').run(id);
      return fromRow({ ...existing, ...settings });
    })
    .immediate();
}

export function updateSubscription(
  database: AppDatabase,
  id: number,
  settings: SubscriptionSettings & { lang: Lang },
): void {
  database.sqlite
    .prepare(
      'UPDATE alert_subscriptions SET lists = ?, keyword = ?, frequency = ?, lang = ? WHERE id = ?',
    )
    .run(JSON.stringify(settings.lists), settings.keyword, settings.frequency, settings.lang, id);
}

/** Deletes the subscription and, by cascade, every message of it: nothing of the address is kept. */
export function deleteSubscription(database: AppDatabase, id: number): boolean {
  return (
    database.sqlite.prepare('DELETE FROM alert_subscriptions WHERE id = ?').run(id).changes === 1
  );
}

/** Forgets subscriptions never confirmed since `before`; answers how many. */
export function forgetUnconfirmed(database: AppDatabase, before: string): number {
  return database.sqlite
    .prepare('DELETE FROM alert_subscriptions WHERE confirmed_at IS NULL AND created < ?')
    .run(before).changes;
}

/** Every confirmed subscription, for matching a notice against them. */
export function confirmedSubscriptions(database: AppDatabase): AlertSubscription[] {
  return (
    database.sqlite
      .prepare('SELECT * FROM alert_subscriptions WHERE confirmed_at IS NOT NULL ORDER BY id')
      .all() as SubscriptionRow[]
  ).map(fromRow);
}

/**
 * Answers whether every key (a keyed hash of the mailbox, of the client's network) is still
 * within its limit over its window and, if so, counts the request under each. A refused
 * request counts under none: refusals sent from a flooding client must not use up a real
 * person's allowance for their own address. Attempts older than the longest window are
 * dropped on the way.
 */
export function countSubscribeAttempt(
  database: AppDatabase,
  attempt: {
    now: string;
    keys: { key: string; limit: number; since: string }[];
    pruneBefore: string;
  },
): boolean {
  return database.sqlite
    .transaction(() => {
      database.sqlite
        .prepare('DELETE FROM alert_subscribe_attempts WHERE at < ?')
        .run(attempt.pruneBefore);
      const count = database.sqlite.prepare(
        'SELECT count(*) AS n FROM alert_subscribe_attempts WHERE key = ? AND at >= ?',
      );
      const allowed = attempt.keys.every(
        ({ key, limit, since }) => (count.get(key, since) as { n: number }).n < limit,
      );
      if (!allowed) return false;
      const insert = database.sqlite.prepare(
        'INSERT INTO alert_subscribe_attempts (key, at) VALUES (?, ?)',
      );
      for (const { key } of attempt.keys) insert.run(key, attempt.now);
      return true;
    })
    .immediate();
}

/** Subscriptions per list for the operators' stats: confirmed and waiting for confirmation. */
export function subscriptionCounts(
  database: AppDatabase,
): { list: string; confirmed: number; unconfirmed: number }[] {
  return database.sqlite
    .prepare(
      `SELECT list.value AS list,
         sum(s.confirmed_at IS NOT NULL) AS confirmed,
         sum(s.confirmed_at IS NULL) AS unconfirmed
       FROM alert_subscriptions s, json_each(s.lists) list
       GROUP BY list.value ORDER BY list.value`,
    )
    .all() as { list: string; confirmed: number; unconfirmed: number }[];
}
