import type { Lang } from '../../shared/i18n/languages.ts';
import { sql } from 'kysely';
import { lockForTransaction } from '../postgres/job-lock.ts';
import { writeTransaction, type SiteDatabase } from '../site-database.ts';

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
export async function addSubscription(
  database: SiteDatabase,
  subscription: SubscriptionSettings & { email: string; lang: Lang; nonce: string; now: string },
): Promise<AlertSubscription> {
  return writeTransaction(database, async ({ db }) => {
    const { rows } = await sql<SubscriptionRow>`
      INSERT INTO alert_subscriptions (email, lists, keyword, frequency, lang, nonce, created)
      VALUES (${subscription.email}, ${JSON.stringify(subscription.lists)}, ${subscription.keyword},
        ${subscription.frequency}, ${subscription.lang}, ${subscription.nonce}, ${subscription.now})
      RETURNING *`.execute(db);
    const row = rows[0]!;
    await sql`INSERT INTO alert_messages (subscription_id, dedupe_key, kind, due_at, next_attempt_at)
      VALUES (${row.id}, ${`confirm:${row.id}`}, 'confirm', ${subscription.now},
        ${subscription.now})`.execute(db);
    return fromRow(row);
  });
}

async function subscriptionRow(
  { db }: SiteDatabase,
  id: number,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await sql<SubscriptionRow>`
    SELECT * FROM alert_subscriptions WHERE id = ${id}`.execute(db);
  return rows[0];
}

export async function findSubscription(
  database: SiteDatabase,
  id: number,
): Promise<AlertSubscription | undefined> {
  const row = await subscriptionRow(database, id);
  return row && fromRow(row);
}

const SET_SETTINGS = (
  settings: { lists: string } & Omit<SubscriptionSettings, 'lists'> & {
      lang: Lang;
    },
) =>
  sql`lists = ${settings.lists}, keyword = ${settings.keyword}, frequency = ${settings.frequency},
    lang = ${settings.lang}`;

/**
 * Confirms a subscription. An address has one subscription: when it already has a
 * confirmed one, this one was a repeat subscribe, and its confirmation (proof that the
 * address's owner asked) puts its settings on the existing subscription and removes its
 * own row. The existing row stays, so the links already mailed for it keep working.
 * Answers the subscription that stands, 'already-confirmed' when this one was confirmed
 * before (its link was used), or undefined when there is none. Confirmations wait for one
 * another (on PostgreSQL, across processes), so two repeat subscribes of one address
 * confirmed at once still leave it one subscription.
 */
export async function confirmSubscription(
  database: SiteDatabase,
  id: number,
  now: string,
): Promise<AlertSubscription | 'already-confirmed' | undefined> {
  return writeTransaction(database, async (transaction) => {
    const { db } = transaction;
    await lockForTransaction(transaction, 'alert-confirmations');
    const row = await subscriptionRow(transaction, id);
    if (!row) return undefined;
    // A link used before hands out nothing again (see the service's confirm).
    if (row.confirmed_at !== null) return 'already-confirmed' as const;
    // Addresses compare without case (ASCII), as SQLite's NOCASE did.
    const { rows } = await sql<SubscriptionRow>`
      SELECT * FROM alert_subscriptions
      WHERE lower(email) = lower(${row.email}) AND confirmed_at IS NOT NULL AND id <> ${id}`.execute(
      db,
    );
    const existing = rows[0];
    if (!existing) {
      await sql`UPDATE alert_subscriptions SET confirmed_at = ${now} WHERE id = ${id}`.execute(db);
      return fromRow({ ...row, confirmed_at: now });
    }
    const settings = {
      lists: row.lists,
      keyword: row.keyword,
      frequency: row.frequency,
      lang: row.lang,
    };
    await sql`UPDATE alert_subscriptions SET ${SET_SETTINGS(settings)}
      WHERE id = ${existing.id}`.execute(db);
    await sql`DELETE FROM alert_subscriptions WHERE id = ${id}`.execute(db);
    return fromRow({ ...existing, ...settings });
  });
}

export async function updateSubscription(
  { db }: SiteDatabase,
  id: number,
  settings: SubscriptionSettings & { lang: Lang },
): Promise<void> {
  await sql`UPDATE alert_subscriptions
    SET ${SET_SETTINGS({ ...settings, lists: JSON.stringify(settings.lists) })}
    WHERE id = ${id}`.execute(db);
}

/** Deletes the subscription and, by cascade, every message of it: nothing of the address is kept. */
export async function deleteSubscription({ db }: SiteDatabase, id: number): Promise<boolean> {
  const { rows } = await sql`DELETE FROM alert_subscriptions WHERE id = ${id} RETURNING id`.execute(
    db,
  );
  return rows.length === 1;
}

/** Forgets subscriptions never confirmed since `before`; answers how many. */
export async function forgetUnconfirmed({ db }: SiteDatabase, before: string): Promise<number> {
  const { rows } = await sql`DELETE FROM alert_subscriptions
    WHERE confirmed_at IS NULL AND created < ${before} RETURNING id`.execute(db);
  return rows.length;
}

/** Every confirmed subscription, for matching a notice against them. */
export async function confirmedSubscriptions({ db }: SiteDatabase): Promise<AlertSubscription[]> {
  const { rows } = await sql<SubscriptionRow>`
    SELECT * FROM alert_subscriptions WHERE confirmed_at IS NOT NULL ORDER BY id`.execute(db);
  return rows.map(fromRow);
}

/**
 * Answers whether every key (a keyed hash of the mailbox, of the client's network) is still
 * within its limit over its window and, if so, counts the request under each. A refused
 * request counts under none: refusals sent from a flooding client must not use up a real
 * person's allowance for their own address. Attempts older than the longest window are
 * dropped on the way. Counting and inserting wait for another process's (PostgreSQL), so
 * the limits hold across processes.
 */
export async function countSubscribeAttempt(
  database: SiteDatabase,
  attempt: {
    now: string;
    keys: { key: string; limit: number; since: string }[];
    pruneBefore: string;
  },
): Promise<boolean> {
  return writeTransaction(database, async (transaction) => {
    const { db } = transaction;
    await lockForTransaction(transaction, 'alert-subscribe-attempts');
    await sql`DELETE FROM alert_subscribe_attempts WHERE at < ${attempt.pruneBefore}`.execute(db);
    for (const { key, limit, since } of attempt.keys) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*) AS n FROM alert_subscribe_attempts
        WHERE key = ${key} AND at >= ${since}`.execute(db);
      if (Number(rows[0]!.n) >= limit) return false;
    }
    for (const { key } of attempt.keys) {
      await sql`INSERT INTO alert_subscribe_attempts (key, at) VALUES (${key}, ${attempt.now})`.execute(
        db,
      );
    }
    return true;
  });
}

/**
 * The lists of each subscription, one row each, as `list.value`: the stored JSON array read
 * by each engine's own function (SQLite's json_each, PostgreSQL's json_array_elements_text).
 */
function subscriptionLists(database: SiteDatabase) {
  return database.engine === 'postgres'
    ? sql`json_array_elements_text(s.lists::json) AS list(value)`
    : sql`json_each(s.lists) AS list`;
}

/** Subscriptions per list for the operators' stats: confirmed and waiting for confirmation. */
export async function subscriptionCounts(
  database: SiteDatabase,
): Promise<{ list: string; confirmed: number; unconfirmed: number }[]> {
  const { rows } = await sql<{ list: string; confirmed: number; unconfirmed: number }>`
    SELECT list.value AS list,
      sum(CASE WHEN s.confirmed_at IS NOT NULL THEN 1 ELSE 0 END) AS confirmed,
      sum(CASE WHEN s.confirmed_at IS NULL THEN 1 ELSE 0 END) AS unconfirmed
    FROM alert_subscriptions s, ${subscriptionLists(database)}
    GROUP BY list.value ORDER BY list.value`.execute(database.db);
  return rows.map((row) => ({
    list: row.list,
    confirmed: Number(row.confirmed),
    unconfirmed: Number(row.unconfirmed),
  }));
}
