import type { DisclosurePeriod, Quarter } from '../../shared/full-disclosure/full-disclosure.ts';
import { addDocument } from '../documents/document-queries.ts';
import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import { statement } from '../records/record-queries.ts';

/** One file as posted for a posting, with the hosted document's size and type. */
export interface DisclosureFileRow {
  version: number;
  sha256: string;
  fileName: string;
  bytes: number;
  type: string;
  postedAt: string;
  postedBy: string;
  /** Why it replaced the file before it; null for the first. */
  reason: string | null;
}

/** A posting (one document type for one period) with the file it shows now. */
export interface DisclosurePostingRow {
  id: number;
  documentType: string;
  period: DisclosurePeriod;
  version: number;
  created: string;
  updated: string;
  current: DisclosureFileRow;
}

interface JoinedRow {
  id: number;
  document_type: string;
  year: number;
  quarter: number | null;
  version: number;
  created: string;
  updated: string;
  file_version: number;
  sha256: string;
  file_name: string;
  bytes: number;
  type: string;
  posted_at: string;
  posted_by: string;
  reason: string | null;
}

const POSTING_WITH_CURRENT_FILE = `
  SELECT p.id, p.document_type, p.year, p.quarter, p.version, p.created, p.updated,
         f.version AS file_version, f.sha256, f.file_name, d.bytes, d.type, f.posted_at,
         f.posted_by, f.reason
  FROM full_disclosure_postings p
  JOIN full_disclosure_files f ON f.posting_id = p.id AND f.version = p.version
  JOIN documents d ON d.sha256 = f.sha256`;

function toFile(
  row: Omit<
    JoinedRow,
    'id' | 'document_type' | 'year' | 'quarter' | 'version' | 'created' | 'updated'
  >,
): DisclosureFileRow {
  return {
    version: row.file_version,
    sha256: row.sha256,
    fileName: row.file_name,
    bytes: row.bytes,
    type: row.type,
    postedAt: row.posted_at,
    postedBy: row.posted_by,
    reason: row.reason,
  };
}

function toPosting(row: JoinedRow): DisclosurePostingRow {
  return {
    id: row.id,
    documentType: row.document_type,
    period: { year: row.year, quarter: row.quarter as Quarter | null },
    version: row.version,
    created: row.created,
    updated: row.updated,
    current: toFile(row),
  };
}

/** Every posting for a fiscal year, whatever its type, with the file each shows. */
export function postingsOfYear(database: AppDatabase, year: number): DisclosurePostingRow[] {
  const rows = statement(
    database,
    'full-disclosure:year',
    () => `${POSTING_WITH_CURRENT_FILE} WHERE p.year = ? ORDER BY p.document_type, p.quarter`,
  ).all(year) as JoinedRow[];
  return rows.map(toPosting);
}

/** The posting of a type for a period, if one was posted. */
export function findPosting(
  database: AppDatabase,
  documentType: string,
  { year, quarter }: DisclosurePeriod,
): DisclosurePostingRow | undefined {
  const row = statement(
    database,
    'full-disclosure:find',
    () =>
      `${POSTING_WITH_CURRENT_FILE} WHERE p.document_type = ? AND p.year = ? AND ifnull(p.quarter, 0) = ?`,
  ).get(documentType, year, quarter ?? 0) as JoinedRow | undefined;
  return row && toPosting(row);
}

/** Every file a posting has shown, the first first. */
export function postingFiles(database: AppDatabase, postingId: number): DisclosureFileRow[] {
  const rows = statement(
    database,
    'full-disclosure:files',
    () => `SELECT f.version AS file_version, f.sha256, f.file_name, d.bytes, d.type, f.posted_at,
                  f.posted_by, f.reason
           FROM full_disclosure_files f JOIN documents d ON d.sha256 = f.sha256
           WHERE f.posting_id = ? ORDER BY f.version`,
  ).all(postingId) as JoinedRow[];
  return rows.map(toFile);
}

/** A file as its feed entry announces it: the posting it belongs to and which file it is. */
export interface PostedFileRow extends DisclosureFileRow {
  documentType: string;
  period: DisclosurePeriod;
}

/** The newest `limit` files posted, corrections included, newest first. */
export function latestPostedFiles(database: AppDatabase, limit: number): PostedFileRow[] {
  const rows = statement(
    database,
    'full-disclosure:latest',
    () => `SELECT p.document_type, p.year, p.quarter, f.version AS file_version, f.sha256,
                  f.file_name, d.bytes, d.type, f.posted_at, f.posted_by, f.reason
           FROM full_disclosure_files f
           JOIN full_disclosure_postings p ON p.id = f.posting_id
           JOIN documents d ON d.sha256 = f.sha256
           ORDER BY f.posted_at DESC, p.id DESC, f.version DESC LIMIT ?`,
  ).all(limit) as JoinedRow[];
  return rows.map((row) => ({
    ...toFile(row),
    documentType: row.document_type,
    period: { year: row.year, quarter: row.quarter as Quarter | null },
  }));
}

/** The newest posting time: what the feed and the downloads' validators change with. */
export function lastPostedAt(database: AppDatabase): string | null {
  return (
    (statement(
      database,
      'full-disclosure:last',
      () => 'SELECT max(posted_at) FROM full_disclosure_files',
    )
      .pluck()
      .get() as string | null) ?? null
  );
}

export interface DisclosureFileInput {
  documentType: string;
  period: DisclosurePeriod;
  document: { sha256: string; bytes: number; type: string; fileName: string };
  /** Why this file replaces the one posted; required when there is one. */
  reason: string;
  /** The posting time, from the server's clock (or the date an import gives). */
  at: string;
  actor: { id: number; email: string };
  /** The client address; null for the command line. */
  address: string | null;
  /** The role the write was allowed under, for the audit entry. */
  role: string;
  /** The file an import took the document from. */
  importedFrom?: string;
}

export type DisclosureWriteOutcome =
  | { ok: true; posting: DisclosurePostingRow; corrected: boolean }
  | { ok: false; reason: 'reason-required' | 'same-file'; posting: DisclosurePostingRow };

/**
 * Posts a file for a type and period in one transaction: the hosted document's row (and
 * its upload audit entry), the posting (new, or its shown version moved on), the file's
 * row and the posting's audit entry. A period already posted takes a new file only as a
 * correction with a reason, and never the very file it shows; the earlier files stay.
 */
export function postDisclosureFile(
  database: AppDatabase,
  input: DisclosureFileInput,
): DisclosureWriteOutcome {
  return database.sqlite.transaction((): DisclosureWriteOutcome => {
    const existing = findPosting(database, input.documentType, input.period);
    const reason = input.reason.trim();
    if (existing && existing.current.sha256 === input.document.sha256) {
      return { ok: false, reason: 'same-file', posting: existing };
    }
    if (existing && !reason) return { ok: false, reason: 'reason-required', posting: existing };
    addDocument(database, {
      ...input.document,
      uploader: input.actor,
      address: input.address,
      ...(input.importedFrom ? { importedFrom: input.importedFrom } : {}),
    });
    let postingId: number;
    let version: number;
    if (existing) {
      postingId = existing.id;
      version = existing.version + 1;
      database.sqlite
        .prepare('UPDATE full_disclosure_postings SET version = ?, updated = ? WHERE id = ?')
        .run(version, input.at, postingId);
    } else {
      version = 1;
      postingId = Number(
        database.sqlite
          .prepare(
            `INSERT INTO full_disclosure_postings (document_type, year, quarter, created, updated)
             VALUES (?, ?, ?, ?, ?)`,
          )
          .run(input.documentType, input.period.year, input.period.quarter, input.at, input.at)
          .lastInsertRowid,
      );
    }
    database.sqlite
      .prepare(
        `INSERT INTO full_disclosure_files
           (posting_id, version, sha256, file_name, posted_at, posted_by, reason)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        postingId,
        version,
        input.document.sha256,
        input.document.fileName,
        input.at,
        input.actor.email,
        existing ? reason : null,
      );
    recordAudit(database, {
      action: existing ? 'full-disclosure-corrected' : 'full-disclosure-posted',
      actor: input.actor.email,
      address: input.address,
      detail: {
        role: input.role,
        postingId,
        documentType: input.documentType,
        year: input.period.year,
        quarter: input.period.quarter,
        version,
        sha256: input.document.sha256,
        ...(existing ? { reason, replaced: existing.current.sha256 } : {}),
        ...(input.importedFrom ? { source: 'import', importedFrom: input.importedFrom } : {}),
      },
    });
    const posting = findPosting(database, input.documentType, input.period)!;
    return { ok: true, posting, corrected: existing !== undefined };
  })();
}

/** The fiscal years with at least one posting, newest first. */
export function postedYears(database: AppDatabase): number[] {
  return statement(
    database,
    'full-disclosure:years',
    () => 'SELECT DISTINCT year FROM full_disclosure_postings ORDER BY year DESC',
  )
    .pluck()
    .all() as number[];
}
