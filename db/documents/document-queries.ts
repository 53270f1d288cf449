import type { Selectable } from 'kysely';
import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
import type { DocumentsTable } from './documents-schema.ts';
import { statement } from '../records/record-queries.ts';

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
 * Adds a document's row, unless the same content is already there (it keeps its first
 * row and its first name), and its audit entry saying which it was. Runs in the caller's
 * transaction: an import commits it with the records of the batch that link to it.
 */
export function addDocument(database: AppDatabase, upload: DocumentUpload): void {
  const added = database.sqlite
    .prepare(
      `INSERT INTO documents (sha256, bytes, type, file_name, uploaded_by)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING`,
    )
    .run(upload.sha256, upload.bytes, upload.type, upload.fileName, upload.uploader.id).changes;
  recordAudit(database, {
    action: 'document-uploaded',
    actor: upload.uploader.email,
    address: upload.address,
    detail: {
      sha256: upload.sha256,
      bytes: upload.bytes,
      type: upload.type,
      fileName: upload.fileName,
      alreadyStored: added === 0,
      ...(upload.importedFrom ? { source: 'import', importedFrom: upload.importedFrom } : {}),
    },
  });
}

/**
 * Records an upload and its audit entry in one transaction, so there is never a document
 * without its entry or an entry for a document the table lacks.
 */
export function recordDocumentUpload(database: AppDatabase, upload: DocumentUpload): void {
  database.sqlite.transaction(() => addDocument(database, upload))();
}

export async function findDocument(
  { db }: AppDatabase,
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

/** What a publication says of a hosted file: its size and type; undefined for an unknown hash. */
export function documentSizeAndType(
  database: AppDatabase,
  sha256: string,
): DocumentSizeAndType | undefined {
  return statement(
    database,
    'documents:size-and-type',
    () => 'SELECT sha256, bytes, type FROM documents WHERE sha256 = ?',
  ).get(sha256) as DocumentSizeAndType | undefined;
}

/**
 * Every document, oldest first. A row is small, so even many thousands fit in memory. A
 * database from before hosted documents (not yet migrated by a server start) holds none.
 * Takes any connection, such as one to a backup copy.
 */
export function listDocuments({ sqlite }: Pick<AppDatabase, 'sqlite'>): DocumentRow[] {
  const hasTable = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'documents'")
    .get();
  if (!hasTable) return [];
  const rows = sqlite
    .prepare('SELECT * FROM documents ORDER BY created, sha256')
    .all() as Selectable<DocumentsTable>[];
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
