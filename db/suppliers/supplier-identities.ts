import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import { statement } from '../records/record-queries.ts';

// What staff decided about suppliers (migration 0031): merges, dismissed suggestions and
// PhilGEPS registration numbers, each written with its history row and audit entry in one
// transaction.

/** Everything the supplier index and the suggestions read, each keyed by folded name. */
export interface SupplierDecisions {
  /** A merged folded name → the folded name it was merged into. */
  merges: Map<string, string>;
  /** A folded name → its PhilGEPS registration number. */
  registrations: Map<string, string>;
  /** Dismissed pairs, as `first\nsecond` with first < second. */
  dismissals: Set<string>;
  /** Every number a folded name was ever given, the current one included (from the history). */
  formerRegistrations: { folded: string; number: string }[];
}

/** The key of an unordered pair of folded names. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

export function supplierDecisions(database: AppDatabase): SupplierDecisions {
  const merges = statement(
    database,
    'suppliers:merges',
    () => 'SELECT folded, into_folded FROM supplier_merges',
  ).all() as { folded: string; into_folded: string }[];
  const registrations = statement(
    database,
    'suppliers:registrations',
    () => 'SELECT folded, philgeps_number FROM supplier_registrations',
  ).all() as { folded: string; philgeps_number: string }[];
  const dismissals = statement(
    database,
    'suppliers:dismissals',
    () => 'SELECT first_folded, second_folded FROM supplier_dismissals',
  ).all() as { first_folded: string; second_folded: string }[];
  const formerRegistrations = statement(
    database,
    'suppliers:former-registrations',
    () =>
      `SELECT folded, json_extract(detail, '$.number') AS number
       FROM supplier_history WHERE action = 'registered' ORDER BY id`,
  ).all() as { folded: string; number: string }[];
  return {
    formerRegistrations,
    merges: new Map(merges.map((row) => [row.folded, row.into_folded])),
    registrations: new Map(registrations.map((row) => [row.folded, row.philgeps_number])),
    dismissals: new Set(dismissals.map((row) => pairKey(row.first_folded, row.second_folded))),
  };
}

/** Who decided, for the history row and the audit entry. */
export interface SupplierDecider {
  actor: string;
  address: string | null;
  role: string;
}

function history(
  database: AppDatabase,
  action: 'merged' | 'dismissed' | 'registered',
  folded: string,
  detail: Record<string, unknown>,
  by: SupplierDecider,
  created: string,
) {
  statement(
    database,
    'suppliers:history',
    () =>
      `INSERT INTO supplier_history (action, folded, detail, actor, created)
       VALUES (?, ?, ?, ?, ?)`,
  ).run(action, folded, JSON.stringify(detail), by.actor, created);
  recordAudit(database, {
    action: `supplier-${action}`,
    actor: by.actor,
    address: by.address,
    detail: { folded, ...detail, role: by.role },
  });
}

/**
 * Merges the suppliers whose folded names are `merged` into the one `kept` is: each merged
 * name (and any name merged into it before) now points at `kept`. One transaction.
 */
export function mergeSuppliers(
  database: AppDatabase,
  { kept, merged, reason }: { kept: string; merged: readonly string[]; reason: string },
  by: SupplierDecider,
  now: Date,
): void {
  const created = now.toISOString();
  database.sqlite
    .transaction(() => {
      for (const folded of merged) {
        statement(
          database,
          'suppliers:merge',
          () =>
            `INSERT INTO supplier_merges (folded, into_folded, reason, actor, created)
             VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (folded) DO UPDATE SET into_folded = excluded.into_folded,
               reason = excluded.reason, actor = excluded.actor, created = excluded.created`,
        ).run(folded, kept, reason, by.actor, created);
        // Names merged into this one before follow it to the kept supplier.
        statement(
          database,
          'suppliers:merge-follow',
          () => 'UPDATE supplier_merges SET into_folded = ? WHERE into_folded = ?',
        ).run(kept, folded);
        history(database, 'merged', folded, { into: kept, reason }, by, created);
      }
    })
    .immediate();
}

/** Records that two suppliers are not one company, so the pair is not suggested again. */
export function dismissSuggestion(
  database: AppDatabase,
  { first, second, reason }: { first: string; second: string; reason: string },
  by: SupplierDecider,
  now: Date,
): void {
  const created = now.toISOString();
  const [a, b] = first < second ? [first, second] : [second, first];
  database.sqlite
    .transaction(() => {
      statement(
        database,
        'suppliers:dismiss',
        () =>
          `INSERT OR REPLACE INTO supplier_dismissals
             (first_folded, second_folded, reason, actor, created) VALUES (?, ?, ?, ?, ?)`,
      ).run(a, b, reason, by.actor, created);
      history(database, 'dismissed', a, { other: b, reason }, by, created);
    })
    .immediate();
}

/** The folded name holding a PhilGEPS registration number, if any. */
export function registrationHolder(database: AppDatabase, number: string): string | undefined {
  const row = statement(
    database,
    'suppliers:registration-holder',
    () => 'SELECT folded FROM supplier_registrations WHERE philgeps_number = ?',
  ).get(number) as { folded: string } | undefined;
  return row?.folded;
}

/** Sets (or replaces) a supplier's PhilGEPS registration number. One transaction. */
export function registerSupplier(
  database: AppDatabase,
  { folded, number, formerId }: { folded: string; number: string; formerId: string },
  by: SupplierDecider,
  now: Date,
): void {
  const created = now.toISOString();
  database.sqlite
    .transaction(() => {
      statement(
        database,
        'suppliers:register',
        () =>
          `INSERT INTO supplier_registrations (folded, philgeps_number, actor, created)
           VALUES (?, ?, ?, ?)
           ON CONFLICT (folded) DO UPDATE SET philgeps_number = excluded.philgeps_number,
             actor = excluded.actor, created = excluded.created`,
      ).run(folded, number, by.actor, created);
      history(database, 'registered', folded, { number, formerId }, by, created);
    })
    .immediate();
}
