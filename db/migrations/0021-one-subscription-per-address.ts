import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * One confirmed subscription per address. Subscribing again used to add a row, so an
 * address that subscribed three times got every notice three times. From now on a repeat
 * subscription, once confirmed, changes the address's one subscription
 * (db/alert-subscriptions.ts, confirmSubscription); the index keeps it so, the case of the
 * address aside as the rate limits already treat it.
 *
 * Addresses confirmed more than once keep their most recently confirmed subscription (the
 * latest wish); the others go with their queued messages (by cascade). Their links were
 * mailed beside the kept one's, so the subscriber still holds a working one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `DELETE FROM alert_subscriptions
    WHERE confirmed_at IS NOT NULL AND EXISTS (
      SELECT 1 FROM alert_subscriptions AS later
      WHERE later.confirmed_at IS NOT NULL
        AND later.email = alert_subscriptions.email COLLATE NOCASE
        AND (later.confirmed_at > alert_subscriptions.confirmed_at
          OR (later.confirmed_at = alert_subscriptions.confirmed_at
            AND later.id > alert_subscriptions.id)))`,
  ]);
  await runStatements(db, [
    `CREATE UNIQUE INDEX alert_subscriptions_one_per_address
    ON alert_subscriptions (email COLLATE NOCASE) WHERE confirmed_at IS NOT NULL`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX alert_subscriptions_one_per_address`.execute(db);
}
