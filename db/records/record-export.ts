import { sql, type RawBuilder } from 'kysely';
import { queryRows, type SiteDatabase } from '../site-database.ts';
import type { ProcurementRecord } from '../../shared/records/list-query.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { recordFromRow, recordsFromRows } from './record-columns.ts';
import { postgresSearch, selectColumns } from './record-queries.ts';
import * as recordSearch from './record-search.ts';

// Table and column names below come from the registry, never from a request; values are always bound.

/** What a download or an export takes: the list's search and Manila days, and a last-change time. */
export interface ExportFilter {
  /** Search text as parseListQuery leaves it; empty means every record. */
  q: string;
  /** First Manila day posted, YYYY-MM-DD, inclusive. */
  from?: string;
  /** Last Manila day posted, YYYY-MM-DD, inclusive. */
  to?: string;
  /** Only records created or last changed at or after this ISO 8601 UTC time. */
  since?: string;
}

/**
 * Rows read per query. A download streams for as long as the client takes to read it, and
 * the server's one connection must keep answering everyone else meanwhile, so each chunk is
 * a short query of its own (keyset paging, newest first) instead of one iterator held open
 * across the whole response.
 */
export const EXPORT_CHUNK = 1000;

/**
 * The search of a list on either engine, matching the list page's: on SQLite the FTS5
 * trigram index (a phrase match) or, for one or two characters, every case spelling with
 * instr(); on PostgreSQL the list's own search (pg_trgm's ILIKE, strpos for short ones).
 */
function searchOf(database: SiteDatabase, kind: RecordKind, q: string): RawBuilder<unknown> {
  if (database.engine === 'postgres') return postgresSearch(kind, q);
  if (recordSearch.usesTrigramIndex(q)) {
    const search = sql.table(`${kind.collection}_search`);
    return sql`id IN (SELECT rowid FROM ${search} WHERE ${search} MATCH ${recordSearch.ftsPhrase(q)})`;
  }
  const spellings = recordSearch.caseSpellings(q);
  return sql`(${sql.join(
    kind.searchFields.flatMap((field) =>
      spellings.map((spelling) => sql`instr(${sql.ref(field)}, ${spelling}) > 0`),
    ),
    sql` OR `,
  )})`;
}

/**
 * The same matches as a list page with the same q, from and to: published records, the
 * search on the kind's search fields (trigram phrase match, or every case spelling for a
 * short search), `created` within the Manila days. The open ends of a one-sided range are
 * left out rather than compared as text, as the list does on PostgreSQL: a collation other
 * than C need not sort "" and "~" around every time.
 */
function whereOf(
  database: SiteDatabase,
  kind: RecordKind,
  filter: ExportFilter,
  status: 'published' | 'withdrawn' = 'published',
): RawBuilder<unknown> {
  const clauses = [
    sql.raw(status === 'published' ? recordSearch.PUBLISHED : 'withdrawn_at IS NOT NULL'),
  ];
  const range = recordSearch.createdRange(filter);
  if (range?.start) clauses.push(sql`created >= ${range.start}`);
  if (range && range.end !== recordSearch.LATEST) clauses.push(sql`created < ${range.end}`);
  if (filter.since) clauses.push(sql`coalesce(updated, created) >= ${filter.since}`);
  if (filter.q !== '') clauses.push(searchOf(database, kind, filter.q));
  return sql.join(clauses, sql` AND `);
}

/**
 * Every match of a filter, newest first (as the lists), in chunks of at most `chunk`
 * records with amounts as decimal strings: the same objects as the list API's items.
 * Lazy: each chunk is read (keyset paging) when the consumer asks for it, so a slow reader
 * holds no more than one chunk in memory and no query stays open across the response.
 */
export async function* exportChunks(
  database: SiteDatabase,
  kind: RecordKind,
  filter: ExportFilter,
  chunk = EXPORT_CHUNK,
): AsyncGenerator<ProcurementRecord[]> {
  const table = sql.table(kind.collection);
  const columns = sql.raw(selectColumns(kind));
  const where = whereOf(database, kind, filter);
  let after: { created: string; id: number } | undefined;
  for (;;) {
    const keyset = after ? sql` AND (created, id) < (${after.created}, ${after.id})` : sql``;
    const rows = await queryRows<ProcurementRecord>(
      database,
      () =>
        sql`SELECT ${columns} FROM ${table} WHERE ${where}${keyset} ORDER BY created DESC, id DESC LIMIT ${chunk}`,
    );
    if (rows.length === 0) return;
    yield recordsFromRows(kind, rows);
    if (rows.length < chunk) return;
    const last = rows.at(-1)!;
    after = { created: last.created, id: last.id };
  }
}

/** How many records exportChunks gives for a filter: the command line's progress bar needs the end. */
export async function countExport(
  database: SiteDatabase,
  kind: RecordKind,
  filter: ExportFilter,
): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    database,
    () =>
      sql`SELECT count(*) AS total FROM ${sql.table(kind.collection)} WHERE ${whereOf(database, kind, filter)}`,
  );
  return Number(row!.total);
}

/**
 * A value that changes whenever a kind's published data may have: a record added (the
 * largest id and the count grow), amended or withdrawn (each leaves a history row with its
 * time). Read from the rowid, the kept count and the history's primary key, so it costs
 * the same at 100,000 records as at 100, and a 304 never reads the table.
 */
export async function dataVersion(database: SiteDatabase, kind: RecordKind): Promise<string> {
  const { collection } = kind;
  const [row] = await queryRows<Record<string, unknown>>(
    database,
    () =>
      sql`SELECT
        (SELECT max(id) FROM ${sql.table(collection)}) AS last_id,
        (SELECT total FROM record_counts WHERE collection = ${collection}) AS total,
        (SELECT count(*) FROM record_history WHERE collection = ${collection}) AS changes,
        (SELECT max(at) FROM record_history WHERE collection = ${collection}) AS last_change`,
  );
  return JSON.stringify([
    collection,
    row!.last_id,
    row!.total === null ? null : Number(row!.total),
    Number(row!.changes),
    row!.last_change,
  ]);
}

/** A record as a feed shows it: its fields, its last change and whether it was withdrawn. */
export type FeedRecord = ProcurementRecord & {
  version: number;
  /** Last change: the latest amendment or withdrawal, else `created`. */
  updated: string;
  withdrawn: { at: string; reason: string } | null;
};

type FeedRow = ProcurementRecord & {
  version: number;
  changed: string;
  withdrawn_at: string | null;
  withdrawal_reason: string | null;
};

const FEED_COLUMNS =
  'version, coalesce(updated, created) AS changed, withdrawn_at, withdrawal_reason';

function feedRecords(kind: RecordKind, rows: FeedRow[]): FeedRecord[] {
  return rows.map((row) => {
    const { changed, withdrawn_at, withdrawal_reason, ...record } = recordFromRow(kind, row);
    return {
      ...record,
      updated: changed,
      withdrawn:
        withdrawn_at === null ? null : { at: withdrawn_at, reason: withdrawal_reason ?? '' },
    };
  });
}

/**
 * The `limit` records of a kind changed last, newest change first, withdrawn ones
 * included so that a reader learns of a withdrawal. A record never changed since it was
 * added is among the newest published by `created`; one that was changed is among those
 * with the newest history. Both come from indexes, so the whole table is never sorted.
 */
async function latestOfKind(
  database: SiteDatabase,
  kind: RecordKind,
  limit: number,
): Promise<FeedRecord[]> {
  const table = sql.table(kind.collection);
  const rows = await queryRows<FeedRow>(
    database,
    () =>
      sql`SELECT ${sql.raw(selectColumns(kind))}, ${sql.raw(FEED_COLUMNS)}
       FROM ${table}
       WHERE id IN (
         SELECT id FROM (SELECT id FROM ${table} WHERE ${sql.raw(recordSearch.PUBLISHED)} ORDER BY created DESC, id DESC LIMIT ${limit}) AS newest
         UNION
         SELECT record_id FROM (
           SELECT record_id, max(at) AS last FROM record_history WHERE collection = ${kind.collection}
           GROUP BY record_id ORDER BY last DESC LIMIT ${limit}
         ) AS changed
       )
       ORDER BY changed DESC, id DESC LIMIT ${limit}`,
  );
  return feedRecords(kind, rows);
}

/**
 * Whether a withdrawn record would match a list search. Withdrawn records have left the
 * search index, so the text is compared here, case folded as the index folds it; there
 * are few withdrawn records, so those within the view's days are read whole.
 */
function matchesSearch(kind: RecordKind, record: ProcurementRecord, q: string): boolean {
  if (q === '') return true;
  const needle = q.toLowerCase();
  return kind.searchFields.some((field) => record[field]?.toLowerCase().includes(needle));
}

/**
 * The latest changes among the records a list view shows (q, from, to), plus the withdrawn
 * records that view would have shown before their withdrawal: a feed per search.
 */
async function latestOfFilter(
  database: SiteDatabase,
  kind: RecordKind,
  limit: number,
  filter: ExportFilter,
): Promise<FeedRecord[]> {
  const table = sql.table(kind.collection);
  const columns = sql.raw(`${selectColumns(kind)}, ${FEED_COLUMNS}`);
  const where = whereOf(database, kind, filter);
  // The search is checked below: withdrawn records have left the search index.
  const range = whereOf(database, kind, { ...filter, q: '' }, 'withdrawn');
  const [published, withdrawnRows] = await Promise.all([
    queryRows<FeedRow>(
      database,
      () =>
        sql`SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY changed DESC, id DESC LIMIT ${limit}`,
    ),
    queryRows<FeedRow>(
      database,
      () => sql`SELECT ${columns} FROM ${table} WHERE ${range} ORDER BY changed DESC, id DESC`,
    ),
  ]);
  const withdrawn = withdrawnRows
    .filter((row) => matchesSearch(kind, row, filter.q))
    .slice(0, limit);
  return feedRecords(
    kind,
    [...published, ...withdrawn]
      .sort((a, b) => b.changed.localeCompare(a.changed) || b.id - a.id)
      .slice(0, limit),
  );
}

/** A feed's records of one kind: the `limit` latest changes, of the whole list or of one view of it. */
export async function latestChanges(
  database: SiteDatabase,
  kind: RecordKind,
  limit: number,
  filter: ExportFilter = { q: '' },
): Promise<FeedRecord[]> {
  return filter.q === '' && !filter.from && !filter.to
    ? latestOfKind(database, kind, limit)
    : latestOfFilter(database, kind, limit, filter);
}
