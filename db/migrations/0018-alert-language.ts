import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The language a subscriber reads alerts in: the language of the page they subscribed
 * from, so the confirmation, every alert and every link in them come in that language.
 * Part of the subscription row, so it is personal data like the address: no data-version
 * triggers, never in open data, and deleted with the address. Existing subscribers all
 * subscribed from English pages, so they stay 'en'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE alert_subscriptions
    ADD COLUMN lang TEXT NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'fil'))`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alert_subscriptions DROP COLUMN lang`.execute(db);
}
