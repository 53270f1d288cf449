import type { AppDatabase } from './connection.ts';
import { demoRecords } from './demo-records.ts';
import { countAllRecords, insertRecords } from './record-queries.ts';
import { recordKinds } from '../shared/record-kinds.ts';
import { validateRecord } from '../shared/record-validation.ts';

/**
 * Fills an empty database with the demo records so a fresh `npm start` shows populated
 * lists. A database holding any record at all is left alone, so real data is never mixed
 * with demo data. Returns how many records it added.
 */
export function loadDemoRecordsIfEmpty(database: AppDatabase): number {
  const load = database.sqlite.transaction(() => {
    if (countAllRecords(database) > 0) return 0;
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
      added += insertRecords(database, kind, records).length;
    });
    return added;
  });
  // IMMEDIATE: two processes starting on one empty file must not both load the demo.
  return load.immediate();
}
