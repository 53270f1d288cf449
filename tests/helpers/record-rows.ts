import { sql } from 'kysely';
import type { SiteDatabase } from '../../db/site-database.ts';
import { toColumnValue } from '../../db/records/record-columns.ts';
import type { RecordValues } from '../../db/records/record-queries.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';

/**
 * Inserts a record with a plain INSERT through Kysely, on either engine (the ported
 * insert does not exist yet): the table's triggers keep the counts and, on SQLite, the
 * search index, as they do for insertRecord. Returns the new id.
 */
export async function insertRecordRow(
  { db }: SiteDatabase,
  kind: RecordKind,
  values: RecordValues,
  created: string,
): Promise<number> {
  const names = kind.fields.map((field) => field.name);
  const row = kind.fields.map((spec) => toColumnValue(kind, spec, values[spec.name]));
  const { rows } = await sql<{ id: number }>`INSERT INTO ${sql.table(kind.collection)}
      (${sql.join([...names, 'created'].map((name) => sql.ref(name)))})
    VALUES (${sql.join([...row, created])}) RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** Withdraws a record as withdrawRecord leaves it: version 2, its history entry beside it. */
export async function withdrawRecordRow(
  { db }: SiteDatabase,
  kind: RecordKind,
  id: number,
  { at, reason }: { at: string; reason: string },
): Promise<void> {
  await sql`UPDATE ${sql.table(kind.collection)}
    SET withdrawn_at = ${at}, withdrawal_reason = ${reason}, version = 2, updated = ${at}
    WHERE id = ${id}`.execute(db);
  await sql`INSERT INTO record_history (collection, record_id, version, at, actor, action, reason, changes)
    VALUES (${kind.collection}, ${id}, 2, ${at}, 'bac@example.gov.ph', 'withdrawn', ${reason}, '[]')`.execute(
    db,
  );
}
