import { createHash, randomUUID } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { closeAlertBatchOn, queueImportedAlertsIn } from '../alerts/alert-outbox.ts';
import type { AppDatabase } from '../connection.ts';
import { addDocumentNow } from '../documents/document-queries.ts';
import { kindByCollection, recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { toColumnValue, type ColumnValue } from './record-columns.ts';
import { findRecord, toCreated, type RecordValues } from './record-queries.ts';
import { writeTransaction, type SiteDatabase } from '../site-database.ts';
import { attachNewNotice } from '../procurement-projects/attach-notice.ts';

// Table and column names come from the kinds registry, never from the file; values are always bound.

/** Link first: the identity index (migration 0003) starts with it. */
function identityFields(kind: RecordKind): string[] {
  const names = kind.fields.map((field) => field.name);
  return ['link', ...names.filter((name) => name !== 'link')];
}

/** Values as their columns store them (amounts in centavos, a blank optional field null). */
function orderedValues(
  kind: RecordKind,
  names: readonly string[],
  values: RecordValues,
): ColumnValue[] {
  return names.map((name) => {
    const spec = kind.fields.find((field) => field.name === name)!;
    return toColumnValue(kind, spec, values[spec.name]);
  });
}

/** Whether a record with the same fields and link as `values` is stored, by an index probe. */
export type StoredCheck = (values: RecordValues) => boolean;

export function storedCheck(database: AppDatabase, kind: RecordKind): StoredCheck {
  const identity = identityFields(kind);
  const exists = database.sqlite.prepare(
    // IS, not =: a blank optional field (null) matches a blank one.
    `SELECT 1 FROM ${kind.collection} WHERE ${identity.map((name) => `${name} IS ?`).join(' AND ')} LIMIT 1`,
  );
  return (values) => exists.get(...orderedValues(kind, identity, values)) !== undefined;
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
  const sqlite = database.sqlite;
  sqlite.exec(
    'CREATE TEMP TABLE IF NOT EXISTS import_seen (digest BLOB PRIMARY KEY) WITHOUT ROWID',
  );
  sqlite.exec('DELETE FROM temp.import_seen');
  const remember = sqlite.prepare('INSERT OR IGNORE INTO temp.import_seen (digest) VALUES (?)');
  return {
    firstSighting(kind, values) {
      const content = JSON.stringify([
        kind.collection,
        ...orderedValues(kind, identityFields(kind), values),
      ]);
      const digest = createHash('sha256').update(content).digest();
      return remember.run(digest).changes === 1;
    },
    dispose() {
      sqlite.exec('DROP TABLE IF EXISTS temp.import_seen');
    },
  };
}

/** A file an import hosts, checked and hashed but not yet in the document store. */
export interface StagedDocument {
  sha256: string;
  bytes: number;
  type: string;
  /** The name it is served under, made safe from the file's own. */
  fileName: string;
  /** Where the import reads it from. */
  path: string;
}

export interface StagedRecord {
  kind: RecordKind;
  values: RecordValues;
  created: Date;
  /** The file the record links to, stored with the batch that first names it. */
  document?: StagedDocument | undefined;
  /** The procurement project the row's `project` column named; a new one when undefined. */
  projectId?: number | undefined;
}

/**
 * Checked records waiting to be written, kept in a temporary table that SQLite spills to a
 * file rather than in memory. The first pass of an import reads and checks the file once;
 * the second copies from here in set-based statements, without parsing it again.
 */
export interface ImportStaging {
  add(records: readonly StagedRecord[]): void;
  /** How many records are staged; they are numbered from 1 in the order added. */
  count(): number;
  /**
   * The documents first named by a staged record numbered `first` to `last`: each file is
   * stored, once, before the batch that first links to it commits.
   */
  documentsFirstIn(first: number, last: number): StagedDocument[];
  /**
   * Stores the staged records numbered `first` to `last`, each with its audit entry and its
   * alert (queued in the import's batch), in one transaction, skipping any identical to a
   * stored record or to an earlier one of the range; `documents` (already in the document
   * store) get their rows and `document-uploaded` entries in the same transaction. Returns
   * how many records were stored.
   */
  commit(first: number, last: number, documents: readonly StagedDocument[]): Promise<number>;
  dispose(): Promise<void>;
}

const STAGED_VALUES = Math.max(...recordKinds.map((kind) => kind.fields.length));
const stagedColumns = Array.from({ length: STAGED_VALUES }, (_, position) => `v${position + 1}`);

/** Copies one kind's staged records of an id range, first of each identical group only, in file order. */
function copyStatement(database: AppDatabase, kind: RecordKind): BetterSqlite3.Statement {
  const columns: string[] = kind.fields.map((field) => field.name);
  const staged = (name: string) => `s.v${columns.indexOf(name) + 1}`;
  const sameRecord = identityFields(kind)
    .map((name) => `t.${name} IS ${staged(name)}`)
    .join(' AND ');
  const valueColumns = columns.map((_, position) => `v${position + 1}`).join(', ');
  return database.sqlite.prepare(
    `INSERT INTO ${kind.collection} (${columns.join(', ')}, created)
     SELECT ${columns.map(staged).join(', ')}, s.created FROM temp.import_staging s
     WHERE s.id IN (
       SELECT min(id) FROM temp.import_staging
       WHERE id BETWEEN :first AND :last AND collection = :collection
       GROUP BY ${valueColumns}
     )
     AND NOT EXISTS (SELECT 1 FROM ${kind.collection} t WHERE ${sameRecord})
     ORDER BY s.id`,
  );
}

/**
 * One `record-added` audit entry for each record of a kind stored after `after`, with the
 * importing staff member as actor. Set-based, so auditing adds little to the batch.
 */
function auditStatement(database: AppDatabase, kind: RecordKind): BetterSqlite3.Statement {
  return database.sqlite.prepare(
    `INSERT INTO audit_log (action, actor, address, detail)
     SELECT 'record-added', :actor, NULL, json_object('collection', :collection, 'id', id, 'source', 'import')
     FROM ${kind.collection} WHERE id > :after ORDER BY id`,
  );
}

/**
 * The records of a kind stored after `after`, each with the project its staged row named
 * (the first identical staged row of the range, the one the copy stored), in id order.
 */
function stagedProjectsStatement(database: AppDatabase, kind: RecordKind): BetterSqlite3.Statement {
  const columns: string[] = kind.fields.map((field) => field.name);
  const sameRecord = identityFields(kind)
    .map((name) => `t.${name} IS s.v${columns.indexOf(name) + 1}`)
    .join(' AND ');
  return database.sqlite.prepare(
    `SELECT t.id, (SELECT s.project_id FROM temp.import_staging s
       WHERE s.id BETWEEN :first AND :last AND s.collection = :collection AND ${sameRecord}
       ORDER BY s.id LIMIT 1) AS project_id
     FROM ${kind.collection} t WHERE t.id > :after ORDER BY t.id`,
  );
}

/** Attaches each imported notice to the project its row named, or to one of its own (attachNewNotice). */
async function attachImported(
  transaction: SiteDatabase,
  kind: RecordKind,
  rows: unknown[],
): Promise<void> {
  const now = new Date();
  for (const { id, project_id } of rows as { id: number; project_id: number | null }[]) {
    const record = await findRecord(transaction, kind, id);
    if (!record) continue;
    await attachNewNotice(
      transaction,
      { kind, id, values: presentValues(record) },
      project_id === null ? 'new' : { projectId: project_id },
      now,
    );
  }
}

/** A stored record's values, blank optional fields left out, as attachNewNotice reads them. */
function presentValues(record: object): RecordValues {
  return Object.fromEntries(
    Object.entries(record).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Who is importing: the actor of every audit entry the import writes. */
export interface ImportAuditing {
  actor: string;
}

const documentColumns = ['doc_sha256', 'doc_bytes', 'doc_type', 'doc_name', 'doc_path'] as const;

function documentRow(document: StagedDocument | undefined): (string | number | null)[] {
  return document
    ? [document.sha256, document.bytes, document.type, document.fileName, document.path]
    : [null, null, null, null, null];
}

export function importStaging(database: AppDatabase, { actor }: ImportAuditing): ImportStaging {
  const sqlite = database.sqlite;
  // The alerts of one import go out together, as one message per subscriber.
  const alertBatch = randomUUID();
  sqlite.exec('DROP TABLE IF EXISTS temp.import_staging');
  sqlite.exec(
    // Value columns without a type keep each value as staged: text, centavos or null.
    `CREATE TEMP TABLE import_staging (id INTEGER PRIMARY KEY, collection TEXT NOT NULL, created TEXT NOT NULL, ${stagedColumns.join(', ')}, doc_sha256 TEXT, doc_bytes INTEGER, doc_type TEXT, doc_name TEXT, doc_path TEXT, project_id INTEGER)`,
  );
  // Finds the first record naming each document without a scan per batch.
  sqlite.exec(
    'CREATE INDEX temp.import_staging_documents ON import_staging (doc_sha256, id) WHERE doc_sha256 IS NOT NULL',
  );
  const insert = sqlite.prepare(
    `INSERT INTO temp.import_staging (collection, created, ${stagedColumns.join(', ')}, ${documentColumns.join(', ')}, project_id) VALUES (?, ?, ${[...stagedColumns, ...documentColumns].map(() => '?').join(', ')}, ?)`,
  );
  const addAll = sqlite.transaction((records: readonly StagedRecord[]) => {
    for (const { kind, values, created, document, projectId } of records) {
      const row = orderedValues(
        kind,
        kind.fields.map((field) => field.name),
        values,
      );
      while (row.length < STAGED_VALUES) row.push(null);
      insert.run(
        kind.collection,
        toCreated(created),
        ...row,
        ...documentRow(document),
        projectId ?? null,
      );
    }
  });
  const firstDocuments = sqlite.prepare(
    `SELECT doc_sha256 AS sha256, doc_bytes AS bytes, doc_type AS type, doc_name AS fileName, doc_path AS path
     FROM temp.import_staging s
     WHERE id BETWEEN ? AND ? AND doc_sha256 IS NOT NULL
       AND id = (SELECT min(id) FROM temp.import_staging WHERE doc_sha256 = s.doc_sha256)
     ORDER BY id`,
  );
  let uploader: { id: number; email: string } | undefined;
  const uploaderOf = () => {
    uploader ??= sqlite.prepare('SELECT id, email FROM staff_users WHERE email = ?').get(actor) as
      { id: number; email: string } | undefined;
    if (!uploader) throw new Error(`No staff account ${actor} to record the documents under.`);
    return uploader;
  };
  const kindsStaged = sqlite.prepare(
    'SELECT DISTINCT collection FROM temp.import_staging WHERE id BETWEEN ? AND ?',
  );
  const statements = new Map<
    RecordKind,
    {
      newest: BetterSqlite3.Statement;
      copy: BetterSqlite3.Statement;
      audit: BetterSqlite3.Statement;
      projects: BetterSqlite3.Statement;
    }
  >();
  const statementsOf = (kind: RecordKind) => {
    let prepared = statements.get(kind);
    if (!prepared) {
      prepared = {
        newest: sqlite.prepare(`SELECT coalesce(max(id), 0) AS id FROM ${kind.collection}`),
        copy: copyStatement(database, kind),
        audit: auditStatement(database, kind),
        projects: stagedProjectsStatement(database, kind),
      };
      statements.set(kind, prepared);
    }
    return prepared;
  };
  // The records of a batch and their audit entries commit together. Ids only grow
  // (AUTOINCREMENT) and the immediate transaction holds the write lock from its start, so the
  // rows above the newest id read first are exactly the rows this batch stored.
  // A write transaction whose staging and copy statements are SQLite's own synchronous
  // ones (on this one connection they run inside it); the projects' links are the queries
  // both engines share, awaited in the same transaction.
  const commitRange = (first: number, last: number, documents: readonly StagedDocument[]) =>
    writeTransaction(database, async (transaction) => {
      for (const document of documents) {
        addDocumentNow(database, {
          ...document,
          uploader: uploaderOf(),
          address: null,
          importedFrom: document.path,
        });
      }
      let stored = 0;
      for (const { collection } of kindsStaged.all(first, last) as { collection: string }[]) {
        const kind = kindByCollection(collection)!;
        const { newest, copy, audit, projects } = statementsOf(kind);
        const after = (newest.get() as { id: number }).id;
        const copied = copy.run({ first, last, collection }).changes;
        if (copied > 0) {
          await attachImported(transaction, kind, projects.all({ first, last, collection, after }));
          audit.run({ actor, collection, after });
          await queueImportedAlertsIn(transaction, {
            kind: kindByCollection(collection)!,
            after,
            batch: alertBatch,
          });
        }
        stored += copied;
      }
      return stored;
    });
  return {
    add: (records) => addAll(records),
    count: () =>
      (sqlite.prepare('SELECT count(*) AS n FROM temp.import_staging').get() as { n: number }).n,
    documentsFirstIn: (first, last) => firstDocuments.all(first, last) as StagedDocument[],
    commit: (first, last, documents) => commitRange(first, last, documents),
    async dispose() {
      sqlite.exec('DROP TABLE IF EXISTS temp.import_staging');
      await closeAlertBatchOn(database, alertBatch);
    },
  };
}

/**
 * Settings of the importing connection only: a bigger page cache, since the full-text index
 * updates touch many pages per batch, and fewer checkpoints (each one copies the log into
 * the database file and waits for the disk), with one at the end instead.
 */
export function prepareBulkWrites(database: AppDatabase): () => void {
  const previous = database.sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
  database.sqlite.pragma('cache_size = -32768');
  database.sqlite.pragma('wal_autocheckpoint = 16384');
  return () => {
    database.sqlite.pragma(`wal_autocheckpoint = ${previous}`);
    database.sqlite.pragma('wal_checkpoint(PASSIVE)');
  };
}
