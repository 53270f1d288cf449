import type { DisclosurePeriod, Quarter } from '../../shared/full-disclosure/full-disclosure.ts';
import { sql } from 'kysely';
import { addDocument } from '../documents/document-queries.ts';
import { writeAudit } from '../audit-log.ts';
import { queryRows, writeTransaction, type SiteDatabase } from '../site-database.ts';

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

const POSTING_WITH_CURRENT_FILE = sql`
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
export async function postingsOfYear(
  database: SiteDatabase,
  year: number,
): Promise<DisclosurePostingRow[]> {
  const rows = await queryRows(
    database,
    () =>
      sql<JoinedRow>`${POSTING_WITH_CURRENT_FILE} WHERE p.year = ${year}
        ORDER BY p.document_type, p.quarter`,
  );
  return rows.map(toPosting);
}

/**
 * The posting of a type for a period, if one was posted. coalesce(quarter, 0) is the
 * expression of the unique index of a period (migration 0014; ifnull there, which the
 * PostgreSQL schema writes as coalesce), so the index finds it on both engines.
 */
export async function findPosting(
  database: SiteDatabase,
  documentType: string,
  { year, quarter }: DisclosurePeriod,
): Promise<DisclosurePostingRow | undefined> {
  const rows = await queryRows(
    database,
    () =>
      sql<JoinedRow>`${POSTING_WITH_CURRENT_FILE}
        WHERE p.document_type = ${documentType} AND p.year = ${year}
          AND coalesce(p.quarter, 0) = ${quarter ?? 0}`,
  );
  return rows[0] && toPosting(rows[0]);
}

/** Every file a posting has shown, the first first. */
export async function postingFiles(
  database: SiteDatabase,
  postingId: number,
): Promise<DisclosureFileRow[]> {
  const rows = await queryRows(
    database,
    () => sql<JoinedRow>`
      SELECT f.version AS file_version, f.sha256, f.file_name, d.bytes, d.type, f.posted_at,
             f.posted_by, f.reason
      FROM full_disclosure_files f JOIN documents d ON d.sha256 = f.sha256
      WHERE f.posting_id = ${postingId} ORDER BY f.version`,
  );
  return rows.map(toFile);
}

/** A file as its feed entry announces it: the posting it belongs to and which file it is. */
export interface PostedFileRow extends DisclosureFileRow {
  documentType: string;
  period: DisclosurePeriod;
}

/** The newest `limit` files posted, corrections included, newest first. */
export async function latestPostedFiles(
  database: SiteDatabase,
  limit: number,
): Promise<PostedFileRow[]> {
  const rows = await queryRows(
    database,
    () => sql<JoinedRow>`
      SELECT p.document_type, p.year, p.quarter, f.version AS file_version, f.sha256,
             f.file_name, d.bytes, d.type, f.posted_at, f.posted_by, f.reason
      FROM full_disclosure_files f
      JOIN full_disclosure_postings p ON p.id = f.posting_id
      JOIN documents d ON d.sha256 = f.sha256
      ORDER BY f.posted_at DESC, p.id DESC, f.version DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    ...toFile(row),
    documentType: row.document_type,
    period: { year: row.year, quarter: row.quarter as Quarter | null },
  }));
}

/** The newest posting time: what the feed and the downloads' validators change with. */
export async function lastPostedAt(database: SiteDatabase): Promise<string | null> {
  const rows = await queryRows(
    database,
    () => sql<{ last: string | null }>`SELECT max(posted_at) AS last FROM full_disclosure_files`,
  );
  return rows[0]?.last ?? null;
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
 * On PostgreSQL the period's posting is locked first, so two corrections of it (from two
 * processes) number their files one after the other; SQLite's write lock already does.
 */
export async function postDisclosureFile(
  database: SiteDatabase,
  input: DisclosureFileInput,
): Promise<DisclosureWriteOutcome> {
  return writeTransaction(database, async (tx): Promise<DisclosureWriteOutcome> => {
    if (tx.engine === 'postgres') await lockPosting(tx, input.documentType, input.period);
    const existing = await findPosting(tx, input.documentType, input.period);
    const reason = input.reason.trim();
    if (existing && existing.current.sha256 === input.document.sha256) {
      return { ok: false, reason: 'same-file', posting: existing };
    }
    if (existing && !reason) return { ok: false, reason: 'reason-required', posting: existing };
    await addDocument(tx, {
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
      await sql`UPDATE full_disclosure_postings SET version = ${version}, updated = ${input.at}
        WHERE id = ${postingId}`.execute(tx.db);
    } else {
      version = 1;
      const [inserted] = await queryRows(
        tx,
        () => sql<{ id: number }>`
          INSERT INTO full_disclosure_postings (document_type, year, quarter, created, updated)
          VALUES (${input.documentType}, ${input.period.year}, ${input.period.quarter},
                  ${input.at}, ${input.at})
          RETURNING id`,
      );
      postingId = inserted!.id;
    }
    await sql`
      INSERT INTO full_disclosure_files
        (posting_id, version, sha256, file_name, posted_at, posted_by, reason)
      VALUES (${postingId}, ${version}, ${input.document.sha256}, ${input.document.fileName},
              ${input.at}, ${input.actor.email}, ${existing ? reason : null})`.execute(tx.db);
    await writeAudit(tx, {
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
    const posting = (await findPosting(tx, input.documentType, input.period))!;
    return { ok: true, posting, corrected: existing !== undefined };
  });
}

/**
 * Locks a period's posting, if there is one, until the transaction ends (PostgreSQL). The
 * read after it is a statement of its own, so under READ COMMITTED it sees the version
 * another process committed meanwhile.
 */
async function lockPosting(
  tx: SiteDatabase,
  documentType: string,
  { year, quarter }: DisclosurePeriod,
): Promise<void> {
  await sql`
    SELECT id FROM full_disclosure_postings
    WHERE document_type = ${documentType} AND year = ${year} AND coalesce(quarter, 0) = ${quarter ?? 0}
    FOR UPDATE`.execute(tx.db);
}

/** The fiscal years with at least one posting, newest first. */
export async function postedYears(database: SiteDatabase): Promise<number[]> {
  const rows = await queryRows(
    database,
    () =>
      sql<{ year: number }>`SELECT DISTINCT year FROM full_disclosure_postings ORDER BY year DESC`,
  );
  return rows.map((row) => row.year);
}
