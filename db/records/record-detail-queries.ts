import type { AppDatabase } from '../connection.ts';
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
import { selectColumns, statement } from './record-queries.ts';
import { noticeProject } from '../procurement-projects/project-notices.ts';

// Table and column names below come from the registry, never from a request; values are always bound.

/** A record's row with its life as a public document, amounts already in their edge form. */
export type StoredRecord = ProcurementRecord & {
  version: number;
  updated: string | null;
  withdrawn_at: string | null;
  withdrawal_reason: string | null;
};

/** One record of a kind by id, withdrawn or not; undefined when the kind has no such id. */
export function findStoredRecord(
  database: AppDatabase,
  kind: RecordKind,
  id: number,
): StoredRecord | undefined {
  const row = statement(
    database,
    `${kind.collection}:by-id`,
    () =>
      `SELECT ${selectColumns(kind)}, version, updated, withdrawn_at, withdrawal_reason FROM ${kind.collection} WHERE id = ?`,
  ).get(id) as StoredRecord | undefined;
  return row && recordFromRow(kind, row);
}

function history(database: AppDatabase, kind: RecordKind, id: number): HistoryEntry[] {
  const rows = statement(
    database,
    'history',
    () =>
      'SELECT version, at, action, reason, changes FROM record_history WHERE collection = ? AND record_id = ? ORDER BY version',
  ).all(kind.collection, id) as (Omit<HistoryEntry, 'changes'> & { changes: string })[];
  return rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) }));
}

/** The hosted document a link names, when the site holds it. */
function hostedDocument(database: AppDatabase, link: unknown): HostedDocument | null {
  const sha256 = typeof link === 'string' ? hostedDocumentSha256(link) : undefined;
  if (!sha256) return null;
  const row = statement(
    database,
    'document',
    () => 'SELECT sha256, bytes, type FROM documents WHERE sha256 = ?',
  ).get(sha256) as Omit<HostedDocument, 'url'> | undefined;
  return row ? { url: link as string, ...row } : null;
}

/**
 * A record as a public document: its fields, status, version, hosted document and
 * history (oldest first). Withdrawn records are included, since their permalinks stay.
 */
export function findRecordDetail(
  database: AppDatabase,
  kind: RecordKind,
  id: number,
): RecordDetail | undefined {
  const stored = findStoredRecord(database, kind, id);
  if (!stored) return undefined;
  const { version, updated, withdrawn_at, withdrawal_reason, ...record } = stored;
  return {
    ...record,
    collection: kind.collection,
    status: withdrawn_at === null ? 'published' : 'withdrawn',
    version,
    updated: updated ?? record.created,
    withdrawn: withdrawn_at === null ? null : { at: withdrawn_at, reason: withdrawal_reason ?? '' },
    document: hostedDocument(database, record.link),
    history: history(database, kind, id),
    project: noticeProject(database, kind.collection, id),
  };
}

/** The newest `limit` of one status of one kind, from that status's own newest-first index. */
function recentOfKind(kind: RecordKind, withdrawn: boolean): string {
  return `SELECT * FROM (
    SELECT '${kind.collection}' AS collection, id, ${kind.nameField} AS title, withdrawn_at IS NOT NULL AS withdrawn, version, created
    FROM ${kind.collection} WHERE withdrawn_at IS ${withdrawn ? 'NOT NULL' : 'NULL'}
    ORDER BY created DESC, id DESC LIMIT :limit
  )`;
}

/**
 * The newest records of every kind, withdrawn ones included, for the staff list. Each
 * kind gives at most `limit` from its indexes, so the cost does not grow with the tables.
 */
export function recentRecords(database: AppDatabase, limit: number): RecentRecord[] {
  const rows = statement(
    database,
    'recent',
    () =>
      `SELECT * FROM (${recordKinds
        .flatMap((kind) => [recentOfKind(kind, false), recentOfKind(kind, true)])
        .join(' UNION ALL ')}) ORDER BY created DESC, collection, id DESC LIMIT :limit`,
  ).all({ limit }) as (Omit<RecentRecord, 'status'> & { withdrawn: number })[];
  return rows.map(({ withdrawn, ...row }) => ({
    ...row,
    status: withdrawn ? 'withdrawn' : 'published',
  }));
}
