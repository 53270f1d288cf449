import { sql } from 'kysely';
import { writeAudit } from '../audit-log.ts';
import { writeTransaction, type SiteDatabase } from '../site-database.ts';
import { demoRecords } from './demo-records.ts';
import { countAllRecords, insertRecord } from './record-queries.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { validateRecord } from '../../shared/records/record-validation.ts';

// Table names below come from the registry, never from a request; values are always bound.

/**
 * Fills an empty database with the demo records, each marked in demo_records, so a
 * newcomer's first start shows populated lists. Only called with DEMO_RECORDS=true. A
 * database holding any record at all is left alone, so real data is never mixed with demo
 * data. Returns how many records it added. On either engine.
 */
export async function loadDemoRecordsIfEmpty(database: SiteDatabase): Promise<number> {
  // Validated before the transaction: a broken demo file fails without opening one.
  const batches = recordKinds.map((kind, kindIndex) => ({
    kind,
    records: demoRecords(kind, kindIndex).map(({ values, created }) => {
      const checked = validateRecord(kind, values);
      if (!checked.ok)
        throw new Error(
          `Demo ${kind.collection} record is invalid: ${JSON.stringify(checked.errors)}`,
        );
      return { values: checked.value, created };
    }),
  }));
  return writeTransaction(database, async (transaction) => {
    // Two processes starting on one empty database must not both load the demo: SQLite's
    // BEGIN IMMEDIATE serialises them; on PostgreSQL the demo marks' table is locked first, and
    // the second loader, let in after the first commits, counts its records.
    if (transaction.engine === 'postgres') {
      await sql`LOCK TABLE demo_records IN EXCLUSIVE MODE`.execute(transaction.db);
    }
    if ((await countAllRecords(transaction)) > 0) return 0;
    let added = 0;
    for (const { kind, records } of batches) {
      for (const { values, created } of records) {
        const record = await insertRecord(transaction, kind, values, created);
        await transaction.db
          .insertInto('demo_records')
          .values({ collection: kind.collection, record_id: record.id })
          .execute();
        added += 1;
      }
    }
    return added;
  });
}

/** How many demo records the database holds. */
export async function countDemoRecords({ db }: SiteDatabase): Promise<number> {
  const row = await db
    .selectFrom('demo_records')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Whether any demo record is left: one probe of the table's key, read for every page rendered. */
export async function hasDemoRecords({ db }: SiteDatabase): Promise<boolean> {
  const row = await db.selectFrom('demo_records').select('record_id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface DemoRemoval {
  /** Records deleted, per collection (every collection is listed). */
  records: Record<string, number>;
  /** History entries (corrections, withdrawals) of those records deleted. */
  history: number;
}

/**
 * Deletes every demo record with its history, and their marks, in one transaction with an
 * audit entry: demo records are not public records, so nothing of them stays (no
 * "withdrawn" page, no feed entry, no OCDS release, which are all built from these rows).
 * Returns what was deleted; nothing at all (and no audit entry) when there was none.
 */
export async function removeDemoRecords(
  database: SiteDatabase,
  actor: string,
): Promise<DemoRemoval> {
  return writeTransaction(database, async (transaction) => {
    const { db } = transaction;
    const removal: DemoRemoval = { records: {}, history: 0 };
    for (const kind of recordKinds) {
      const demoIds = db
        .selectFrom('demo_records')
        .select('record_id')
        .where('collection', '=', kind.collection);
      const history = await db
        .deleteFrom('record_history')
        .where('collection', '=', kind.collection)
        .where('record_id', 'in', demoIds)
        .executeTakeFirst();
      removal.history += Number(history.numDeletedRows);
      const records = await sql`DELETE FROM ${sql.table(kind.collection)}
        WHERE id IN (SELECT record_id FROM demo_records WHERE collection = ${kind.collection})`.execute(
        db,
      );
      removal.records[kind.collection] = Number(records.numAffectedRows ?? 0);
    }
    const marks = await db.deleteFrom('demo_records').executeTakeFirst();
    if (Number(marks.numDeletedRows) > 0) {
      await writeAudit(transaction, {
        action: 'demo-removed',
        actor,
        address: null,
        detail: { records: removal.records, history: removal.history },
      });
    }
    return removal;
  });
}
