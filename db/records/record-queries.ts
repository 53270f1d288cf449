import { sql, type RawBuilder } from 'kysely';
import type { AppDatabase } from '../connection.ts';
import {
  queryRows,
  queryRowsNow,
  transactionNow,
  writeTransaction,
  type PostgresSite,
  type Query,
  type SiteConnection,
  type SiteDatabase,
} from '../site-database.ts';
import {
  PAGE_SIZE,
  type ListQuery,
  type ProcurementRecord,
  type RecordPage,
} from '../../shared/records/list-query.ts';
import type { FieldName, RecordKind } from '../../shared/record-kinds.ts';
import { NEWEST_FIRST, recordsFromRows, selectColumns, toColumnValue } from './record-columns.ts';
import { listRecordsSqlite } from './record-list-sqlite.ts';
import { caseSpellings, createdRange, LATEST, usesTrigramIndex } from './record-search.ts';

// SQLite's list statements moved to record-list-sqlite.ts; the modules that still prepare
// their own statements with its cache, and the tests of its anchors, import them from here.
export { ANCHOR_SPACING, statement } from './record-list-sqlite.ts';
export { selectColumns } from './record-columns.ts';

/** A record's field values in their edge form (amounts "1234567.89"); optional fields may be absent. */
export type RecordValues = Partial<Record<FieldName, string>>;

/**
 * One page of a collection's published records, newest first, optionally filtered by a
 * case-insensitive substring search on the kind's search fields and by the Manila days
 * posted (`from` and `to`, inclusive; parsed by parseListQuery). Searches of three or more
 * characters use the trigram index; shorter ones scan, since the index cannot answer them.
 * SQLite answers with its tuned statements (record-list-sqlite.ts); PostgreSQL with
 * listRecordsPostgres.
 */
export async function listRecords(
  database: SiteConnection,
  kind: RecordKind,
  query: ListQuery,
): Promise<RecordPage<ProcurementRecord>> {
  return database.engine === 'sqlite'
    ? listRecordsSqlite(database, kind, query)
    : listRecordsPostgres(database, kind, query);
}

/** LIKE's wildcards and its escape character, taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The search on PostgreSQL, matching what SQLite's matches: three or more characters are a
 * case-insensitive substring of one searched field, the whole query as one phrase (FTS5's
 * trigram phrase: "Q1 annex" finds those words together only; quotes, `*` and `%` are
 * plain characters), which the pg_trgm GIN index on those fields serves as `ILIKE
 * '%q%'`; one or two characters look for every case spelling of the text, as
 * shortSearchMatch does on SQLite.
 */
export function postgresSearch(kind: RecordKind, q: string): RawBuilder<unknown> {
  const fields = kind.searchFields.map((field) => sql.ref(field));
  if (usesTrigramIndex(q)) {
    const pattern = `%${likeLiteral(q)}%`;
    return sql`(${sql.join(
      fields.map((field) => sql`${field} ILIKE ${pattern}`),
      sql` OR `,
    )})`;
  }
  const spellings = caseSpellings(q);
  return sql`(${sql.join(
    fields.flatMap((field) => spellings.map((spelling) => sql`strpos(${field}, ${spelling}) > 0`)),
    sql` OR `,
  )})`;
}

/** listRecords on PostgreSQL: the same filters, order and pages in portable SQL. */
async function listRecordsPostgres(
  { db }: PostgresSite,
  kind: RecordKind,
  query: ListQuery,
): Promise<RecordPage<ProcurementRecord>> {
  const { q, page } = query;
  const offset = (page - 1) * PAGE_SIZE;
  const range = createdRange(query);
  const conditions = [sql`withdrawn_at IS NULL`];
  // The open ends of a one-sided range are left out rather than compared as text: a
  // collation other than C need not sort "" and "~" around every time.
  if (range?.start) conditions.push(sql`created >= ${range.start}`);
  if (range && range.end !== LATEST) conditions.push(sql`created < ${range.end}`);
  if (q !== '') conditions.push(postgresSearch(kind, q));
  const table = sql.table(kind.collection);
  const where = sql.join(conditions, sql` AND `);
  const counted = await sql<{
    total: number | string;
  }>`SELECT count(*) AS total FROM ${table} WHERE ${where}`.execute(db);
  const total = Number(counted.rows[0]?.total ?? 0);
  if (offset >= total) return { items: [], page, pageSize: PAGE_SIZE, total };
  const { rows } = await sql`SELECT ${sql.raw(selectColumns(kind))} FROM ${table} WHERE ${where}
    ${sql.raw(NEWEST_FIRST)} LIMIT ${PAGE_SIZE} OFFSET ${offset}`.execute(db);
  return { items: recordsFromRows(kind, rows), page, pageSize: PAGE_SIZE, total };
}

/** Stored creation time: ISO 8601 in UTC with milliseconds, which sorts as text. */
export function toCreated(date: Date): string {
  return date.toISOString();
}

/** A record's row as inserted, in the shape reads answer with. */
const insertedRow =
  (kind: RecordKind, values: RecordValues, created: Date): Query<unknown> =>
  () =>
    sql`INSERT INTO ${sql.table(kind.collection)}
      (${sql.join([...kind.fields.map((spec) => sql.ref(spec.name)), sql.ref('created')])})
      VALUES (${sql.join([
        ...kind.fields.map((spec) => toColumnValue(kind, spec, values[spec.name])),
        toCreated(created),
      ])})
      RETURNING ${sql.raw(selectColumns(kind))}`;

/** A new record for the batch functions below: `created` defaults to now. */
export interface NewRecord {
  values: RecordValues;
  created?: Date;
}

function storedRecord(kind: RecordKind, rows: unknown[]): ProcurementRecord {
  const [record] = recordsFromRows(kind, rows);
  if (!record) throw new Error(`Inserting into ${kind.collection} returned no row`);
  return record;
}

/**
 * Adds one validated record in the caller's transaction (on either engine) and returns it
 * as stored: an absent optional field is NULL, `created` defaults to now.
 */
export async function insertRecord(
  transaction: SiteDatabase,
  kind: RecordKind,
  values: RecordValues,
  created?: Date,
): Promise<ProcurementRecord> {
  return storedRecord(
    kind,
    await queryRows(transaction, insertedRow(kind, values, created ?? new Date())),
  );
}

/** Adds validated records to a collection in one transaction of their own, on either engine. */
export async function insertRecords(
  database: SiteDatabase,
  kind: RecordKind,
  records: readonly NewRecord[],
): Promise<ProcurementRecord[]> {
  return writeTransaction(database, async (transaction) => {
    const stored: ProcurementRecord[] = [];
    for (const { values, created } of records) {
      stored.push(await insertRecord(transaction, kind, values, created));
    }
    return stored;
  });
}

/**
 * insertRecords at once, in one synchronous SQLite transaction: the same query, for test
 * fixtures and the callers still inside synchronous better-sqlite3 transactions.
 */
export function insertRecordsNow(
  database: AppDatabase,
  kind: RecordKind,
  records: readonly NewRecord[],
): ProcurementRecord[] {
  return transactionNow(database, () =>
    records.map(({ values, created }) =>
      storedRecord(kind, queryRowsNow(database, insertedRow(kind, values, created ?? new Date()))),
    ),
  );
}

/** insertRecord at once on SQLite (see insertRecordsNow). */
export function insertRecordNow(
  database: AppDatabase,
  kind: RecordKind,
  values: RecordValues,
  created?: Date,
): ProcurementRecord {
  return insertRecordsNow(database, kind, [created ? { values, created } : { values }])[0]!;
}

/** A record's row by id, withdrawn or not. */
const recordRow =
  (kind: RecordKind, id: number): Query<unknown> =>
  () =>
    sql`SELECT ${sql.raw(selectColumns(kind))} FROM ${sql.table(kind.collection)} WHERE id = ${id}`;

/** One record by id, withdrawn or not, in the shape insertRecord answers with. */
export async function findRecord(
  database: SiteDatabase,
  kind: RecordKind,
  id: number,
): Promise<ProcurementRecord | undefined> {
  return recordsFromRows(kind, await queryRows(database, recordRow(kind, id)))[0];
}

/**
 * Records across every collection, from the totals the triggers keep. sum() of integers
 * is numeric on PostgreSQL, which the driver hands over as text: read as a number.
 */
const allRecordsTotal: Query<{ total: number | string }> = () =>
  sql`SELECT coalesce(sum(total), 0) AS total FROM record_counts`;

export async function countAllRecords(database: SiteDatabase): Promise<number> {
  return Number((await queryRows(database, allRecordsTotal))[0]?.total ?? 0);
}
