import { sql, type Kysely } from 'kysely';
import type { FieldType } from '../../shared/record-kinds.ts';
import { dataVersionTriggers } from '../data-version.ts';
import { runStatements } from './run-statements.ts';

/**
 * What a record kind's table is built from: its collection (the table's name), its fields
 * and the fields its list searches. A `RecordKind` of the registry fits, but a migration
 * passes a copy of the kind as it is on the day the migration is written: migrations are
 * history, and a later change to the registry needs a migration of its own.
 */
export interface RecordTableSpec {
  collection: string;
  fields: readonly { name: string; type: FieldType; optional?: true }[];
  searchFields: readonly string[];
}

/** ISO 8601 UTC with milliseconds, so text order is time order (as in 0001 and 0007). */
const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";

/** ₱100 billion in centavos, the most any amount may be (shared/money.ts). */
const MAX_CENTAVOS = 10_000_000_000_000;

/** Names go into SQL as identifiers, so only plain lower-case ones are accepted. */
const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

function checkSpec({ collection, fields, searchFields }: RecordTableSpec): void {
  const names = fields.map((field) => field.name);
  for (const name of [collection, ...names]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Not a plain lower-case SQL name: ${name}`);
  }
  if (!names.includes('link')) throw new Error(`${collection} has no link field`);
  if (searchFields.length === 0) throw new Error(`${collection} searches no field`);
  for (const name of searchFields) {
    if (!names.includes(name))
      throw new Error(`${collection} searches ${name}, not one of its fields`);
  }
}

/** A field's column: amounts as integer centavos, times as ISO UTC text, the rest as text. */
function columnDefinition(field: RecordTableSpec['fields'][number]): string {
  const required = field.optional ? '' : ' NOT NULL';
  switch (field.type) {
    case 'money':
      return `${field.name} INTEGER${required} CHECK (${field.name} BETWEEN 0 AND ${MAX_CENTAVOS})`;
    case 'datetime':
      return `${field.name} TEXT${required} CHECK (${field.name} GLOB ${TIME_FORMAT})`;
    case 'text':
    case 'link':
      return `${field.name} TEXT${required}`;
  }
}

/**
 * Every statement that gives a kind what migrations 0001 to 0008 gave the first eight:
 * the table with its lifecycle columns (version, last change, withdrawal), the newest-first
 * and withdrawn indexes, the identity index of the bulk import, the trigram search index,
 * its row of record_counts, the triggers that keep the search index and the count to
 * published records, drop the list's page anchors on any change of order, and bump the data
 * version. History needs nothing per kind: record_history is keyed by collection.
 * Migrations run this, so what it writes must not change; a change is a new helper.
 */
export function recordTableStatements(spec: RecordTableSpec): string[] {
  checkSpec(spec);
  const name = spec.collection;
  const fts = `${name}_search`;
  const columns = spec.searchFields.join(', ');
  const newValues = spec.searchFields.map((field) => `new.${field}`).join(', ');
  const oldValues = spec.searchFields.map((field) => `old.${field}`).join(', ');
  const forgetAnchors = `DELETE FROM page_anchors WHERE collection = '${name}';`;
  // The import looks a record up by its link and the kind's identifying number (or title),
  // its first field (0003).
  const identity = spec.fields.find((field) => field.name !== 'link')?.name;
  return [
    `CREATE TABLE ${name} (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ${spec.fields.map(columnDefinition).join(',\n      ')},
      created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) CHECK (created GLOB ${TIME_FORMAT}),
      version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
      updated TEXT CHECK (updated GLOB ${TIME_FORMAT}),
      withdrawn_at TEXT CHECK (withdrawn_at GLOB ${TIME_FORMAT}),
      withdrawal_reason TEXT
    ) STRICT`,
    // The public lists walk only published records, newest first, ties broken by id so
    // paging is stable; the staff list also reads the few withdrawn ones from their own index.
    `CREATE INDEX ${name}_newest_first ON ${name} (created DESC, id DESC) WHERE withdrawn_at IS NULL`,
    `CREATE INDEX ${name}_withdrawn ON ${name} (created DESC, id DESC) WHERE withdrawn_at IS NOT NULL`,
    `CREATE INDEX ${name}_identity ON ${name} (link${identity ? `, ${identity}` : ''})`,
    // Trigram FTS indexes every substring of 3+ characters of the searched fields, folding case.
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${columns}, content='${name}', content_rowid='id', tokenize='trigram')`,
    `INSERT INTO record_counts (collection, total) VALUES ('${name}', 0)`,
    // Only published records are in the search index and the count.
    `CREATE TRIGGER ${name}_after_insert AFTER INSERT ON ${name} WHEN new.withdrawn_at IS NULL BEGIN
      INSERT INTO ${fts} (rowid, ${columns}) VALUES (new.id, ${newValues});
      UPDATE record_counts SET total = total + 1 WHERE collection = '${name}';
    END`,
    `CREATE TRIGGER ${name}_after_delete AFTER DELETE ON ${name} WHEN old.withdrawn_at IS NULL BEGIN
      INSERT INTO ${fts} (${fts}, rowid, ${columns}) VALUES ('delete', old.id, ${oldValues});
      UPDATE record_counts SET total = total - 1 WHERE collection = '${name}';
    END`,
    `CREATE TRIGGER ${name}_after_update AFTER UPDATE ON ${name} BEGIN
      INSERT INTO ${fts} (${fts}, rowid, ${columns}) SELECT 'delete', old.id, ${oldValues} WHERE old.withdrawn_at IS NULL;
      INSERT INTO ${fts} (rowid, ${columns}) SELECT new.id, ${newValues} WHERE new.withdrawn_at IS NULL;
      UPDATE record_counts SET total = total + (new.withdrawn_at IS NULL) - (old.withdrawn_at IS NULL)
        WHERE collection = '${name}' AND (new.withdrawn_at IS NULL) <> (old.withdrawn_at IS NULL);
    END`,
    // Keyset anchors of deep pages (0004): any insert, delete, withdrawal or new date
    // changes later positions of the list.
    `CREATE TRIGGER ${name}_anchors_insert AFTER INSERT ON ${name} BEGIN ${forgetAnchors} END`,
    `CREATE TRIGGER ${name}_anchors_delete AFTER DELETE ON ${name} BEGIN ${forgetAnchors} END`,
    `CREATE TRIGGER ${name}_anchors_update AFTER UPDATE OF created, withdrawn_at ON ${name} BEGIN ${forgetAnchors} END`,
    // The render cache keys pages by the data version (0008).
    ...dataVersionTriggers(name),
  ];
}

/** Builds a kind's table and everything around it (see recordTableStatements). */
export async function createRecordTable<DB>(db: Kysely<DB>, spec: RecordTableSpec): Promise<void> {
  await runStatements(db, recordTableStatements(spec));
}

/**
 * Undoes createRecordTable: the table (its indexes and triggers go with it), its search
 * index, its count and anchors, and the history of its records.
 */
export async function dropRecordTable<DB>(db: Kysely<DB>, spec: RecordTableSpec): Promise<void> {
  checkSpec(spec);
  const name = spec.collection;
  // On PostgreSQL the search "table" is the table's trigram index (db/postgres/postgres-ddl.ts).
  await runStatements(db, [`DROP TABLE ${name}_search`, `DROP TABLE ${name}`]);
  for (const table of ['record_counts', 'page_anchors', 'record_history']) {
    await sql`DELETE FROM ${sql.table(table)} WHERE collection = ${name}`.execute(db);
  }
}
