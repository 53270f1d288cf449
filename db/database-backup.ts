import BetterSqlite3 from 'better-sqlite3';
import type { AppDatabase } from './connection.ts';
import { listDocuments, type DocumentRow } from './documents/document-queries.ts';
import { listPictureUrls } from './news/news-queries.ts';

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
      documents: listDocuments({ sqlite: copy }),
      pictureUrls: listPictureUrls({ sqlite: copy }),
    };
  } finally {
    copy.close();
  }
}
