import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The bulk import skips a row identical to a stored record, so it looks records up by
 * their content. The link plus the kind's identifying number (or title) is nearly unique,
 * which keeps that lookup an index probe at any table size. Snapshot of the collections at
 * the time of writing, like 0001.
 */
const identity = {
  notice_of_awards: 'pr_number',
  notice_to_proceed: 'pr_number',
  bid_bulletin: 'bid_number_or_pr_number',
  public_bidding: 'bid_number',
  svp: 'pr_number',
  reports: 'title',
  two_failed_bidding: 'pr_number',
  shopping_bidding: 'pr_number',
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of Object.entries(identity)) {
    await runStatements(db, [`CREATE INDEX ${table}_identity ON ${table} (link, ${column})`]);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(identity)) {
    await sql.raw(`DROP INDEX ${table}_identity`).execute(db);
  }
}
