import type BetterSqlite3 from 'better-sqlite3';
import type { AppDatabase } from '../connection.ts';
import {
  PAGE_SIZE,
  type ListQuery,
  type ProcurementRecord,
  type RecordPage,
} from '../../shared/records/list-query.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { NEWEST_FIRST, recordsFromRows, selectColumns } from './record-columns.ts';
import {
  createdRange,
  ftsPhrase,
  IN_RANGE,
  PUBLISHED,
  shortSearchMatch,
  usesTrigramIndex,
  type CreatedRange,
} from './record-search.ts';

/*
 * The public record lists on SQLite, SQLite by nature: hand-tuned synchronous statements
 * (FTS5 MATCH, INDEXED BY, a walk or a sort chosen by the expected cost, keyset anchors for
 * deep pages), each prepared once per connection; the bench measures them. listRecords
 * (record-queries.ts) answers with these on SQLite and with portable SQL on PostgreSQL;
 * tests/integration/record-reads-both-engines.test.ts holds the two equal.
 */
// Table and column names below come from the registry, never from a request; values are always bound.

/** Prepared statements are compiled once per connection and kind: the list API is the hot path. */
const statementCache = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

export function statement(
  database: AppDatabase,
  key: string,
  build: () => string,
): BetterSqlite3.Statement {
  let cache = statementCache.get(database.sqlite);
  if (!cache) statementCache.set(database.sqlite, (cache = new Map()));
  let prepared = cache.get(key);
  if (!prepared) cache.set(key, (prepared = database.sqlite.prepare(build())));
  return prepared;
}

/** Rows between keyset anchors: a deep page skips at most this many rows with OFFSET. */
export const ANCHOR_SPACING = 500;

interface Slice {
  total: number;
  items: ProcurementRecord[];
}

function collectionTotal(database: AppDatabase, kind: RecordKind): number {
  const row = statement(
    database,
    'total',
    () => 'SELECT total FROM record_counts WHERE collection = ?',
  ).get(kind.collection) as { total: number } | undefined;
  return row?.total ?? 0;
}

function unsearchedSlice(database: AppDatabase, kind: RecordKind, offset: number): Slice {
  const table = kind.collection;
  const total = collectionTotal(database, kind);
  if (offset >= total) return { total, items: [] };
  const anchor = offset >= ANCHOR_SPACING ? pageAnchor(database, kind, offset) : undefined;
  const items = anchor
    ? statement(
        database,
        `${table}:after-anchor`,
        () =>
          `SELECT ${selectColumns(kind)} FROM ${table} WHERE ${PUBLISHED} AND (created, id) <= (?, ?) ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
      ).all(anchor.created, anchor.id, PAGE_SIZE, offset - anchor.position)
    : statement(
        database,
        `${table}:page`,
        () =>
          `SELECT ${selectColumns(kind)} FROM ${table} WHERE ${PUBLISHED} ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
      ).all(PAGE_SIZE, offset);
  return { total, items: recordsFromRows(kind, items) };
}

/**
 * A page of the records posted within a date range. No anchors: a range is a slice of the
 * newest-first index already, and its pages are only as deep as the range is long.
 */
function rangeSlice(
  database: AppDatabase,
  kind: RecordKind,
  range: CreatedRange,
  offset: number,
): Slice {
  const table = kind.collection;
  const total = (
    statement(
      database,
      `${table}:range-count`,
      () => `SELECT count(*) AS total FROM ${table} WHERE ${PUBLISHED} AND ${IN_RANGE}`,
    ).get(range.start, range.end) as { total: number }
  ).total;
  if (offset >= total) return { total, items: [] };
  const items = statement(
    database,
    `${table}:range-page`,
    () =>
      `SELECT ${selectColumns(kind)} FROM ${table} WHERE ${PUBLISHED} AND ${IN_RANGE} ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
  ).all(range.start, range.end, PAGE_SIZE, offset);
  return { total, items: recordsFromRows(kind, items) };
}

interface Anchor {
  position: number;
  created: string;
  id: number;
}

/** The nearest anchor at or before a position, rebuilding the collection's anchors if a write dropped them. */
function pageAnchor(database: AppDatabase, kind: RecordKind, offset: number): Anchor | undefined {
  const find = statement(
    database,
    'anchor',
    () =>
      'SELECT position, created, id FROM page_anchors WHERE collection = ? AND position <= ? ORDER BY position DESC LIMIT 1',
  );
  const found = find.get(kind.collection, offset) as Anchor | undefined;
  if (found && found.position > offset - ANCHOR_SPACING) return found;
  statement(
    database,
    `${kind.collection}:anchors`,
    () =>
      `INSERT OR REPLACE INTO page_anchors (collection, position, created, id)
     SELECT ?, position, created, id FROM (
       SELECT created, id, row_number() OVER (${NEWEST_FIRST}) - 1 AS position FROM ${kind.collection} WHERE ${PUBLISHED}
     ) WHERE position % ? = 0`,
  ).run(kind.collection, ANCHOR_SPACING);
  return find.get(kind.collection, offset) as Anchor | undefined;
}

/**
 * Index entries a search may walk in newest-first order before sorting the matches is
 * cheaper. Measured at 100,000 records: walking to page 1 of a 2% search takes 2 ms where
 * sorting its 2,000 matches takes 16 ms, but walking for a 5-match search takes 40 ms.
 */
const MAX_WALK = 20_000;

/**
 * How much longer than a uniform spread of the matches predicts a walk may run before it
 * gives up and the matches are sorted instead. Matches often cluster: "lot 42" finds lots
 * 42000–42999, all in one stretch of the list, so page 1 of its 1,111 matches among
 * 100,000 records lies 57,000 entries down the index where 450 were expected (a 2 ms walk
 * against 0.5 ms to sort). A spread-out search fills its page well within four times the
 * expected walk; a clustered one costs at most that short walk more than its sort.
 */
const WALK_ALLOWANCE = 4;

/**
 * The page of a search's matches (and range, if any) found by walking at most `limit`
 * entries of the newest-first index; undefined when the walk ran out before the page was
 * full while more matches lie past it. The entries walked are the newest ones, so the
 * matches among them, newest first, are the first ones of the whole list.
 */
function walkedPage(
  database: AppDatabase,
  kind: RecordKind,
  match: string,
  range: CreatedRange | undefined,
  { offset, total, limit }: { offset: number; total: number; limit: number },
): unknown[] | undefined {
  const table = kind.collection;
  const search = `${table}_search`;
  const rows = statement(
    database,
    `${table}:match-page:walk-within${range ? ':range' : ''}`,
    () =>
      // The inner walk reads the index alone and stops once the page is found; only the
      // page's rows are then read from the table.
      `SELECT ${selectColumns(kind)} FROM ${table} NOT INDEXED WHERE id IN (
         SELECT id FROM (
           SELECT id, created FROM ${table} INDEXED BY ${table}_newest_first
           WHERE ${PUBLISHED} ${range ? `AND ${IN_RANGE}` : ''} ${NEWEST_FIRST} LIMIT ?
         ) WHERE id IN (SELECT rowid FROM ${search} WHERE ${search} MATCH ?)
         ${NEWEST_FIRST} LIMIT ? OFFSET ?
       ) ${NEWEST_FIRST}`,
  ).all(...(range ? [range.start, range.end] : []), limit, match, PAGE_SIZE, offset);
  return rows.length === PAGE_SIZE || offset + rows.length >= total ? rows : undefined;
}

/** The page of a search's matches by looking up every match's time and sorting them. */
function sortedPage(
  database: AppDatabase,
  kind: RecordKind,
  match: string,
  range: CreatedRange | undefined,
  offset: number,
): unknown[] {
  const table = kind.collection;
  const search = `${table}_search`;
  // NOT INDEXED leaves only the rowid lookups of the matches. The sort carries ids alone
  // (decoding every match's whole row for it cost a third more at 1,000 matches); only the
  // page's rows are read whole.
  return statement(
    database,
    `${table}:match-page:sort${range ? ':range' : ''}`,
    () =>
      `SELECT ${selectColumns(kind)} FROM ${table} NOT INDEXED WHERE id IN (
         SELECT id FROM ${table} NOT INDEXED
         WHERE ${PUBLISHED} ${range ? `AND ${IN_RANGE}` : ''}
           AND id IN (SELECT rowid FROM ${search} WHERE ${search} MATCH ?)
         ${NEWEST_FIRST} LIMIT ? OFFSET ?
       ) ${NEWEST_FIRST}`,
  ).all(...(range ? [range.start, range.end] : []), match, PAGE_SIZE, offset);
}

/**
 * A page of matches: many matches spread through the list are found sooner by walking the
 * newest-first index until the page is full; few matches, a deep page or matches bunched
 * away from the newest records, by sorting them. `expectedWalk` is the walk a uniform
 * spread of the matches would need, or undefined to walk without a limit (a range shorter
 * than the match list bounds the walk by itself).
 */
function matchPage(
  database: AppDatabase,
  kind: RecordKind,
  match: string,
  range: CreatedRange | undefined,
  {
    offset,
    total,
    expectedWalk,
    newestMatch,
  }: { offset: number; total: number; expectedWalk?: number; newestMatch?: number },
): ProcurementRecord[] {
  const limit =
    expectedWalk === undefined
      ? -1
      : expectedWalk <= MAX_WALK
        ? Math.ceil(Math.min(MAX_WALK, expectedWalk * WALK_ALLOWANCE))
        : undefined;
  const walked =
    limit !== undefined &&
    (newestMatch === undefined || mayLieWithin(database, kind, newestMatch, limit))
      ? walkedPage(database, kind, match, range, { offset, total, limit })
      : undefined;
  return recordsFromRows(kind, walked ?? sortedPage(database, kind, match, range, offset));
}

/**
 * Whether the match with the highest id lies within the newest `limit` entries of the list.
 * Ids follow posting order, so when it does not, the matches are bunched further down and
 * a walk would fail after paying to gather them (0.4 ms for "lot 42"). A guess only: a
 * record imported with an older date has a high id, so a wrong guess merely sorts or
 * walks in vain; the walk checks that its page is complete either way.
 */
function mayLieWithin(database: AppDatabase, kind: RecordKind, id: number, limit: number): boolean {
  const table = kind.collection;
  const inside = statement(
    database,
    `${table}:within-newest`,
    () =>
      `SELECT (SELECT created FROM ${table} WHERE id = ?) >= (
         SELECT created FROM ${table} INDEXED BY ${table}_newest_first
         WHERE ${PUBLISHED} ${NEWEST_FIRST} LIMIT 1 OFFSET ?
       ) AS inside`,
  )
    .pluck()
    .get(id, limit) as number | null;
  // No entry that far down: the walk covers the whole list.
  return inside !== 0;
}

/** One page of a search: the matching records of a kind, within the range, from the offset. */
type SearchSlice = (
  database: AppDatabase,
  kind: RecordKind,
  q: string,
  range: CreatedRange | undefined,
  offset: number,
) => Slice;

const trigramSlice: SearchSlice = (database, kind, q, range, offset) => {
  const table = kind.collection;
  const search = `${table}_search`;
  const match = ftsPhrase(q);
  // Withdrawn records have no row in the search index (their triggers remove it), so every
  // match is a published record. The highest id comes with the count from the same pass.
  const { total: matches, newest } = statement(
    database,
    `${table}:match-count`,
    () => `SELECT count(*) AS total, max(rowid) AS newest FROM ${search} WHERE ${search} MATCH ?`,
  ).get(match) as { total: number; newest: number | null };
  if (range) return rangedTrigramSlice(database, kind, match, matches, range, offset);
  const total = matches;
  if (offset >= total || newest === null) return { total, items: [] };
  const expectedWalk = ((offset + PAGE_SIZE) * collectionTotal(database, kind)) / total;
  return {
    total,
    items: matchPage(database, kind, match, undefined, {
      offset,
      total,
      expectedWalk,
      newestMatch: newest,
    }),
  };
};

/**
 * A search within a date range, its count driven by the smallest side. A range shorter
 * than the match list is walked in the newest-first index, checking each entry against
 * the matches without reading the table; a range that leaves out fewer records than
 * there are matches is counted as the matches less those outside it, walked the same
 * way; otherwise each match's row is read for its time. Measured at 100,000 records with
 * a 2,000-match search: one day (960 records) counts in 0.4 ms walked against 2.4 ms by
 * matches.
 */
function rangedTrigramSlice(
  database: AppDatabase,
  kind: RecordKind,
  match: string,
  matches: number,
  range: CreatedRange,
  offset: number,
): Slice {
  const table = kind.collection;
  const search = `${table}_search`;
  if (matches === 0) return { total: 0, items: [] };
  const walk = `INDEXED BY ${table}_newest_first`;
  // NOT INDEXED leaves only the rowid lookups of the matches.
  const byMatches = 'NOT INDEXED';
  const matched = `id IN (SELECT rowid FROM ${search} WHERE ${search} MATCH ?)`;
  const where = `${PUBLISHED} AND ${IN_RANGE} AND ${matched}`;
  // Counting stops once a side is known to be longer than the match list.
  const cap = matches + 1;
  const inside = (
    statement(
      database,
      `${table}:range-count-capped`,
      () =>
        `SELECT count(*) AS total FROM (SELECT 1 FROM ${table} WHERE ${PUBLISHED} AND ${IN_RANGE} LIMIT ?)`,
    ).get(range.start, range.end, cap) as { total: number }
  ).total;
  const outside =
    inside <= matches
      ? Infinity
      : (
          statement(
            database,
            `${table}:outside-count-capped`,
            () =>
              `SELECT (SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${PUBLISHED} AND created < ? LIMIT ?))
                    + (SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${PUBLISHED} AND created >= ? LIMIT ?)) AS total`,
          ).get(range.start, cap, range.end, cap) as { total: number }
        ).total;
  let total: number;
  if (inside <= matches) {
    total = (
      statement(
        database,
        `${table}:range-match-count:walk`,
        () => `SELECT count(*) AS total FROM ${table} ${walk} WHERE ${where}`,
      ).get(range.start, range.end, match) as { total: number }
    ).total;
  } else if (outside <= matches) {
    const left = (
      statement(
        database,
        `${table}:range-match-count:outside`,
        () =>
          `SELECT (SELECT count(*) FROM ${table} ${walk} WHERE ${PUBLISHED} AND created < ? AND ${matched})
                + (SELECT count(*) FROM ${table} ${walk} WHERE ${PUBLISHED} AND created >= ? AND ${matched}) AS total`,
      ).get(range.start, match, range.end, match) as { total: number }
    ).total;
    total = matches - left;
  } else {
    total = (
      statement(
        database,
        `${table}:range-match-count:lookup`,
        () => `SELECT count(*) AS total FROM ${table} ${byMatches} WHERE ${where}`,
      ).get(range.start, range.end, match) as { total: number }
    ).total;
  }
  if (offset >= total) return { total, items: [] };
  // As without a range, the whole collection bounding the range's length when it was not
  // counted; a range shorter than the match list is walked whole.
  const items = matchPage(database, kind, match, range, {
    offset,
    total,
    ...(inside <= matches
      ? {}
      : { expectedWalk: ((offset + PAGE_SIZE) * collectionTotal(database, kind)) / total }),
  });
  return { total, items };
}

const scanSlice: SearchSlice = (database, kind, q, range, offset) => {
  const table = kind.collection;
  const match = shortSearchMatch(kind, q);
  const where = `${PUBLISHED} ${range ? `AND ${IN_RANGE}` : ''} AND ${match.sql}`;
  const parameters = [...(range ? [range.start, range.end] : []), ...match.parameters];
  const key = `${table}:scan:${match.spellings}${range ? ':range' : ''}`;
  const total = (
    statement(
      database,
      `${key}:count`,
      () => `SELECT count(*) AS total FROM ${table} WHERE ${where}`,
    ).get(...parameters) as { total: number }
  ).total;
  if (offset >= total) return { total, items: [] };
  const items = statement(
    database,
    `${key}:page`,
    () =>
      `SELECT ${selectColumns(kind)} FROM ${table} WHERE ${where} ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
  ).all(...parameters, PAGE_SIZE, offset);
  return { total, items: recordsFromRows(kind, items) };
};

/** listRecords on SQLite (record-queries.ts). */
export function listRecordsSqlite(
  database: AppDatabase,
  kind: RecordKind,
  query: ListQuery,
): RecordPage<ProcurementRecord> {
  const { q, page } = query;
  const offset = (page - 1) * PAGE_SIZE;
  const range = createdRange(query);
  const { total, items } =
    q === ''
      ? range
        ? rangeSlice(database, kind, range, offset)
        : unsearchedSlice(database, kind, offset)
      : usesTrigramIndex(q)
        ? trigramSlice(database, kind, q, range, offset)
        : scanSlice(database, kind, q, range, offset);
  return { items, page, pageSize: PAGE_SIZE, total };
}
