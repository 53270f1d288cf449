import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Records become public documents: optional procurement fields (amounts in integer
 * centavos, the closing date as ISO UTC), a version, and withdrawal, which takes a record
 * out of the public lists, counts and searches while its permalink stays. Every
 * amendment and withdrawal leaves a row in record_history. Snapshot of the collections at
 * the time of writing, like 0001.
 */
const collections = {
  notice_of_awards: {
    added: ['philgeps_reference', 'contract_amount'],
    search: ['pr_number', 'project_title'],
  },
  notice_to_proceed: {
    added: ['philgeps_reference', 'contract_amount'],
    search: ['pr_number', 'project_title'],
  },
  bid_bulletin: {
    added: ['philgeps_reference', 'closing_date'],
    search: ['bid_number_or_pr_number', 'project_title'],
  },
  public_bidding: {
    added: ['philgeps_reference', 'abc', 'closing_date'],
    search: ['bid_number', 'project_title'],
  },
  svp: {
    added: ['philgeps_reference', 'abc', 'closing_date'],
    search: ['pr_number', 'project_title'],
  },
  reports: { added: [], search: ['title'] },
  two_failed_bidding: {
    added: ['philgeps_reference', 'abc', 'closing_date'],
    search: ['pr_number', 'project_title'],
  },
  shopping_bidding: {
    added: ['philgeps_reference', 'abc', 'closing_date'],
    search: ['pr_number', 'project_title'],
  },
} as const;

const TIME_FORMAT =
  "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z'";

/** ₱100 billion in centavos, the most any amount may be (shared/money.ts). */
const MAX_CENTAVOS = 10_000_000_000_000;

const columnDefinitions: Record<string, string> = {
  philgeps_reference: 'philgeps_reference TEXT',
  abc: `abc INTEGER CHECK (abc BETWEEN 0 AND ${MAX_CENTAVOS})`,
  closing_date: `closing_date TEXT CHECK (closing_date GLOB ${TIME_FORMAT})`,
  contract_amount: `contract_amount INTEGER CHECK (contract_amount BETWEEN 0 AND ${MAX_CENTAVOS})`,
};

const lifecycleColumns = [
  'version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1)',
  `updated TEXT CHECK (updated GLOB ${TIME_FORMAT})`,
  `withdrawn_at TEXT CHECK (withdrawn_at GLOB ${TIME_FORMAT})`,
  'withdrawal_reason TEXT',
];

function statements(name: string, added: readonly string[], search: readonly string[]): string[] {
  const fts = `${name}_search`;
  const columns = search.join(', ');
  const newValues = search.map((field) => `new.${field}`).join(', ');
  const oldValues = search.map((field) => `old.${field}`).join(', ');
  const forgetAnchors = `DELETE FROM page_anchors WHERE collection = '${name}';`;
  return [
    ...[...added.map((column) => columnDefinitions[column]!), ...lifecycleColumns].map(
      (definition) => `ALTER TABLE ${name} ADD COLUMN ${definition}`,
    ),
    // Only published records are in the search index and the count; a withdrawal (or its
    // reversal by hand) moves the record out of (or back into) both.
    `DROP TRIGGER ${name}_after_insert`,
    `DROP TRIGGER ${name}_after_delete`,
    `DROP TRIGGER ${name}_after_update`,
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
    // A withdrawal changes every later position of the list, like an insert or delete.
    `DROP TRIGGER ${name}_anchors_update`,
    `CREATE TRIGGER ${name}_anchors_update AFTER UPDATE OF created, withdrawn_at ON ${name} BEGIN ${forgetAnchors} END`,
    // The public lists walk only published records; the staff list also reads the few
    // withdrawn ones, newest first, from their own small index.
    `DROP INDEX ${name}_newest_first`,
    `CREATE INDEX ${name}_newest_first ON ${name} (created DESC, id DESC) WHERE withdrawn_at IS NULL`,
    `CREATE INDEX ${name}_withdrawn ON ${name} (created DESC, id DESC) WHERE withdrawn_at IS NOT NULL`,
    forgetAnchors,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, { added, search }] of Object.entries(collections)) {
    await runStatements(db, statements(name, added, search));
  }
  await runStatements(db, [
    `CREATE TABLE record_history (
        collection TEXT NOT NULL,
        record_id INTEGER NOT NULL,
        version INTEGER NOT NULL CHECK (version >= 2),
        at TEXT NOT NULL CHECK (at GLOB ${TIME_FORMAT}),
        actor TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('amended', 'withdrawn')),
        reason TEXT NOT NULL CHECK (reason <> ''),
        changes TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(changes)),
        PRIMARY KEY (collection, record_id, version)
      ) STRICT, WITHOUT ROWID`,
  ]);
}

/** The triggers of 0001 and 0004, which count and index every row. */
function previousTriggers(name: string, search: readonly string[]): string[] {
  const fts = `${name}_search`;
  const columns = search.join(', ');
  const newValues = search.map((field) => `new.${field}`).join(', ');
  const oldValues = search.map((field) => `old.${field}`).join(', ');
  return [
    `CREATE TRIGGER ${name}_after_insert AFTER INSERT ON ${name} BEGIN
      INSERT INTO ${fts} (rowid, ${columns}) VALUES (new.id, ${newValues});
      UPDATE record_counts SET total = total + 1 WHERE collection = '${name}';
    END`,
    `CREATE TRIGGER ${name}_after_delete AFTER DELETE ON ${name} BEGIN
      INSERT INTO ${fts} (${fts}, rowid, ${columns}) VALUES ('delete', old.id, ${oldValues});
      UPDATE record_counts SET total = total - 1 WHERE collection = '${name}';
    END`,
    `CREATE TRIGGER ${name}_after_update AFTER UPDATE ON ${name} BEGIN
      INSERT INTO ${fts} (${fts}, rowid, ${columns}) VALUES ('delete', old.id, ${oldValues});
      INSERT INTO ${fts} (rowid, ${columns}) VALUES (new.id, ${newValues});
    END`,
    `CREATE TRIGGER ${name}_anchors_update AFTER UPDATE OF created ON ${name} BEGIN DELETE FROM page_anchors WHERE collection = '${name}'; END`,
  ];
}

/** Back to 0006: withdrawn records become published again, and history and new fields are lost. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE record_history`.execute(db);
  for (const [name, { added, search }] of Object.entries(collections)) {
    const steps = [
      ...['after_insert', 'after_delete', 'after_update', 'anchors_update'].map(
        (trigger) => `DROP TRIGGER ${name}_${trigger}`,
      ),
      `DROP INDEX ${name}_withdrawn`,
      `DROP INDEX ${name}_newest_first`,
      `CREATE INDEX ${name}_newest_first ON ${name} (created DESC, id DESC)`,
      ...['withdrawal_reason', 'withdrawn_at', 'updated', 'version', ...added].map(
        (column) => `ALTER TABLE ${name} DROP COLUMN ${column}`,
      ),
      ...previousTriggers(name, search),
      `INSERT INTO ${name}_search (${name}_search) VALUES ('rebuild')`,
      `UPDATE record_counts SET total = (SELECT count(*) FROM ${name}) WHERE collection = '${name}'`,
      `DELETE FROM page_anchors WHERE collection = '${name}'`,
    ];
    for (const statement of steps) await sql.raw(statement).execute(db);
  }
}
