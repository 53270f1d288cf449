import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { AppDatabase } from '../connection.ts';
import { migrations } from '../migrations/all-migrations.ts';
import { inClientTransaction, type PostgresDatabase } from './postgres-connection.ts';
import {
  autoincrementSequences,
  iterateRows,
  quoteIdentifier,
  rowsOfAFreshDatabase,
  tablesToCopy,
  type CopiedTable,
} from './sqlite-tables.ts';

/** A copy refused before anything was written (the target is not empty, or not our schema). */
export class CopyRefused extends Error {
  override name = 'CopyRefused';
}

/** Rows per INSERT: few round trips, and far below PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 500;
const MAX_PARAMETERS = 65_535;

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceSha256: string;
  targetSha256: string;
  matches: boolean;
}

export interface CopyReport {
  tables: TableCheck[];
  /** The tables whose count or SHA-256 differ; empty when the copy is verified. */
  mismatched: string[];
  rows: number;
}

export interface CopyOptions {
  /** Brings the target to the latest schema (the PostgreSQL migrations). */
  migrate: (target: PostgresDatabase) => Promise<unknown>;
  /** Rows per INSERT; tests make it small to cross batch boundaries. */
  batchRows?: number;
  /** Called after each table's rows are inserted, for progress. */
  onTable?: (table: string, rows: number) => void;
}

/**
 * Runs `work` inside one read transaction of the source, so the copy and its verification
 * both see one snapshot while a running server keeps writing (WAL: readers never block
 * the writer, and the writer never changes what an open read transaction sees).
 */
export async function inSnapshot<T>(
  source: AppDatabase,
  work: (tables: CopiedTable[]) => Promise<T>,
): Promise<T> {
  source.sqlite.exec('BEGIN DEFERRED');
  try {
    // The first read starts the snapshot.
    const tables = tablesToCopy(source.sqlite);
    refuseOutOfDate(source);
    return await work(tables);
  } finally {
    source.sqlite.exec('ROLLBACK');
  }
}

/**
 * The target is migrated to this version's latest schema, so the source must be at it
 * too: a table or column the source lacks would arrive empty and pass unseen.
 */
function refuseOutOfDate(source: AppDatabase): void {
  const migrated = source.sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
    .get();
  const applied = new Set(
    migrated
      ? (
          source.sqlite.prepare('SELECT name FROM kysely_migration').all() as { name: string }[]
        ).map((row) => row.name)
      : [],
  );
  const pending = Object.keys(migrations).filter((name) => !applied.has(name));
  if (pending.length > 0)
    throw new CopyRefused(
      `The SQLite database is ${pending.length} migration${pending.length === 1 ? '' : 's'} behind this version (${pending[0]}…): run "municipal db migrate" (or start the server of this version) first. Nothing was copied.`,
    );
}

interface TargetColumn {
  table_name: string;
  column_name: string;
  data_type: string;
}

async function targetColumns(client: pg.ClientBase): Promise<Map<string, Map<string, string>>> {
  const { rows } = await client.query<TargetColumn>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = current_schema()`,
  );
  const tables = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? new Map<string, string>();
    columns.set(row.column_name, row.data_type);
    tables.set(row.table_name, columns);
  }
  return tables;
}

async function countTarget(client: pg.ClientBase, table: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::bigint AS n FROM ${quoteIdentifier(table)}`,
  );
  return rows[0]!.n;
}

/**
 * The tables of the target holding more rows than migrating an empty database writes:
 * any is a database in use, which a copy must never merge into or overwrite.
 */
async function tablesInUse(
  client: pg.ClientBase,
  tables: readonly CopiedTable[],
  fresh: ReadonlyMap<string, number>,
): Promise<string[]> {
  const present = await targetColumns(client);
  const inUse: string[] = [];
  for (const table of tables) {
    if (!present.has(table.name)) continue;
    if ((await countTarget(client, table.name)) > (fresh.get(table.name) ?? 0))
      inUse.push(table.name);
  }
  return inUse;
}

function refuseInUse(target: PostgresDatabase, inUse: readonly string[]): never {
  const named = inUse.slice(0, 5).join(', ') + (inUse.length > 5 ? ', …' : '');
  throw new CopyRefused(
    `The PostgreSQL database ${target.shownUrl} already holds data (in ${named}); db copy only fills an empty database, so nothing was copied.`,
  );
}

/** Every table and column the copy writes must be in the target: else it is not our schema. */
function checkSchema(
  target: PostgresDatabase,
  tables: readonly CopiedTable[],
  present: ReadonlyMap<string, ReadonlyMap<string, string>>,
): void {
  const missing = tables.flatMap((table) => {
    const columns = present.get(table.name);
    if (!columns) return [table.name];
    return table.columns
      .filter((column) => !columns.has(column))
      .map((column) => `${table.name}.${column}`);
  });
  if (missing.length > 0)
    throw new CopyRefused(
      `The PostgreSQL database ${target.shownUrl} lacks ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''} after its migrations: is it this version's schema? Nothing was copied.`,
    );
}

async function insertBatch(
  client: pg.ClientBase,
  table: CopiedTable,
  rows: readonly unknown[][],
): Promise<void> {
  const width = table.columns.length;
  const values = rows
    .map((_row, r) => `(${table.columns.map((_column, c) => `$${r * width + c + 1}`).join(', ')})`)
    .join(', ');
  // OVERRIDING SYSTEM VALUE keeps SQLite's ids even in a GENERATED ALWAYS identity column.
  await client.query(
    `INSERT INTO ${quoteIdentifier(table.name)} (${table.columns.map(quoteIdentifier).join(', ')}) OVERRIDING SYSTEM VALUE VALUES ${values}`,
    rows.flat(),
  );
}

/**
 * Moves every identity (or serial) sequence of the copied tables past the highest id
 * copied, and past the highest SQLite's AUTOINCREMENT ever gave (an id of a deleted row is
 * never handed out again), so the next row PostgreSQL numbers does not collide.
 */
async function moveSequences(
  client: pg.ClientBase,
  tables: readonly CopiedTable[],
  autoincrement: ReadonlyMap<string, number>,
): Promise<void> {
  for (const table of tables) {
    for (const column of table.columns) {
      const { rows } = await client.query<{ sequence: string | null }>(
        'SELECT pg_get_serial_sequence($1, $2) AS sequence',
        [quoteIdentifier(table.name), column],
      );
      const sequence = rows[0]?.sequence;
      if (!sequence) continue;
      const { rows: highest } = await client.query<{ n: number | null }>(
        `SELECT max(${quoteIdentifier(column)})::bigint AS n FROM ${quoteIdentifier(table.name)}`,
      );
      const next = Math.max(highest[0]?.n ?? 0, autoincrement.get(table.name) ?? 0);
      if (next > 0) await client.query('SELECT setval($1, $2, true)', [sequence, next]);
    }
  }
}

/**
 * Copies the source's snapshot into the target in one PostgreSQL transaction: the target
 * is migrated first, refused unless empty, then every table is filled in foreign-key order
 * by multi-row INSERTs of streamed rows. Any failure rolls everything back.
 */
async function copyRows(
  source: AppDatabase,
  target: PostgresDatabase,
  tables: readonly CopiedTable[],
  options: CopyOptions,
): Promise<void> {
  const fresh = await rowsOfAFreshDatabase();
  const autoincrement = autoincrementSequences(source.sqlite);
  // Refused before the migrations touch a database in use.
  const early = await target.pool.connect();
  try {
    const inUse = await tablesInUse(early, tables, fresh);
    if (inUse.length > 0) refuseInUse(target, inUse);
  } finally {
    early.release();
  }
  await options.migrate(target);

  await inClientTransaction(target, 'BEGIN', async (client) => {
    const present = await targetColumns(client);
    checkSchema(target, tables, present);
    // The target's own triggers (the data version's bump, each list's record count, the
    // page anchors' clean-up) must not rewrite what is copied: data_version, record_counts
    // and page_anchors come over as SQLite holds them. DISABLE TRIGGER USER keeps the
    // foreign keys' triggers, so the target still checks every reference, and needs only
    // the tables' owner (session_replication_role = replica would also switch off the
    // foreign keys, and needs a superuser). It is part of the transaction: a rollback
    // enables them again. It also locks each table until commit, so the emptiness seen
    // below holds for the whole copy.
    for (const table of tables)
      await client.query(`ALTER TABLE ${quoteIdentifier(table.name)} DISABLE TRIGGER USER`);
    const inUse = await tablesInUse(client, tables, fresh);
    if (inUse.length > 0) refuseInUse(target, inUse);
    for (const table of tables) {
      // What the migrations seeded is replaced by the source's rows.
      if ((fresh.get(table.name) ?? 0) > 0)
        await client.query(`DELETE FROM ${quoteIdentifier(table.name)}`);
      const perBatch = Math.max(
        1,
        Math.min(
          options.batchRows ?? BATCH_ROWS,
          Math.floor(MAX_PARAMETERS / table.columns.length),
        ),
      );
      let batch: unknown[][] = [];
      let rows = 0;
      for (const row of iterateRows(source.sqlite, table)) {
        batch.push(row);
        if (batch.length === perBatch) {
          await insertBatch(client, table, batch);
          rows += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0) await insertBatch(client, table, batch);
      rows += batch.length;
      options.onTable?.(table.name, rows);
    }
    await moveSequences(client, tables, autoincrement);
    for (const table of tables)
      await client.query(`ALTER TABLE ${quoteIdentifier(table.name)} ENABLE TRIGGER USER`);
  });
}

/**
 * One value as the hash sees it, the same whichever engine it came from: integers as their
 * digits (SQLite's INTEGER read as a bigint, PostgreSQL's BIGINT as a number), other
 * numbers as JSON writes them, text as a JSON string, null as null, bytes as hex.
 */
export function canonicalValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number')
    return Number.isInteger(value) ? BigInt(value).toString() : JSON.stringify(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value instanceof Uint8Array) return `x'${Buffer.from(value).toString('hex')}'`;
  return `json:${JSON.stringify(value)}`;
}

class RowHash {
  private readonly hash = createHash('sha256');
  rows = 0;
  add(row: readonly unknown[]): void {
    this.hash.update(`[${row.map(canonicalValue).join(',')}]\n`);
    this.rows++;
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

function hashSource(source: AppDatabase, table: CopiedTable): { rows: number; sha256: string } {
  const hash = new RowHash();
  for (const row of iterateRows(source.sqlite, table)) hash.add(row);
  return { rows: hash.rows, sha256: hash.digest() };
}

const TEXT_TYPES = new Set(['text', 'character varying', 'character']);

/**
 * The target's rows of a table in the order SQLite's were hashed (text byte by byte
 * through the "C" collation, nulls first as SQLite puts them), read through a cursor a
 * batch at a time.
 */
async function hashTarget(
  client: pg.ClientBase,
  table: CopiedTable,
  types: ReadonlyMap<string, string>,
): Promise<{ rows: number; sha256: string }> {
  const order = table.orderBy
    .map(
      (column) =>
        `${quoteIdentifier(column)}${TEXT_TYPES.has(types.get(column) ?? '') ? ' COLLATE "C"' : ''} NULLS FIRST`,
    )
    .join(', ');
  await client.query(
    `DECLARE copied_rows NO SCROLL CURSOR FOR SELECT ${table.columns.map(quoteIdentifier).join(', ')} FROM ${quoteIdentifier(table.name)} ORDER BY ${order}`,
  );
  const hash = new RowHash();
  for (;;) {
    const { rows } = await client.query<unknown[]>({
      text: `FETCH FORWARD ${BATCH_ROWS} FROM copied_rows`,
      rowMode: 'array',
    });
    for (const row of rows) hash.add(row);
    if (rows.length < BATCH_ROWS) break;
  }
  await client.query('CLOSE copied_rows');
  return { rows: hash.rows, sha256: hash.digest() };
}

/**
 * Reads both sides again, table by table: the row count and a SHA-256 of the rows in
 * primary-key order. Call it inside the snapshot the copy was made from.
 */
export async function verifyCopy(
  source: AppDatabase,
  target: PostgresDatabase,
  tables: readonly CopiedTable[],
): Promise<CopyReport> {
  const checks: TableCheck[] = [];
  await inClientTransaction(
    target,
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
    async (client) => {
      const present = await targetColumns(client);
      for (const table of tables) {
        const sourceSide = hashSource(source, table);
        const types = present.get(table.name);
        const targetSide = types
          ? await hashTarget(client, table, types)
          : { rows: 0, sha256: '(no such table)' };
        checks.push({
          table: table.name,
          sourceRows: sourceSide.rows,
          targetRows: targetSide.rows,
          sourceSha256: sourceSide.sha256,
          targetSha256: targetSide.sha256,
          matches: sourceSide.rows === targetSide.rows && sourceSide.sha256 === targetSide.sha256,
        });
      }
    },
  );
  return {
    tables: checks,
    mismatched: checks.filter((check) => !check.matches).map((check) => check.table),
    rows: checks.reduce((sum, check) => sum + check.sourceRows, 0),
  };
}

/**
 * `municipal db copy`: copies one snapshot of the SQLite database into an empty PostgreSQL
 * database (migrated first), then verifies every table's count and SHA-256 on both sides.
 * `inspect` runs inside the same snapshot afterwards (the CLI checks the documents' files).
 */
export async function copyToPostgres<T = undefined>(
  source: AppDatabase,
  target: PostgresDatabase,
  options: CopyOptions & { inspect?: () => Promise<T> | T },
): Promise<CopyReport & { inspected: T | undefined }> {
  return inSnapshot(source, async (tables) => {
    await copyRows(source, target, tables, options);
    const report = await verifyCopy(source, target, tables);
    return { ...report, inspected: await options.inspect?.() };
  });
}
