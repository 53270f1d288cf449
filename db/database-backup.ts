import BetterSqlite3 from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type { AppDatabase } from './connection.ts';
import { toDocument, type DocumentRow } from './documents/document-queries.ts';
import type { DocumentsTable } from './documents/documents-schema.ts';
import { pictureUrlsOf, type PictureColumns } from './news/news-queries.ts';

/**
 * Copies one read transaction's snapshot of the database into `destination` (VACUUM INTO),
 * so the copy is consistent while the server keeps writing. `destination` may be an empty
 * file made beforehand with the permissions the copy should have.
 */
export function copyDatabaseInto(database: AppDatabase, destination: string): void {
  database.sqlite.prepare('VACUUM INTO ?').run(destination);
}

export type BackupCheck =
  { ok: true; documents: DocumentRow[]; pictureUrls: string[] } | { ok: false; problem: string };

/** Reads a backup copy back: its integrity check, and the documents and pictures it lists when it passes. */
export function checkBackupCopy(file: string): BackupCheck {
  const copy = new BetterSqlite3(file, { readonly: true });
  try {
    const check: unknown = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') return { ok: false, problem: String(check) };
    return {
      ok: true,
      documents: documentsOfCopy(copy),
      pictureUrls: pictureUrlsOfCopy(copy),
    };
  } finally {
    copy.close();
  }
}

/**
 * The documents a SQLite backup copy lists, oldest first (as `listDocuments` reads a live
 * database); none in a copy from before hosted documents.
 */
function documentsOfCopy(copy: BetterSqlite3.Database): DocumentRow[] {
  if (!hasTable(copy, 'documents')) return [];
  const rows = copy
    .prepare('SELECT * FROM documents ORDER BY created, sha256')
    .all() as Selectable<DocumentsTable>[];
  return rows.map(toDocument);
}

/** Every file URL a SQLite backup copy's pictures name; none in a copy from before news pictures. */
function pictureUrlsOfCopy(copy: BetterSqlite3.Database): string[] {
  if (!hasTable(copy, 'pictures')) return [];
  const rows = copy
    .prepare('SELECT variants, avif FROM pictures ORDER BY id')
    .all() as PictureColumns[];
  return pictureUrlsOf(rows);
}

function hasTable(copy: BetterSqlite3.Database, name: string): boolean {
  return (
    copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !==
    undefined
  );
}
