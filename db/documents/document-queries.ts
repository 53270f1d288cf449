import { sql, type Selectable } from 'kysely';
import { writeAudit, type AuditEntry } from '../audit-log.ts';
import { queryRows, writeTransaction, type Query, type SiteDatabase } from '../site-database.ts';
import type { DocumentsTable } from './documents-schema.ts';

export interface DocumentRow {
  sha256: string;
  bytes: number;
  type: string;
  fileName: string;
  created: string;
  uploadedBy: number;
}

export interface DocumentUpload {
  sha256: string;
  bytes: number;
  type: string;
  fileName: string;
  uploader: { id: number; email: string };
  /** The client address, for the audit entry; null for the command line. */
  address: string | null;
  /** The file an import took the document from, named in the audit entry. */
  importedFrom?: string;
}

/**
 * The document's row, unless the same content is already there (it keeps its first row
 * and its first name): returns the row's hash when it was added, nothing when it was there.
 */
const insertDocument =
  (upload: DocumentUpload): Query<{ sha256: string }> =>
  () => sql<{ sha256: string }>`
    INSERT INTO documents (sha256, bytes, type, file_name, uploaded_by)
    VALUES (${upload.sha256}, ${upload.bytes}, ${upload.type}, ${upload.fileName}, ${upload.uploader.id})
    ON CONFLICT (sha256) DO NOTHING RETURNING sha256`;

/** The audit entry of an upload, saying whether the content was stored already. */
function uploadAudit(upload: DocumentUpload, added: boolean): AuditEntry {
  return {
    action: 'document-uploaded',
    actor: upload.uploader.email,
    address: upload.address,
    detail: {
      sha256: upload.sha256,
      bytes: upload.bytes,
      type: upload.type,
      fileName: upload.fileName,
      alreadyStored: !added,
      ...(upload.importedFrom ? { source: 'import', importedFrom: upload.importedFrom } : {}),
    },
  };
}

/**
 * Adds a document's row, unless the same content is already there (it keeps its first
 * row and its first name), and its audit entry saying which it was. Runs in the caller's
 * `writeTransaction` (pass its transaction): a posting commits it with the file it posts.
 */
export async function addDocument(tx: SiteDatabase, upload: DocumentUpload): Promise<void> {
  const added = await queryRows(tx, insertDocument(upload));
  await writeAudit(tx, uploadAudit(upload, added.length > 0));
}

/**
 * Records an upload and its audit entry in one transaction, so there is never a document
 * without its entry or an entry for a document the table lacks.
 */
export async function recordDocumentUpload(
  database: SiteDatabase,
  upload: DocumentUpload,
): Promise<void> {
  await writeTransaction(database, (tx) => addDocument(tx, upload));
}

export async function findDocument(
  { db }: SiteDatabase,
  sha256: string,
): Promise<DocumentRow | undefined> {
  const row = await db
    .selectFrom('documents')
    .selectAll()
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row && toDocument(row);
}

export interface DocumentSizeAndType {
  sha256: string;
  bytes: number;
  type: string;
}

const sizeAndType =
  (sha256: string): Query<DocumentSizeAndType> =>
  () =>
    sql<DocumentSizeAndType>`SELECT sha256, bytes, type FROM documents WHERE sha256 = ${sha256}`;

/** What a publication says of a hosted file: its size and type; undefined for an unknown hash. */
export async function documentSizeAndType(
  database: SiteDatabase,
  sha256: string,
): Promise<DocumentSizeAndType | undefined> {
  return (await queryRows(database, sizeAndType(sha256)))[0];
}

/**
 * Every document, oldest first. A row is small, so even many thousands fit in memory. A
 * SQLite database from before hosted documents (not yet migrated by a server start) holds
 * none; a PostgreSQL one is migrated before it is used.
 */
export async function listDocuments(database: SiteDatabase): Promise<DocumentRow[]> {
  if (database.engine === 'sqlite') {
    const tables = await queryRows(
      database,
      () => sql<{ name: string }>`
        SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'documents'`,
    );
    if (tables.length === 0) return [];
  }
  const rows = await database.db
    .selectFrom('documents')
    .selectAll()
    .orderBy('created')
    .orderBy('sha256')
    .execute();
  return rows.map(toDocument);
}

/** A documents row as the rest of the code reads it; any engine's rows. */
export function toDocument(row: Selectable<DocumentsTable>): DocumentRow {
  return {
    sha256: row.sha256,
    bytes: row.bytes,
    type: row.type,
    fileName: row.file_name,
    created: row.created,
    uploadedBy: row.uploaded_by,
  };
}
