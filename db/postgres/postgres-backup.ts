import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { toDocument, type DocumentRow } from '../documents/document-queries.ts';
import { pictureUrlsOf, type PictureColumns } from '../news/news-queries.ts';
import type { DocumentsTable } from '../documents/documents-schema.ts';
import type { Selectable } from 'kysely';
import { inClientTransaction, type PostgresDatabase } from './postgres-connection.ts';

const run = promisify(execFile);

/** What a PostgreSQL backup holds besides the dump: the files its snapshot lists. */
export interface PostgresBackup {
  documents: DocumentRow[];
  pictureUrls: string[];
}

/**
 * Dumps the database into `destination` (pg_dump's custom format, restored with
 * pg_restore) as of one snapshot, and reads the documents and pictures that same snapshot
 * lists: a document uploaded during the dump is in neither or in both. The snapshot is
 * exported by a read-only REPEATABLE READ transaction held open while pg_dump starts from
 * it (`--snapshot`). pg_dump comes from Debian's postgresql-client, the server's major
 * version or newer. `url` is given to pg_dump in its environment, never on its command
 * line, where other users of the machine could read the password.
 */
export async function dumpPostgres(
  database: PostgresDatabase,
  url: string,
  destination: string,
): Promise<PostgresBackup> {
  return inClientTransaction(
    database,
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
    async (client) => {
      const { rows } = await client.query<{ snapshot: string }>(
        'SELECT pg_export_snapshot() AS snapshot',
      );
      const dump = run(
        'pg_dump',
        [
          '--format=custom',
          `--snapshot=${rows[0]!.snapshot}`,
          `--file=${destination}`,
          '--no-password',
        ],
        { env: { ...process.env, ...libpqEnvironment(url) }, maxBuffer: 1024 * 1024 },
      );
      const documents = await client.query<Selectable<DocumentsTable>>(
        'SELECT * FROM documents ORDER BY created, sha256',
      );
      const pictures = await client.query<PictureColumns>(
        'SELECT variants, avif FROM pictures ORDER BY id',
      );
      await dump;
      return {
        documents: documents.rows.map(toDocument),
        pictureUrls: pictureUrlsOf(pictures.rows),
      };
    },
  );
}

/**
 * The libpq variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE) that
 * name the database of a postgres:// URL, for pg_dump and pg_restore. A Unix socket's
 * folder comes as `?host=/run/postgresql`, as node-postgres reads it too.
 */
export function libpqEnvironment(url: string): Record<string, string> {
  const parsed = new URL(url);
  const variables: Record<string, string | undefined> = {
    PGHOST: parsed.searchParams.get('host') ?? (decodeURIComponent(parsed.hostname) || undefined),
    PGPORT: parsed.port || undefined,
    PGUSER: decodeURIComponent(parsed.username) || undefined,
    PGPASSWORD: decodeURIComponent(parsed.password) || undefined,
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)) || undefined,
    PGSSLMODE: parsed.searchParams.get('sslmode') ?? undefined,
  };
  return Object.fromEntries(
    Object.entries(variables).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Reads a dump's table of contents back, as pg_restore would: undefined when it is sound. */
export async function checkPostgresDump(file: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('pg_restore', ['--list', file], { maxBuffer: 64 * 1024 * 1024 });
    return /TABLE DATA public documents /.test(stdout) ? undefined : 'it holds no documents table';
  } catch (error) {
    return error instanceof Error ? error.message.trim() : String(error);
  }
}
