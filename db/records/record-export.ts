import type { AppDatabase } from '../connection.ts';
import type { ProcurementRecord } from '../../shared/records/list-query.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { recordFromRow, recordsFromRows } from './record-columns.ts';
import { selectColumns, statement } from './record-queries.ts';
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

interface Where {
  /** A stable name of the clause's shape, for the prepared-statement cache. */
  key: string;
  sql: string;
  parameters: (string | number)[];
}

/**
 * The same matches as a list page with the same q, from and to: published records, the
 * search on the kind's search fields (trigram phrase match, or every case spelling for a
 * short search), `created` within the Manila days.
 */
function whereOf(
  kind: RecordKind,
  filter: ExportFilter,
  status: 'published' | 'withdrawn' = 'published',
): Where {
  const clauses = [status === 'published' ? recordSearch.PUBLISHED : 'withdrawn_at IS NOT NULL'];
  const parameters: (string | number)[] = [];
  const key: string[] = [status];
  const range = recordSearch.createdRange(filter);
  if (range) {
    clauses.push(recordSearch.IN_RANGE);
    parameters.push(range.start, range.end);
    key.push('range');
  }
  if (filter.since) {
    clauses.push('coalesce(updated, created) >= ?');
    parameters.push(filter.since);
    key.push('since');
  }
  const q = filter.q;
  if (q !== '' && recordSearch.usesTrigramIndex(q)) {
    const search = `${kind.collection}_search`;
    clauses.push(`id IN (SELECT rowid FROM ${search} WHERE ${search} MATCH ?)`);
    parameters.push(recordSearch.ftsPhrase(q));
    key.push('match');
  } else if (q !== '') {
    const match = recordSearch.shortSearchMatch(kind, q);
    clauses.push(match.sql);
    parameters.push(...match.parameters);
    key.push(`scan${match.spellings}`);
  }
  return { key: key.join('+'), sql: clauses.join(' AND '), parameters };
}

/**
 * Every match of a filter, newest first (as the lists), in chunks of at most `chunk`
 * records with amounts as decimal strings: the same objects as the list API's items.
 * Lazy: each chunk is read when the consumer asks for it, so a slow reader holds no more
 * than one chunk in memory.
 */
export function* exportChunks(
  database: AppDatabase,
  kind: RecordKind,
  filter: ExportFilter,
  chunk = EXPORT_CHUNK,
): Generator<ProcurementRecord[]> {
  const where = whereOf(kind, filter);
  const first = statement(
    database,
    `${kind.collection}:export:${where.key}`,
    () =>
      `SELECT ${selectColumns(kind)} FROM ${kind.collection} WHERE ${where.sql} ORDER BY created DESC, id DESC LIMIT ?`,
  );
  const next = statement(
    database,
    `${kind.collection}:export-after:${where.key}`,
    () =>
      `SELECT ${selectColumns(kind)} FROM ${kind.collection} WHERE ${where.sql} AND (created, id) < (?, ?) ORDER BY created DESC, id DESC LIMIT ?`,
  );
  let rows = first.all(...where.parameters, chunk) as ProcurementRecord[];
  while (rows.length > 0) {
    yield recordsFromRows(kind, rows);
    if (rows.length < chunk) return;
    const last = rows.at(-1)!;
    rows = next.all(...where.parameters, last.created, last.id, chunk) as ProcurementRecord[];
  }
}

/** How many records exportChunks gives for a filter: the command line's progress bar needs the end. */
export function countExport(database: AppDatabase, kind: RecordKind, filter: ExportFilter): number {
  const where = whereOf(kind, filter);
  const row = statement(
    database,
    `${kind.collection}:export-count:${where.key}`,
    () => `SELECT count(*) AS total FROM ${kind.collection} WHERE ${where.sql}`,
  ).get(...where.parameters) as { total: number };
  return row.total;
}

/**
 * A value that changes whenever a kind's published data may have: a record added (the
 * largest id and the count grow), amended or withdrawn (each leaves a history row with its
 * time). Read from the rowid, the kept count and the history's primary key, so it costs
 * the same at 100,000 records as at 100, and a 304 never reads the table.
 */
export function dataVersion(database: AppDatabase, kind: RecordKind): string {
  const row = statement(
    database,
    `${kind.collection}:data-version`,
    () =>
      `SELECT
        (SELECT max(id) FROM ${kind.collection}) AS last_id,
        (SELECT total FROM record_counts WHERE collection = :collection) AS total,
        (SELECT count(*) FROM record_history WHERE collection = :collection) AS changes,
        (SELECT max(at) FROM record_history WHERE collection = :collection) AS last_change`,
  ).get({ collection: kind.collection }) as Record<string, unknown>;
  return JSON.stringify([kind.collection, row.last_id, row.total, row.changes, row.last_change]);
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
function latestOfKind(database: AppDatabase, kind: RecordKind, limit: number): FeedRecord[] {
  const table = kind.collection;
  const rows = statement(
    database,
    `${table}:latest-changes`,
    () =>
      `SELECT ${selectColumns(kind)}, ${FEED_COLUMNS}
       FROM ${table}
       WHERE id IN (
         SELECT id FROM (SELECT id FROM ${table} WHERE ${recordSearch.PUBLISHED} ORDER BY created DESC, id DESC LIMIT :limit)
         UNION
         SELECT record_id FROM (
           SELECT record_id, max(at) AS last FROM record_history WHERE collection = :collection
           GROUP BY record_id ORDER BY last DESC LIMIT :limit
         )
       )
       ORDER BY changed DESC, id DESC LIMIT :limit`,
  ).all({ limit, collection: table }) as FeedRow[];
  return feedRecords(kind, rows);
}

/**
 * Whether a withdrawn record would match a list search. Withdrawn records have left the
 * search index, so the text is compared here, case folded as the index folds it; there
 * are few withdrawn records, and only the newest are read.
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
function latestOfFilter(
  database: AppDatabase,
  kind: RecordKind,
  limit: number,
  filter: ExportFilter,
): FeedRecord[] {
  const table = kind.collection;
  const where = whereOf(kind, filter);
  const published = statement(
    database,
    `${table}:latest-changes:${where.key}`,
    () =>
      `SELECT ${selectColumns(kind)}, ${FEED_COLUMNS} FROM ${table} WHERE ${where.sql}
       ORDER BY changed DESC, id DESC LIMIT ?`,
  ).all(...where.parameters, limit) as FeedRow[];
  // The search is checked below: withdrawn records have left the search index.
  const range = whereOf(kind, { ...filter, q: '' }, 'withdrawn');
  const withdrawn: FeedRow[] = [];
  for (const row of statement(
    database,
    `${table}:latest-withdrawn:${range.key}`,
    () =>
      `SELECT ${selectColumns(kind)}, ${FEED_COLUMNS} FROM ${table} WHERE ${range.sql}
       ORDER BY changed DESC, id DESC`,
  ).iterate(...range.parameters) as Iterable<FeedRow>) {
    if (withdrawn.length === limit) break;
    if (matchesSearch(kind, row, filter.q)) withdrawn.push(row);
  }
  return feedRecords(
    kind,
    [...published, ...withdrawn]
      .sort((a, b) => b.changed.localeCompare(a.changed) || b.id - a.id)
      .slice(0, limit),
  );
}

/** A feed's records of one kind: the `limit` latest changes, of the whole list or of one view of it. */
export function latestChanges(
  database: AppDatabase,
  kind: RecordKind,
  limit: number,
  filter: ExportFilter = { q: '' },
): FeedRecord[] {
  return filter.q === '' && !filter.from && !filter.to
    ? latestOfKind(database, kind, limit)
    : latestOfFilter(database, kind, limit, filter);
}
