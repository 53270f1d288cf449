import { sql } from 'kysely';
import { queryRows, type Query, type SiteDatabase } from '../site-database.ts';
import type { ProcurementRecord } from '../../shared/records/list-query.ts';
import type {
  HistoryEntry,
  HostedDocument,
  RecentRecord,
  RecordDetail,
} from '../../shared/records/record-detail.ts';
import { recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { hostedDocumentSha256 } from '../../shared/records/record-validation.ts';
import { recordFromRow } from './record-columns.ts';
import { selectColumns } from './record-queries.ts';

// Table and column names below come from the registry, never from a request; values are always bound.

/** A record's row with its life as a public document, amounts already in their edge form. */
export type StoredRecord = ProcurementRecord & {
  version: number;
  updated: string | null;
  withdrawn_at: string | null;
  withdrawal_reason: string | null;
};

/**
 * A record's row by id, withdrawn or not, with its life as a public document. `lock`
 * (PostgreSQL) holds the row until the transaction ends, for a read that decides a write;
 * SQLite's write transactions hold the whole database already.
 */
const storedRecordRow =
  (kind: RecordKind, id: number, lock: boolean): Query<StoredRecord> =>
  () =>
    sql`SELECT ${sql.raw(selectColumns(kind))}, version, updated, withdrawn_at, withdrawal_reason
      FROM ${sql.table(kind.collection)} WHERE id = ${id}${sql.raw(lock ? ' FOR UPDATE' : '')}`;

/** One record of a kind by id, withdrawn or not; undefined when the kind has no such id. */
export async function findStoredRecord(
  database: SiteDatabase,
  kind: RecordKind,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<StoredRecord | undefined> {
  const [row] = await queryRows(
    database,
    storedRecordRow(kind, id, lock && database.engine === 'postgres'),
  );
  return row && recordFromRow(kind, row);
}

type HistoryRow = Omit<HistoryEntry, 'changes'> & { changes: string };

/** History entries as stored, their changes parsed (JSON text on both engines). */
function historyOf(rows: readonly HistoryRow[]): HistoryEntry[] {
  return rows.map((row) => ({
    ...row,
    changes: JSON.parse(row.changes) as HistoryEntry['changes'],
  }));
}

/** The hosted document a link names by its hash, if it names one. */
function documentSha256(link: unknown): string | undefined {
  return typeof link === 'string' ? hostedDocumentSha256(link) : undefined;
}

function hostedDocumentOf(
  link: unknown,
  row: Omit<HostedDocument, 'url'> | undefined,
): HostedDocument | null {
  return row ? { url: link as string, ...row } : null;
}

function detailOf(
  kind: RecordKind,
  stored: StoredRecord,
  parts: Pick<RecordDetail, 'document' | 'history' | 'project'>,
): RecordDetail {
  const { version, updated, withdrawn_at, withdrawal_reason, ...record } = stored;
  return {
    ...record,
    collection: kind.collection,
    status: withdrawn_at === null ? 'published' : 'withdrawn',
    version,
    updated: updated ?? record.created,
    withdrawn: withdrawn_at === null ? null : { at: withdrawn_at, reason: withdrawal_reason ?? '' },
    ...parts,
  };
}

/**
 * A record as a public document: its fields, status, version, hosted document and
 * history (oldest first). Withdrawn records are included, since their permalinks stay.
 */
export async function findRecordDetail(
  database: SiteDatabase,
  kind: RecordKind,
  id: number,
): Promise<RecordDetail | undefined> {
  // The batch read of one: the same four queries whatever the number of records.
  return (await findRecordDetails(database, kind, [id])).get(id);
}

/**
 * findRecordDetail of many records of one kind at once, by id: four queries whatever their
 * number (rows, histories, projects, hosted documents), for the OCDS feed and exports that
 * build every record's releases, where one read per record would be thousands of round
 * trips. Ids with no record are absent from the map.
 */
export async function findRecordDetails(
  database: SiteDatabase,
  kind: RecordKind,
  ids: readonly number[],
): Promise<Map<number, RecordDetail>> {
  const details = new Map<number, RecordDetail>();
  if (ids.length === 0) return details;
  const wanted = sql.join([...new Set(ids)]);
  const rows = await queryRows<StoredRecord>(
    database,
    () =>
      sql`SELECT ${sql.raw(selectColumns(kind))}, version, updated, withdrawn_at, withdrawal_reason
        FROM ${sql.table(kind.collection)} WHERE id IN (${wanted})`,
  );
  if (rows.length === 0) return details;
  const stored = rows.map((row) => recordFromRow(kind, row));
  const hashes = [...new Set(stored.flatMap((record) => documentSha256(record.link) ?? []))];
  const [histories, projects, documents] = await Promise.all([
    queryRows<HistoryRow & { record_id: number }>(
      database,
      () =>
        sql`SELECT record_id, version, at, action, reason, changes FROM record_history
          WHERE collection = ${kind.collection} AND record_id IN (${wanted})
          ORDER BY record_id, version`,
    ),
    queryRows<{ record_id: number; process_key: string; title: string }>(
      database,
      () =>
        sql`SELECT n.record_id, p.process_key, p.title FROM procurement_project_notices AS n
          JOIN procurement_projects AS p ON p.id = n.project_id
          WHERE n.collection = ${kind.collection} AND n.record_id IN (${wanted})`,
    ),
    hashes.length === 0
      ? []
      : queryRows<Omit<HostedDocument, 'url'>>(
          database,
          () =>
            sql`SELECT sha256, bytes, type FROM documents WHERE sha256 IN (${sql.join(hashes)})`,
        ),
  ]);
  const historyById = new Map<number, HistoryRow[]>();
  for (const { record_id, ...row } of histories) {
    const list = historyById.get(record_id);
    if (list) list.push(row);
    else historyById.set(record_id, [row]);
  }
  const projectById = new Map(projects.map((row) => [row.record_id, row]));
  const documentBySha = new Map(documents.map((row) => [row.sha256, row]));
  for (const record of stored) {
    const project = projectById.get(record.id);
    const sha256 = documentSha256(record.link);
    details.set(
      record.id,
      detailOf(kind, record, {
        document: hostedDocumentOf(record.link, sha256 ? documentBySha.get(sha256) : undefined),
        history: historyOf(historyById.get(record.id) ?? []),
        project: project ? { processKey: project.process_key, title: project.title } : null,
      }),
    );
  }
  return details;
}

type RecentRow = Omit<RecentRecord, 'status'> & { withdrawn: number | boolean };

/**
 * The newest `limit` of one status of one kind, from that status's own newest-first index;
 * each branch a subquery of its own, so both engines keep its ORDER BY and LIMIT.
 */
function recentOfKind(kind: RecordKind, withdrawn: boolean, limit: number, index: number) {
  return sql`SELECT * FROM (SELECT CAST(${kind.collection} AS TEXT) AS collection, id,
      ${sql.ref(kind.nameField)} AS title, withdrawn_at IS NOT NULL AS withdrawn, version, created
    FROM ${sql.table(kind.collection)}
    WHERE withdrawn_at IS ${sql.raw(withdrawn ? 'NOT NULL' : 'NULL')}
    ORDER BY created DESC, id DESC LIMIT ${limit}) AS ${sql.raw(`recent_${index}`)}`;
}

const recentRows =
  (limit: number): Query<RecentRow> =>
  () =>
    sql`${sql.join(
      recordKinds.flatMap((kind, index) => [
        recentOfKind(kind, false, limit, 2 * index),
        recentOfKind(kind, true, limit, 2 * index + 1),
      ]),
      sql` UNION ALL `,
    )}`;

/** Newest first; on a tie of times by collection (as bytes, the same on both engines), then newest id. */
function newestFirst(a: RecentRow, b: RecentRow): number {
  if (a.created !== b.created) return a.created < b.created ? 1 : -1;
  if (a.collection !== b.collection) return a.collection < b.collection ? -1 : 1;
  return b.id - a.id;
}

/**
 * The newest records of every kind, withdrawn ones included, for the staff list. Each
 * kind gives at most `limit` from its indexes, so the cost does not grow with the tables.
 */
export async function recentRecords(
  database: SiteDatabase,
  limit: number,
): Promise<RecentRecord[]> {
  const rows = await queryRows(database, recentRows(limit));
  return rows
    .sort(newestFirst)
    .slice(0, limit)
    .map(({ withdrawn, ...row }) => ({
      ...row,
      status: withdrawn ? 'withdrawn' : 'published',
    }));
}
