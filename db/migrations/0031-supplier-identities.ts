import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * What staff decide about suppliers (issue 34); suppliers themselves stay derived from the
 * notices and the abstracts of bids (server/suppliers/supplier-index.ts). Each row is keyed
 * by a folded name (shared/suppliers/supplier-name.ts), the one thing every spelling of a
 * supplier shares. Independent of migration 0030.
 *
 * - `supplier_merges`: staff confirmed that the supplier whose folded name is `folded` is the
 *   supplier `into_folded`; its spellings then count under the kept one and show there as
 *   "also written as". Never made without a person and a reason.
 * - `supplier_dismissals`: a suggested pair staff said are two companies (`first_folded` sorts
 *   before `second_folded`), so it is not suggested again.
 * - `supplier_registrations`: the PhilGEPS registration number staff gave a supplier, which
 *   becomes its id; unique, so two suppliers never share one.
 * - `supplier_history`: every one of those decisions, kept after a later one replaces it.
 *
 * Merges and registrations change public pages, so they bump the data version.
 */
const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE supplier_merges (
      folded TEXT PRIMARY KEY CHECK (folded <> ''),
      into_folded TEXT NOT NULL CHECK (into_folded <> '' AND into_folded <> folded),
      reason TEXT NOT NULL CHECK (reason <> '' AND reason = trim(reason)),
      actor TEXT NOT NULL,
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT})
    ) STRICT`,
    `CREATE TABLE supplier_dismissals (
      first_folded TEXT NOT NULL,
      second_folded TEXT NOT NULL CHECK (first_folded < second_folded),
      reason TEXT NOT NULL CHECK (reason = trim(reason)),
      actor TEXT NOT NULL,
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT}),
      PRIMARY KEY (first_folded, second_folded)
    ) STRICT, WITHOUT ROWID`,
    `CREATE TABLE supplier_registrations (
      folded TEXT PRIMARY KEY CHECK (folded <> ''),
      philgeps_number TEXT NOT NULL UNIQUE CHECK (
        philgeps_number GLOB '[0-9]*[0-9]' AND philgeps_number NOT GLOB '*[^0-9-]*'
        AND philgeps_number NOT GLOB '*--*' AND length(philgeps_number) BETWEEN 4 AND 20),
      actor TEXT NOT NULL,
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT})
    ) STRICT`,
    `CREATE TABLE supplier_history (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      action TEXT NOT NULL CHECK (action IN ('merged', 'dismissed', 'registered')),
      folded TEXT NOT NULL,
      detail TEXT NOT NULL CHECK (json_valid(detail)),
      actor TEXT NOT NULL,
      created TEXT NOT NULL CHECK (created GLOB ${TIME_FORMAT})
    ) STRICT`,
    `CREATE INDEX supplier_history_by_folded ON supplier_history (folded, id)`,
    ...dataVersionTriggers('supplier_merges'),
    ...dataVersionTriggers('supplier_registrations'),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'supplier_history',
    'supplier_registrations',
    'supplier_dismissals',
    'supplier_merges',
  ]) {
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
}
