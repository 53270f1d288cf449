import { createHash } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import type { AppDatabase } from './connection.ts';
import type { RecordKind } from './record-kinds.ts';
import { toCreated, type RecordValues } from './record-queries.ts';

// Table and column names come from the kinds registry, never from the file; values are always bound.

/** Link first: the identity index (migration 0003) starts with it. */
function identityFields(kind: RecordKind): string[] {
  const names = kind.fields.map((field) => field.name);
  return ['link', ...names.filter((name) => name !== 'link')];
}

function orderedValues(kind: RecordKind, names: readonly string[], values: RecordValues): string[] {
  return names.map((name) => {
    const value = values[name as keyof RecordValues];
    if (typeof value !== 'string') throw new TypeError(`${kind.collection}.${name} is missing`);
    return value;
  });
}

export interface ImportWriter {
  /** Stores the record unless one with the same fields and link is stored already; true when stored. */
  insertIfNew(values: RecordValues, created: Date): boolean;
  /** Whether a record with the same fields and link is stored. */
  isStored(values: RecordValues): boolean;
}

export function importWriter(database: AppDatabase, kind: RecordKind): ImportWriter {
  const table = kind.collection;
  const columns = kind.fields.map((field) => field.name);
  const identity = identityFields(kind);
  const sameRecord = identity.map((name) => `${name} = ?`).join(' AND ');
  // One statement, so the check and the insert see the same state, including rows of this batch.
  const insert = database.sqlite.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}, created)
     SELECT ${columns.map(() => '?').join(', ')}, ?
     WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE ${sameRecord})`,
  );
  const exists = database.sqlite.prepare(`SELECT 1 FROM ${table} WHERE ${sameRecord} LIMIT 1`);
  return {
    insertIfNew(values, created) {
      const result = insert.run(
        ...orderedValues(kind, columns, values),
        toCreated(created),
        ...orderedValues(kind, identity, values),
      );
      return result.changes === 1;
    },
    isStored(values) {
      return exists.get(...orderedValues(kind, identity, values)) !== undefined;
    },
  };
}

/** Runs `work` in one transaction: it all commits, or none of it does. */
export function inTransaction<T>(database: AppDatabase, work: () => T): T {
  return database.sqlite.transaction(work)();
}

/**
 * Remembers the records seen so far in one import without holding them in memory: their
 * digests go to a temporary table, which SQLite spills to disk. Lets a dry run count
 * duplicates within the file without writing to the database.
 */
export interface SeenRecords {
  /** True the first time a record's content is seen, false for a repeat. */
  firstSighting(kind: RecordKind, values: RecordValues): boolean;
  dispose(): void;
}

export function seenRecords(database: AppDatabase): SeenRecords {
  const sqlite: BetterSqlite3.Database = database.sqlite;
  sqlite.exec('CREATE TEMP TABLE IF NOT EXISTS import_seen (digest BLOB PRIMARY KEY) WITHOUT ROWID');
  sqlite.exec('DELETE FROM temp.import_seen');
  const remember = sqlite.prepare('INSERT OR IGNORE INTO temp.import_seen (digest) VALUES (?)');
  return {
    firstSighting(kind, values) {
      const content = JSON.stringify([kind.collection, ...orderedValues(kind, identityFields(kind), values)]);
      const digest = createHash('sha256').update(content).digest();
      return remember.run(digest).changes === 1;
    },
    dispose() {
      sqlite.exec('DROP TABLE IF EXISTS temp.import_seen');
    },
  };
}
