import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { closeAlertBatchOn, queueImportedAlertsIn } from '../alerts/alert-outbox.ts';
import type { DatabaseSchema } from '../database-schema.ts';
import { addDocument } from '../documents/document-queries.ts';
import {
  kindByCollection,
  recordKinds,
  type FieldSpec,
  type RecordKind,
} from '../../shared/record-kinds.ts';
import { toColumnValue, type ColumnValue } from './record-columns.ts';
import { findRecord, toCreated, type RecordValues } from './record-queries.ts';
import { writeTransaction, type Engine, type SiteDatabase } from '../site-database.ts';
import { attachNewNotice } from '../procurement-projects/attach-notice.ts';

// The bulk import's staging and copy, on both engines (issue 36). Table and column names
// come from the kinds registry, never from the file; values are always bound.

/** Link first: the identity index (migration 0003) starts with it. */
function identityFields(kind: RecordKind): FieldSpec[] {
  return [
    ...kind.fields.filter((field) => field.name === 'link'),
    ...kind.fields.filter((field) => field.name !== 'link'),
  ];
}

/**
 * Whether a stored column holds the same value as a staged one. A required field is NOT
 * NULL on both sides, so `=`, which the identity index serves on both engines. An optional
 * field may be blank (null), and a blank matches a blank: SQLite's `IS`, PostgreSQL's
 * `IS NOT DISTINCT FROM` (SQLite reads that too, but its `IS` is the form its planner has
 * always been measured with).
 */
export function sameValue(
  engine: Engine,
  field: Pick<FieldSpec, 'optional'>,
  stored: RawBuilder<unknown>,
  staged: RawBuilder<unknown>,
): RawBuilder<unknown> {
  if (!field.optional) return sql`${stored} = ${staged}`;
  return engine === 'postgres'
    ? sql`${stored} IS NOT DISTINCT FROM ${staged}`
    : sql`${stored} IS ${staged}`;
}

/*
 * Staged records wait in a temporary table of typed slots, so both engines compare and copy
 * them to the record tables without casts: a kind's text fields (text, links, times) fill
 * t1, t2, … in field order, its amounts (integer centavos) n1, n2, ….
 */
const isAmount = (field: FieldSpec) => field.type === 'money';
const TEXT_SLOTS = Math.max(
  ...recordKinds.map((kind) => kind.fields.filter((f) => !isAmount(f)).length),
);
const AMOUNT_SLOTS = Math.max(...recordKinds.map((kind) => kind.fields.filter(isAmount).length));
const slotColumns = [
  ...Array.from({ length: TEXT_SLOTS }, (_, position) => `t${position + 1}`),
  ...Array.from({ length: AMOUNT_SLOTS }, (_, position) => `n${position + 1}`),
];

const slotsByKind = new WeakMap<RecordKind, Map<string, string>>();

/** The slot of each of a kind's fields, by field name. */
function slotsOf(kind: RecordKind): Map<string, string> {
  let slots = slotsByKind.get(kind);
  if (!slots) {
    slots = new Map();
    let text = 0;
    let amount = 0;
    for (const field of kind.fields) {
      slots.set(field.name, isAmount(field) ? `n${++amount}` : `t${++text}`);
    }
    slotsByKind.set(kind, slots);
  }
  return slots;
}

/** A staged column of alias `s`, holding `field` of `kind`. */
function staged(kind: RecordKind, field: FieldSpec): RawBuilder<unknown> {
  return sql.ref(`s.${slotsOf(kind).get(field.name)!}`);
}

/** Values as their columns store them (amounts in centavos, a blank optional field null), in slot order. */
function slotValues(kind: RecordKind, values: RecordValues): ColumnValue[] {
  const row: ColumnValue[] = slotColumns.map(() => null);
  const slots = slotsOf(kind);
  for (const field of kind.fields) {
    row[slotColumns.indexOf(slots.get(field.name)!)] = toColumnValue(
      kind,
      field,
      values[field.name],
    );
  }
  return row;
}

/** A stored record (alias `t`) identical to the staged one (alias `s`) of the same kind. */
function sameRecord(engine: Engine, kind: RecordKind): RawBuilder<unknown> {
  return sql.join(
    identityFields(kind).map((field) =>
      sameValue(engine, field, sql.ref(`t.${field.name}`), staged(kind, field)),
    ),
    sql` AND `,
  );
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

/** Who is importing: the actor of every audit entry the import writes. */
export interface ImportAuditing {
  actor: string;
}

/**
 * Checked records waiting to be written, kept in a temporary table (which the engine spills
 * to disk) rather than in memory, so an import of 100,000 rows stays small. The first pass
 * of an import reads and checks the file once and stages the good rows; the second copies
 * from here in set-based statements, without parsing it again. A dry run counts the rows
 * that would be stored from here, writing nothing.
 */
export interface ImportStaging {
  /**
   * The import's connection, for its other queries too: on PostgreSQL the one pooled
   * connection that holds the temporary table, on SQLite the database.
   */
  readonly database: SiteDatabase;
  add(records: readonly StagedRecord[]): Promise<void>;
  /** How many records are staged; they are numbered from 1 in the order added. */
  count(): number;
  /**
   * How many staged records an import would store: the first of each identical group, when
   * no stored record is identical to it. Reads only: the dry run's count.
   */
  newRecords(): Promise<number>;
  /**
   * The documents first named by a staged record numbered `first` to `last`: each file is
   * stored, once, before the batch that first links to it commits.
   */
  documentsFirstIn(first: number, last: number): Promise<StagedDocument[]>;
  /**
   * Stores the staged records numbered `first` to `last`, each with its audit entry and its
   * alert (queued in the import's batch) and attached to its procurement project, in one
   * transaction, skipping any identical to a stored record or to an earlier one of the
   * range; `documents` (already in the document store) get their rows and
   * `document-uploaded` entries in the same transaction. Returns how many records were
   * stored. A failure rolls the whole batch back.
   */
  commit(
    first: number,
    last: number,
    documents: readonly StagedDocument[],
    auditing: ImportAuditing,
  ): Promise<number>;
}

/**
 * Bound values per multi-row insert: far under SQLite's limit of 32,766 (PostgreSQL's is
 * 65,535), because on SQLite Kysely prepares each statement anew, and a statement of
 * thousands of rows is a large compiled program until the garbage collector frees it (the
 * 100,000-row import bench peaked 10 MB higher with 32,000 values a statement). A hundred
 * rows a statement still spares PostgreSQL a round trip per row.
 */
const MAX_BOUND_VALUES = 2_400;

function* chunks<T>(rows: readonly T[], valuesPerRow: number): Generator<T[]> {
  const size = Math.max(1, Math.floor(MAX_BOUND_VALUES / valuesPerRow));
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

const documentColumns = ['doc_sha256', 'doc_bytes', 'doc_type', 'doc_name', 'doc_path'] as const;
const stagingColumns = [
  'id',
  'collection',
  'created',
  ...slotColumns,
  ...documentColumns,
  'project_id',
];

function documentRow(document: StagedDocument | undefined): (string | number | null)[] {
  return document
    ? [document.sha256, document.bytes, document.type, document.fileName, document.path]
    : [null, null, null, null, null];
}

// One table per connection: a temporary table is the connection's own on both engines.
// Typed columns: BIGINT is a 64-bit integer on both (centavos exceed 2^31).
const createStaging = sql.raw(
  `CREATE TEMP TABLE import_staging (id INTEGER PRIMARY KEY, collection TEXT NOT NULL,
    created TEXT NOT NULL, ${slotColumns
      .map((column) => `${column} ${column.startsWith('n') ? 'BIGINT' : 'TEXT'}`)
      .join(', ')},
    doc_sha256 TEXT, doc_bytes BIGINT, doc_type TEXT, doc_name TEXT, doc_path TEXT,
    project_id BIGINT)`,
);

/** The staged records of `kind` numbered `first` to `last` that an import stores (alias `s`). */
function toStore(engine: Engine, kind: RecordKind, first: number, last: number) {
  const groups = sql.join(kind.fields.map((field) => sql.ref(slotsOf(kind).get(field.name)!)));
  return sql`s.id IN (
      SELECT min(id) FROM import_staging
      WHERE id BETWEEN ${first} AND ${last} AND collection = ${kind.collection}
      GROUP BY ${groups}
    )
    AND NOT EXISTS (SELECT 1 FROM ${sql.table(kind.collection)} t WHERE ${sameRecord(engine, kind)})`;
}

/** Copies one kind's staged records of a range, first of each identical group only, in file order. */
function copyQuery(engine: Engine, kind: RecordKind, first: number, last: number) {
  const columns = kind.fields.map((field) => sql.ref(field.name));
  return sql<{ id: number }>`INSERT INTO ${sql.table(kind.collection)}
      (${sql.join([...columns, sql.ref('created')])})
    SELECT ${sql.join([...kind.fields.map((field) => staged(kind, field)), sql.ref('s.created')])}
    FROM import_staging s
    WHERE ${toStore(engine, kind, first, last)}
    ORDER BY s.id
    RETURNING id`;
}

/**
 * The records of a kind stored after `after`, each with the project its staged row named
 * (the first identical staged row of the range, the one the copy stored), in id order.
 */
function stagedProjectsQuery(
  engine: Engine,
  kind: RecordKind,
  range: { first: number; last: number; after: number },
) {
  return sql<{ id: number; project_id: number | null }>`SELECT t.id, (
      SELECT s.project_id FROM import_staging s
      WHERE s.id BETWEEN ${range.first} AND ${range.last} AND s.collection = ${kind.collection}
        AND ${sameRecord(engine, kind)}
      ORDER BY s.id LIMIT 1) AS project_id
    FROM ${sql.table(kind.collection)} t WHERE t.id > ${range.after} ORDER BY t.id`;
}

/** Attaches each imported notice to the project its row named, or to one of its own (attachNewNotice). */
async function attachImported(
  transaction: SiteDatabase,
  kind: RecordKind,
  rows: readonly { id: number; project_id: number | null }[],
): Promise<void> {
  const now = new Date();
  for (const { id, project_id } of rows) {
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

/** One `record-added` audit entry per stored record, the importing staff member as actor. */
async function auditStored(
  { db }: SiteDatabase,
  kind: RecordKind,
  ids: readonly number[],
  actor: string,
): Promise<void> {
  const entries = [...ids]
    .sort((a, b) => a - b)
    .map((id) => ({
      action: 'record-added',
      actor,
      address: null,
      detail: JSON.stringify({ collection: kind.collection, id, source: 'import' }),
    }));
  for (const chunk of chunks(entries, 4)) await db.insertInto('audit_log').values(chunk).execute();
}

/**
 * The newest id of a kind's table as the batch starts: the rows above it are the ones the
 * batch stores. Ids only grow; on SQLite the immediate transaction holds the write lock from
 * its start, on PostgreSQL the table is locked against other writers (which also keeps two
 * imports of one file from both storing a record), so no other writer adds a row above it.
 */
async function newestBeforeCopy(transaction: SiteDatabase, kind: RecordKind): Promise<number> {
  if (transaction.engine === 'postgres') {
    await sql`LOCK TABLE ${sql.table(kind.collection)} IN EXCLUSIVE MODE`.execute(transaction.db);
  }
  const { rows } = await sql<{ id: number }>`SELECT coalesce(max(id), 0) AS id
    FROM ${sql.table(kind.collection)}`.execute(transaction.db);
  return Number(rows[0]!.id);
}

async function firstDocuments(
  db: Kysely<DatabaseSchema>,
  first: number,
  last: number,
): Promise<StagedDocument[]> {
  const { rows } = await sql<StagedDocument>`SELECT doc_sha256 AS sha256, doc_bytes AS bytes,
      doc_type AS type, doc_name AS "fileName", doc_path AS path
    FROM import_staging s
    WHERE id BETWEEN ${first} AND ${last} AND doc_sha256 IS NOT NULL
      AND id = (SELECT min(id) FROM import_staging WHERE doc_sha256 = s.doc_sha256)
    ORDER BY id`.execute(db);
  return rows.map((row) => ({ ...row, bytes: Number(row.bytes) }));
}

/** The kinds staged in a range, in the order of their first record. */
async function kindsStaged(
  db: Kysely<DatabaseSchema>,
  first: number,
  last: number,
): Promise<RecordKind[]> {
  const { rows } = await sql<{ collection: string }>`SELECT collection FROM import_staging
    WHERE id BETWEEN ${first} AND ${last} GROUP BY collection ORDER BY min(id)`.execute(db);
  return rows.map(({ collection }) => kindByCollection(collection)!);
}

async function uploaderOf(
  { db }: SiteDatabase,
  actor: string,
): Promise<{ id: number; email: string }> {
  const uploader = await db
    .selectFrom('staff_users')
    .select(['id', 'email'])
    .where('email', '=', actor)
    .executeTakeFirst();
  if (!uploader) throw new Error(`No staff account ${actor} to record the documents under.`);
  return uploader;
}

/**
 * Runs `work` with a staging table of its own, dropped when it ends. On PostgreSQL, whose
 * pool hands each query any connection, the import holds one connection throughout: the
 * temporary table lives there, and every batch's transaction runs on it. SQLite has one
 * connection already.
 */
export async function withImportStaging<T>(
  database: SiteDatabase,
  work: (staging: ImportStaging) => Promise<T>,
): Promise<T> {
  if (database.engine === 'postgres') {
    return database.db
      .connection()
      .execute((connection) => stagedOn({ engine: 'postgres', db: connection }, work));
  }
  return stagedOn(database, work);
}

async function stagedOn<T>(
  site: SiteDatabase,
  work: (staging: ImportStaging) => Promise<T>,
): Promise<T> {
  const { engine, db } = site;
  await sql`DROP TABLE IF EXISTS import_staging`.execute(db);
  await createStaging.execute(db);
  // Finds the first record naming each document without a scan per batch.
  await sql`CREATE INDEX import_staging_documents ON import_staging (doc_sha256, id)
    WHERE doc_sha256 IS NOT NULL`.execute(db);
  // The alerts of one import go out together, as one message per subscriber.
  const alertBatch = randomUUID();
  let staged = 0;
  let committed = false;
  const staging: ImportStaging = {
    database: site,
    async add(records) {
      const rows = records.map(({ kind, values, created, document, projectId }) => [
        ++staged,
        kind.collection,
        toCreated(created),
        ...slotValues(kind, values),
        ...documentRow(document),
        projectId ?? null,
      ]);
      for (const chunk of chunks(rows, stagingColumns.length)) {
        await sql`INSERT INTO import_staging (${sql.join(stagingColumns.map((c) => sql.ref(c)))})
          VALUES ${sql.join(chunk.map((row) => sql`(${sql.join(row)})`))}`.execute(db);
      }
    },
    count: () => staged,
    async newRecords() {
      let count = 0;
      for (const kind of await kindsStaged(db, 1, staged)) {
        const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM import_staging s
          WHERE ${toStore(engine, kind, 1, staged)}`.execute(db);
        count += Number(rows[0]!.n);
      }
      return count;
    },
    documentsFirstIn: (first, last) => firstDocuments(db, first, last),
    commit: (first, last, documents, { actor }) =>
      writeTransaction(site, async (transaction) => {
        committed = true;
        if (documents.length > 0) {
          const uploader = await uploaderOf(transaction, actor);
          for (const document of documents) {
            await addDocument(transaction, {
              ...document,
              uploader,
              address: null,
              importedFrom: document.path,
            });
          }
        }
        let stored = 0;
        for (const kind of await kindsStaged(transaction.db, first, last)) {
          const after = await newestBeforeCopy(transaction, kind);
          const { rows } = await copyQuery(engine, kind, first, last).execute(transaction.db);
          if (rows.length === 0) continue;
          const ids = rows.map(({ id }) => Number(id));
          const projects = await stagedProjectsQuery(engine, kind, { first, last, after }).execute(
            transaction.db,
          );
          await attachImported(transaction, kind, projects.rows);
          await auditStored(transaction, kind, ids, actor);
          await queueImportedAlertsIn(transaction, { kind, after, batch: alertBatch });
          stored += ids.length;
        }
        return stored;
      }),
  };
  try {
    return await work(staging);
  } finally {
    if (committed) await closeAlertBatchOn(site, alertBatch);
    await sql`DROP TABLE IF EXISTS import_staging`.execute(db);
  }
}

/**
 * Settings of the importing connection only, on SQLite: a bigger page cache, since the
 * full-text index updates touch many pages per batch, and fewer checkpoints (each one copies
 * the log into the database file and waits for the disk), with one at the end instead.
 * PostgreSQL's server is tuned by its operator; nothing to do there.
 */
export async function prepareBulkWrites(database: SiteDatabase): Promise<() => Promise<void>> {
  if (database.engine !== 'sqlite') return async () => {};
  const { db } = database;
  const { rows } = await sql<{
    wal_autocheckpoint: number;
  }>`PRAGMA wal_autocheckpoint`.execute(db);
  const previous = Number(rows[0]!.wal_autocheckpoint);
  await sql`PRAGMA cache_size = -32768`.execute(db);
  await sql`PRAGMA wal_autocheckpoint = 16384`.execute(db);
  return async () => {
    await sql.raw(`PRAGMA wal_autocheckpoint = ${previous}`).execute(db);
    await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(db);
  };
}
