import type BetterSqlite3 from 'better-sqlite3';
import type { AppDatabase } from './connection.ts';
import { foldCase } from './fold-case.ts';
import { PAGE_SIZE, type ListQuery, type ProcurementRecord, type RecordPage } from './list-query.ts';
import type { FieldName, RecordKind } from './record-kinds.ts';

export type RecordValues = Partial<Record<FieldName, string>>;

/** The trigram index only holds substrings of three or more characters. */
const TRIGRAM_LENGTH = 3;

// Table and column names below come from the registry, never from a request; values are always bound.

/** Prepared statements are compiled once per connection and kind: the list API is the hot path. */
const statementCache = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

function statement(database: AppDatabase, key: string, build: () => string): BetterSqlite3.Statement {
  let cache = statementCache.get(database.sqlite);
  if (!cache) statementCache.set(database.sqlite, (cache = new Map()));
  let prepared = cache.get(key);
  if (!prepared) cache.set(key, (prepared = database.sqlite.prepare(build())));
  return prepared;
}

function selectColumns(kind: RecordKind): string {
  return ['id', ...kind.fields.map((field) => field.name), 'created'].join(', ');
}

const NEWEST_FIRST = 'ORDER BY created DESC, id DESC';

/** FTS5 phrase syntax: the whole text as one quoted phrase, inner quotes doubled. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function countAll(database: AppDatabase, kind: RecordKind): number {
  const row = statement(database, `${kind.collection}:total`, () =>
    'SELECT total FROM record_counts WHERE collection = ?',
  ).get(kind.collection) as { total: number } | undefined;
  return row?.total ?? 0;
}

/**
 * One page of a collection, newest first, optionally filtered by a case-insensitive
 * substring search on the kind's search fields. Searches of three or more characters use
 * the trigram index; shorter ones scan, since the index cannot answer them.
 */
export function listRecords(database: AppDatabase, kind: RecordKind, { q, page }: ListQuery): RecordPage {
  const offset = (page - 1) * PAGE_SIZE;
  const columns = selectColumns(kind);
  const table = kind.collection;
  let total: number;
  let rows: () => unknown[];

  if (q === '') {
    total = countAll(database, kind);
    rows = () =>
      statement(database, `${table}:page`, () =>
        `SELECT ${columns} FROM ${table} ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
      ).all(PAGE_SIZE, offset);
  } else if ([...q].length >= TRIGRAM_LENGTH) {
    const match = phrase(q);
    const search = `${table}_search`;
    total = (
      statement(database, `${table}:match-count`, () =>
        `SELECT count(*) AS total FROM ${search} WHERE ${search} MATCH ?`,
      ).get(match) as { total: number }
    ).total;
    rows = () =>
      statement(database, `${table}:match-page`, () =>
        `SELECT ${columns} FROM ${table} WHERE id IN (SELECT rowid FROM ${search} WHERE ${search} MATCH ?) ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
      ).all(match, PAGE_SIZE, offset);
  } else {
    const needle = foldCase(q);
    const where = kind.searchFields.map((field) => `instr(fold_case(${field}), ?) > 0`).join(' OR ');
    const needles = kind.searchFields.map(() => needle);
    total = (
      statement(database, `${table}:scan-count`, () =>
        `SELECT count(*) AS total FROM ${table} WHERE ${where}`,
      ).get(...needles) as { total: number }
    ).total;
    rows = () =>
      statement(database, `${table}:scan-page`, () =>
        `SELECT ${columns} FROM ${table} WHERE ${where} ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
      ).all(...needles, PAGE_SIZE, offset);
  }

  // A page past the end needs no query: it is empty, and the total is already known.
  const items = offset < total ? (rows() as ProcurementRecord[]) : [];
  return { items, page, pageSize: PAGE_SIZE, total };
}

/** Stored creation time: ISO 8601 in UTC with milliseconds, which sorts as text. */
export function toCreated(date: Date): string {
  return date.toISOString();
}

/**
 * Adds validated records to a collection in one transaction (one fsync for the batch) and
 * returns them as stored. `created` defaults to now.
 */
export function insertRecords(
  database: AppDatabase,
  kind: RecordKind,
  records: readonly { values: RecordValues; created?: Date }[],
): ProcurementRecord[] {
  const names = kind.fields.map((field) => field.name);
  const insert = statement(database, `${kind.collection}:insert`, () =>
    `INSERT INTO ${kind.collection} (${names.join(', ')}, created) VALUES (${names.map(() => '?').join(', ')}, ?) RETURNING ${selectColumns(kind)}`,
  );
  const run = database.sqlite.transaction(() =>
    records.map(({ values, created }) => {
      const row = names.map((name) => {
        const value = values[name];
        if (typeof value !== 'string') throw new TypeError(`${kind.collection}.${name} is missing`);
        return value;
      });
      return insert.get(...row, toCreated(created ?? new Date())) as ProcurementRecord;
    }),
  );
  return run();
}

export function insertRecord(
  database: AppDatabase,
  kind: RecordKind,
  values: RecordValues,
  created?: Date,
): ProcurementRecord {
  const [record] = insertRecords(database, kind, [created ? { values, created } : { values }]);
  if (!record) throw new Error(`Inserting into ${kind.collection} returned no row`);
  return record;
}

/** Records across every collection, from the totals the triggers keep. */
export function countAllRecords(database: AppDatabase): number {
  const row = database.sqlite.prepare('SELECT coalesce(sum(total), 0) AS total FROM record_counts').get() as {
    total: number;
  };
  return row.total;
}
