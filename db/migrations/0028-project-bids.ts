import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * The abstract of bids as data (issue 34): each bidder of a project, the amount it bid and
 * what the BAC found of the bid, with the reason. A watchdog counts bidders and compares
 * prices from these rows; the project page and OCDS `bids.details` read them.
 *
 * - `bidder` is the name as the committee typed it (the public reads it so); `bidder_folded`
 *   is shared/suppliers/supplier-name.ts's folded form, so a supplier's page finds the
 *   projects it bid on however the name was spelled.
 * - `amount` is integer centavos like the record tables'.
 * - `outcome` is the codelist of shared/procurement-projects/bid.ts; at most one `lcrb`
 *   (lowest calculated responsive bid) per project, held by a partial unique index so no
 *   writer (API, form, import) can store a second one.
 * - `reason` may be empty for a responsive bid; the check function asks one for the others.
 * - `created` (UTC) and `actor` say who entered it; the audit entry is written in the same
 *   transaction.
 */
const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";

/** ₱100 billion in centavos, the most any amount may be (shared/money.ts). */
const MAX_CENTAVOS = 10_000_000_000_000;

const OUTCOMES = [
  'lcrb',
  'responsive',
  'failed-eligibility',
  'failed-preliminary',
  'failed-evaluation',
  'failed-post-qualification',
  'withdrawn',
]
  .map((outcome) => `'${outcome}'`)
  .join(', ');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE project_bids (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      project_id INTEGER NOT NULL REFERENCES procurement_projects (id),
      bidder TEXT NOT NULL CHECK (bidder <> '' AND bidder = trim(bidder) AND length(bidder) <= 300),
      bidder_folded TEXT NOT NULL CHECK (bidder_folded <> ''),
      amount INTEGER NOT NULL CHECK (amount BETWEEN 0 AND ${MAX_CENTAVOS}),
      outcome TEXT NOT NULL CHECK (outcome IN (${OUTCOMES})),
      reason TEXT NOT NULL CHECK (reason = trim(reason)),
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
      actor TEXT NOT NULL
    ) STRICT`,
    `CREATE INDEX project_bids_by_project ON project_bids (project_id, amount, id)`,
    `CREATE INDEX project_bids_by_bidder ON project_bids (bidder_folded)`,
    `CREATE UNIQUE INDEX project_bids_one_lcrb ON project_bids (project_id) WHERE outcome = 'lcrb'`,
    // Bids are shown on the public project and supplier pages: the render cache must renew.
    ...dataVersionTriggers('project_bids'),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE project_bids`.execute(db);
}
