import type { Selectable } from 'kysely';
import { recordAudit } from './audit-log.ts';
import type { AppDatabase } from './connection.ts';
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
  /** The client address, for the audit entry. */
  address: string;
}

/**
 * Records an upload and its audit entry in one transaction, so there is never a document
 * without its entry or an entry for a document the table lacks. The same content uploaded
 * again keeps its first row (and its first name); the entry says it was already there.
 */
export function recordDocumentUpload(database: AppDatabase, upload: DocumentUpload): void {
  const insert = database.sqlite.prepare(
    `INSERT INTO documents (sha256, bytes, type, file_name, uploaded_by)
     VALUES (?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING`,
  );
  database.sqlite.transaction(() => {
    const added = insert.run(
      upload.sha256,
      upload.bytes,
      upload.type,
      upload.fileName,
      upload.uploader.id,
    ).changes;
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
      },
    });
  })();
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

/**
 * Every document, oldest first. A row is small, so even many thousands fit in memory. A
 * database from before hosted documents (not yet migrated by a server start) holds none.
 */
export function listDocuments({ sqlite }: AppDatabase): DocumentRow[] {
  const hasTable = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'documents'")
    .get();
  if (!hasTable) return [];
  const rows = sqlite
    .prepare('SELECT * FROM documents ORDER BY created, sha256')
    .all() as Selectable<DocumentsTable>[];
  return rows.map(toDocument);
}

function toDocument(row: Selectable<DocumentsTable>): DocumentRow {
  return {
    sha256: row.sha256,
    bytes: row.bytes,
    type: row.type,
    fileName: row.file_name,
    created: row.created,
    uploadedBy: row.uploaded_by,
  };
}
