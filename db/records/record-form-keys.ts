import type { AppDatabase } from '../connection.ts';

/** Where a spent form key put its record. */
export interface SpentFormKey {
  collection: string;
  recordId: number;
}

/** The record a form key already stored, if it was spent. Runs in the caller's transaction. */
export function spentFormKey({ sqlite }: AppDatabase, formKey: string): SpentFormKey | undefined {
  return sqlite
    .prepare('SELECT collection, record_id AS recordId FROM record_form_keys WHERE form_key = ?')
    .get(formKey) as SpentFormKey | undefined;
}

/**
 * Spends a form key on the record it stored, in the caller's transaction with the record
 * and its audit entry. Keys older than `keepMs` are dropped on the way: no session that
 * could still send them lives that long.
 */
export function spendFormKey(
  { sqlite }: AppDatabase,
  spent: SpentFormKey & { formKey: string; accountId: number },
  { now, keepMs }: { now: number; keepMs: number },
): void {
  sqlite
    .prepare('DELETE FROM record_form_keys WHERE created < ?')
    .run(new Date(now - keepMs).toISOString());
  sqlite
    .prepare(
      'INSERT INTO record_form_keys (form_key, account_id, collection, record_id, created) VALUES (?, ?, ?, ?, ?)',
    )
    .run(
      spent.formKey,
      spent.accountId,
      spent.collection,
      spent.recordId,
      new Date(now).toISOString(),
    );
}
