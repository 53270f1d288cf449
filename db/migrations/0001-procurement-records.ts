import { sql, type Kysely } from 'kysely';
import { POSTGRES_PRELUDE } from '../postgres/postgres-ddl.ts';
import { isPostgres } from '../postgres/postgres-dialect.ts';
import { runStatements } from './run-statements.ts';

/**
 * The eight collections as they were when this migration was written. Migrations are
 * history: a later change to the registry needs a new migration, not an edit here, so this
 * snapshot is deliberately separate (a unit test checks the migrated schema matches the registry).
 */
const collections = {
  notice_of_awards: {
    fields: ['pr_number', 'project_title', 'supplier', 'mode_of_procurement', 'link'],
    search: ['pr_number', 'project_title'],
  },
  notice_to_proceed: {
    fields: ['pr_number', 'project_title', 'supplier', 'mode_of_procurement', 'link'],
    search: ['pr_number', 'project_title'],
  },
  bid_bulletin: {
    fields: ['bid_number_or_pr_number', 'project_title', 'addenddum_number', 'link'],
    search: ['bid_number_or_pr_number', 'project_title'],
  },
  public_bidding: {
    fields: ['bid_number', 'project_title', 'link'],
    search: ['bid_number', 'project_title'],
  },
  svp: { fields: ['pr_number', 'project_title', 'link'], search: ['pr_number', 'project_title'] },
  reports: { fields: ['title', 'report_description', 'link'], search: ['title'] },
  two_failed_bidding: {
    fields: ['pr_number', 'project_title', 'link'],
    search: ['pr_number', 'project_title'],
  },
  shopping_bidding: {
    fields: ['pr_number', 'project_title', 'link'],
    search: ['pr_number', 'project_title'],
  },
} as const;

/** ISO 8601 UTC with milliseconds, so text order is time order. */
const CREATED_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";

function statements(name: string, fields: readonly string[], search: readonly string[]): string[] {
  const fts = `${name}_search`;
  const newValues = search.map((field) => `new.${field}`).join(', ');
  const oldValues = search.map((field) => `old.${field}`).join(', ');
  return [
    `CREATE TABLE ${name} (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ${fields.map((field) => `${field} TEXT NOT NULL`).join(',\n      ')},
      created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) CHECK (created GLOB ${CREATED_FORMAT})
    ) STRICT`,
    // Newest first, ties broken by id so paging is stable.
    `CREATE INDEX ${name}_newest_first ON ${name} (created DESC, id DESC)`,
    // Trigram FTS indexes every substring of 3+ characters of the searched fields, folding case.
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${search.join(', ')}, content='${name}', content_rowid='id', tokenize='trigram')`,
    `INSERT INTO record_counts (collection, total) VALUES ('${name}', 0)`,
    `CREATE TRIGGER ${name}_after_insert AFTER INSERT ON ${name} BEGIN
      INSERT INTO ${fts} (rowid, ${search.join(', ')}) VALUES (new.id, ${newValues});
      UPDATE record_counts SET total = total + 1 WHERE collection = '${name}';
    END`,
    `CREATE TRIGGER ${name}_after_delete AFTER DELETE ON ${name} BEGIN
      INSERT INTO ${fts} (${fts}, rowid, ${search.join(', ')}) VALUES ('delete', old.id, ${oldValues});
      UPDATE record_counts SET total = total - 1 WHERE collection = '${name}';
    END`,
    `CREATE TRIGGER ${name}_after_update AFTER UPDATE ON ${name} BEGIN
      INSERT INTO ${fts} (${fts}, rowid, ${search.join(', ')}) VALUES ('delete', old.id, ${oldValues});
      INSERT INTO ${fts} (rowid, ${search.join(', ')}) VALUES (new.id, ${newValues});
    END`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // On PostgreSQL, what the translated DDL of every later migration relies on (pg_trgm,
  // json_valid, json_type); it is PostgreSQL's own, so it skips the translation.
  if (isPostgres(db)) {
    for (const statement of POSTGRES_PRELUDE) await sql.raw(statement).execute(db);
  }
  await runStatements(db, [
    `CREATE TABLE record_counts (collection TEXT PRIMARY KEY, total INTEGER NOT NULL) STRICT`,
  ]);
  for (const [name, { fields, search }] of Object.entries(collections)) {
    await runStatements(db, statements(name, fields, search));
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(collections)) {
    await sql.raw(`DROP TABLE ${name}_search`).execute(db);
    await sql.raw(`DROP TABLE ${name}`).execute(db);
  }
  await sql`DROP TABLE record_counts`.execute(db);
}
