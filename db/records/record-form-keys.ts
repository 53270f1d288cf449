import type { SiteDatabase } from '../site-database.ts';

/** Where a spent form key put its record. */
export interface SpentFormKey {
  collection: string;
  recordId: number;
}

/** The record a form key already stored, if it was spent. Runs in the caller's transaction. */
export async function spentFormKey(
  { db }: SiteDatabase,
  formKey: string,
): Promise<SpentFormKey | undefined> {
  return db
    .selectFrom('record_form_keys')
    .select(['collection', 'record_id as recordId'])
    .where('form_key', '=', formKey)
    .executeTakeFirst();
}

/**
 * Spends a form key on the record it stored, in the caller's transaction with the record
 * and its audit entry. Keys older than `keepMs` are dropped on the way: no session that
 * could still send them lives that long.
 */
export async function spendFormKey(
  { db }: SiteDatabase,
  spent: SpentFormKey & { formKey: string; accountId: number },
  { now, keepMs }: { now: number; keepMs: number },
): Promise<void> {
  await db
    .deleteFrom('record_form_keys')
    .where('created', '<', new Date(now - keepMs).toISOString())
    .execute();
  await db
    .insertInto('record_form_keys')
    .values({
      form_key: spent.formKey,
      account_id: spent.accountId,
      collection: spent.collection,
      record_id: spent.recordId,
      created: new Date(now).toISOString(),
    })
    .execute();
}
