import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";

/**
 * Hosted documents: one row per distinct content, keyed by its SHA-256, which also names
 * the file in DATA_DIR/documents. The type is the one sniffed from the bytes, and the file
 * name is the first uploader's, kept for the download name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE documents (
        sha256 TEXT PRIMARY KEY CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
        bytes INTEGER NOT NULL CHECK (bytes > 0),
        type TEXT NOT NULL CHECK (type IN ('application/pdf', 'image/jpeg', 'image/png')),
        file_name TEXT NOT NULL,
        created TEXT NOT NULL DEFAULT ${NOW},
        uploaded_by INTEGER NOT NULL REFERENCES staff_users (id)
      ) STRICT, WITHOUT ROWID`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE documents`.execute(db);
}
