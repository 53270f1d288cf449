import { sql } from 'kysely';
import { writeAudit } from '../audit-log.ts';
import { queryRows, writeTransaction, type Query, type SiteDatabase } from '../site-database.ts';

// What staff decided about suppliers (migration 0031): merges, dismissed suggestions and
// PhilGEPS registration numbers, each written with its history row and audit entry in one
// transaction, on either engine (issue 36).

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

/** The four tables' rows, each read with one query both engines read. */
const mergeRows: Query<{ folded: string; into_folded: string }> = () =>
  sql`SELECT folded, into_folded FROM supplier_merges`;
const registrationRows: Query<{ folded: string; philgeps_number: string }> = () =>
  sql`SELECT folded, philgeps_number FROM supplier_registrations`;
const dismissalRows: Query<{ first_folded: string; second_folded: string }> = () =>
  sql`SELECT first_folded, second_folded FROM supplier_dismissals`;
/** Each number given, from the history's detail (JSON, read here rather than by either engine's JSON functions). */
const registeredRows: Query<{ folded: string; detail: string }> = () =>
  sql`SELECT folded, detail FROM supplier_history WHERE action = 'registered' ORDER BY id`;

function decisionsOf(
  merges: readonly { folded: string; into_folded: string }[],
  registrations: readonly { folded: string; philgeps_number: string }[],
  dismissals: readonly { first_folded: string; second_folded: string }[],
  registered: readonly { folded: string; detail: string }[],
): SupplierDecisions {
  return {
    formerRegistrations: registered.map((row) => ({
      folded: row.folded,
      number: (JSON.parse(row.detail) as { number: string }).number,
    })),
    merges: new Map(merges.map((row) => [row.folded, row.into_folded])),
    registrations: new Map(registrations.map((row) => [row.folded, row.philgeps_number])),
    dismissals: new Set(dismissals.map((row) => pairKey(row.first_folded, row.second_folded))),
  };
}

export async function supplierDecisions(database: SiteDatabase): Promise<SupplierDecisions> {
  return decisionsOf(
    await queryRows(database, mergeRows),
    await queryRows(database, registrationRows),
    await queryRows(database, dismissalRows),
    await queryRows(database, registeredRows),
  );
}

/** Who decided, for the history row and the audit entry. */
export interface SupplierDecider {
  actor: string;
  address: string | null;
  role: string;
}

async function history(
  database: SiteDatabase,
  action: 'merged' | 'dismissed' | 'registered',
  folded: string,
  detail: Record<string, unknown>,
  by: SupplierDecider,
  created: string,
): Promise<void> {
  await sql`INSERT INTO supplier_history (action, folded, detail, actor, created)
    VALUES (${action}, ${folded}, ${JSON.stringify(detail)}, ${by.actor}, ${created})`.execute(
    database.db,
  );
  await writeAudit(database, {
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
export async function mergeSuppliers(
  database: SiteDatabase,
  { kept, merged, reason }: { kept: string; merged: readonly string[]; reason: string },
  by: SupplierDecider,
  now: Date,
): Promise<void> {
  const created = now.toISOString();
  await writeTransaction(database, async (tx) => {
    for (const folded of merged) {
      await sql`INSERT INTO supplier_merges (folded, into_folded, reason, actor, created)
        VALUES (${folded}, ${kept}, ${reason}, ${by.actor}, ${created})
        ON CONFLICT (folded) DO UPDATE SET into_folded = excluded.into_folded,
          reason = excluded.reason, actor = excluded.actor, created = excluded.created`.execute(
        tx.db,
      );
      // Names merged into this one before follow it to the kept supplier.
      await sql`UPDATE supplier_merges SET into_folded = ${kept} WHERE into_folded = ${folded}`.execute(
        tx.db,
      );
      await history(tx, 'merged', folded, { into: kept, reason }, by, created);
    }
  });
}

/** Records that two suppliers are not one company, so the pair is not suggested again. */
export async function dismissSuggestion(
  database: SiteDatabase,
  { first, second, reason }: { first: string; second: string; reason: string },
  by: SupplierDecider,
  now: Date,
): Promise<void> {
  const created = now.toISOString();
  const [a, b] = first < second ? [first, second] : [second, first];
  await writeTransaction(database, async (tx) => {
    // A pair dismissed again keeps the latest reason (SQLite's INSERT OR REPLACE before).
    await sql`INSERT INTO supplier_dismissals (first_folded, second_folded, reason, actor, created)
      VALUES (${a}, ${b}, ${reason}, ${by.actor}, ${created})
      ON CONFLICT (first_folded, second_folded) DO UPDATE SET reason = excluded.reason,
        actor = excluded.actor, created = excluded.created`.execute(tx.db);
    await history(tx, 'dismissed', a, { other: b, reason }, by, created);
  });
}

/** The folded name holding a PhilGEPS registration number, if any. */
export async function registrationHolder(
  database: SiteDatabase,
  number: string,
): Promise<string | undefined> {
  const [row] = await queryRows(
    database,
    () => sql<{ folded: string }>`SELECT folded FROM supplier_registrations
      WHERE philgeps_number = ${number}`,
  );
  return row?.folded;
}

/** Sets (or replaces) a supplier's PhilGEPS registration number. One transaction. */
export async function registerSupplier(
  database: SiteDatabase,
  { folded, number, formerId }: { folded: string; number: string; formerId: string },
  by: SupplierDecider,
  now: Date,
): Promise<void> {
  const created = now.toISOString();
  await writeTransaction(database, async (tx) => {
    await sql`INSERT INTO supplier_registrations (folded, philgeps_number, actor, created)
      VALUES (${folded}, ${number}, ${by.actor}, ${created})
      ON CONFLICT (folded) DO UPDATE SET philgeps_number = excluded.philgeps_number,
        actor = excluded.actor, created = excluded.created`.execute(tx.db);
    await history(tx, 'registered', folded, { number, formerId }, by, created);
  });
}
