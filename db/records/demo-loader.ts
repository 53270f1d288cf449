import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import { demoRecords } from './demo-records.ts';
import { countAllRecordsSqlite, insertRecords, statement } from './record-queries.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { validateRecord } from '../../shared/records/record-validation.ts';

// Table names below come from the registry, never from a request; values are always bound.

/**
 * Fills an empty database with the demo records, each marked in demo_records, so a
 * newcomer's first start shows populated lists. Only called with DEMO_RECORDS=true. A
 * database holding any record at all is left alone, so real data is never mixed with demo
 * data. Returns how many records it added.
 */
export function loadDemoRecordsIfEmpty(database: AppDatabase): number {
  const mark = statement(
    database,
    'demo:mark',
    () => 'INSERT INTO demo_records (collection, record_id) VALUES (?, ?)',
  );
  const load = database.sqlite.transaction(() => {
    if (countAllRecordsSqlite(database) > 0) return 0;
    let added = 0;
    recordKinds.forEach((kind, kindIndex) => {
      const records = demoRecords(kind, kindIndex).map(({ values, created }) => {
        const checked = validateRecord(kind, values);
        if (!checked.ok)
          throw new Error(
            `Demo ${kind.collection} record is invalid: ${JSON.stringify(checked.errors)}`,
          );
        return { values: checked.value, created };
      });
      for (const record of insertRecords(database, kind, records)) {
        mark.run(kind.collection, record.id);
        added += 1;
      }
    });
    return added;
  });
  // IMMEDIATE: two processes starting on one empty file must not both load the demo.
  return load.immediate();
}

/** How many demo records the database holds. */
export function countDemoRecords(database: AppDatabase): number {
  return statement(database, 'demo:count', () => 'SELECT count(*) FROM demo_records')
    .pluck()
    .get() as number;
}

/** Whether any demo record is left: one probe of the table's key, read for every page rendered. */
export function hasDemoRecords(database: AppDatabase): boolean {
  return (
    statement(database, 'demo:any', () => 'SELECT EXISTS (SELECT 1 FROM demo_records)')
      .pluck()
      .get() === 1
  );
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
export function removeDemoRecords(database: AppDatabase, actor: string): DemoRemoval {
  const remove = database.sqlite.transaction(() => {
    const removal: DemoRemoval = { records: {}, history: 0 };
    for (const kind of recordKinds) {
      const ofKind = 'SELECT record_id FROM demo_records WHERE collection = :collection';
      removal.history += statement(
        database,
        'demo:remove-history',
        () =>
          `DELETE FROM record_history WHERE collection = :collection AND record_id IN (${ofKind})`,
      ).run({ collection: kind.collection }).changes;
      removal.records[kind.collection] = statement(
        database,
        `${kind.collection}:demo-remove`,
        () => `DELETE FROM ${kind.collection} WHERE id IN (${ofKind})`,
      ).run({ collection: kind.collection }).changes;
    }
    const marks = statement(database, 'demo:unmark', () => 'DELETE FROM demo_records').run();
    if (marks.changes > 0) {
      recordAudit(database, {
        action: 'demo-removed',
        actor,
        address: null,
        detail: { records: removal.records, history: removal.history },
      });
    }
    return removal;
  });
  return remove.immediate();
}
