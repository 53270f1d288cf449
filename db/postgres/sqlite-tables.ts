import type BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../connection.ts';
import { migrateToLatest } from '../sqlite-migrations.ts';

/** One table `db copy` moves: its columns in SQLite's order and the order its rows are hashed in. */
export interface CopiedTable {
  name: string;
  columns: string[];
  /** The primary key's columns in key order; every column for a table without one. */
  orderBy: string[];
  /** The tables its foreign keys reference (itself left out). */
  references: string[];
}

/** The tables kysely's migrator keeps: the target's own migration writes them. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** The tables FTS5 keeps for each of its virtual tables (https://sqlite.org/fts5.html). */
const FTS5_SHADOW_SUFFIXES = ['data', 'idx', 'content', 'docsize', 'config'];

/** A name as an SQL identifier, for both engines. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

interface ColumnInfo {
  name: string;
  pk: number;
  hidden: number;
}

/**
 * The tables of a SQLite database that hold the municipality's data, in foreign-key order
 * (a table after every table it references): everything but SQLite's own tables, the FTS5
 * search indexes and their shadow tables (PostgreSQL searches its own way, and rebuilding
 * them from the records is SQLite's job), and the migrator's bookkeeping.
 */
export function tablesToCopy(sqlite: BetterSqlite3.Database): CopiedTable[] {
  const all = sqlite
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all() as { name: string; sql: string | null }[];
  const virtual = all.filter((table) => /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(table.sql ?? ''));
  const skipped = new Set([
    ...MIGRATION_TABLES,
    ...virtual.flatMap((table) => [
      table.name,
      ...FTS5_SHADOW_SUFFIXES.map((suffix) => `${table.name}_${suffix}`),
    ]),
  ]);
  const tables = all
    .filter((table) => !table.name.startsWith('sqlite_') && !skipped.has(table.name))
    .map(({ name }): CopiedTable => {
      const info = sqlite
        .prepare(`SELECT name, pk, hidden FROM pragma_table_xinfo(?)`)
        .all(name) as ColumnInfo[];
      // Generated columns (hidden 2 and 3) are computed on both sides, never inserted.
      const columns = info.filter((column) => column.hidden === 0).map((column) => column.name);
      const key = info
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name);
      const references = (
        sqlite.prepare('SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)').all(name) as {
          table: string;
        }[]
      )
        .map((row) => row.table)
        .filter((table) => table !== name);
      return { name, columns, orderBy: key.length > 0 ? key : columns, references };
    });
  return inForeignKeyOrder(tables);
}

/**
 * Orders tables so that each comes after those it references (Kahn's algorithm, by name
 * among equals so the order is the same every time). Tables in a cycle, which our schema
 * has none of, come last in name order; the target's foreign keys then judge the copy.
 */
export function inForeignKeyOrder(tables: readonly CopiedTable[]): CopiedTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const waiting = new Map(
    tables.map((table) => [
      table.name,
      new Set(table.references.filter((name) => byName.has(name))),
    ]),
  );
  const ordered: CopiedTable[] = [];
  for (;;) {
    const ready = [...waiting]
      .filter(([, needs]) => needs.size === 0)
      .map(([name]) => name)
      .sort();
    if (ready.length === 0) break;
    for (const name of ready) {
      waiting.delete(name);
      ordered.push(byName.get(name)!);
      for (const needs of waiting.values()) needs.delete(name);
    }
  }
  return [...ordered, ...[...waiting.keys()].sort().map((name) => byName.get(name)!)];
}

/**
 * The rows each table holds right after migrating an empty database (the data version's
 * row, each list's record count, the site's creation time…): a target holding no more
 * than these is empty. Found by migrating a database in memory, so a new migration that
 * seeds a table needs no change here.
 */
export async function rowsOfAFreshDatabase(): Promise<Map<string, number>> {
  const fresh = openDatabase(':memory:');
  try {
    await migrateToLatest(fresh);
    return new Map(
      tablesToCopy(fresh.sqlite).map((table) => [
        table.name,
        (
          fresh.sqlite
            .prepare(`SELECT count(*) AS n FROM ${quoteIdentifier(table.name)}`)
            .get() as { n: number }
        ).n,
      ]),
    );
  } finally {
    await fresh.close();
  }
}

/** The highest id SQLite's AUTOINCREMENT has handed out per table (it may exceed max(id)). */
export function autoincrementSequences(sqlite: BetterSqlite3.Database): Map<string, number> {
  const hasSequences = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'")
    .get();
  if (!hasSequences) return new Map();
  const rows = sqlite.prepare('SELECT name, seq FROM sqlite_sequence').all() as {
    name: string;
    seq: number;
  }[];
  return new Map(rows.map((row) => [row.name, Number(row.seq)]));
}

/**
 * Reads a table's rows as arrays of values in `columns` order and primary-key order,
 * streamed (one row in memory at a time), integers as bigints so none is rounded.
 * Text is ordered byte by byte (BINARY), as PostgreSQL's "C" collation orders it.
 */
export function iterateRows(
  sqlite: BetterSqlite3.Database,
  table: CopiedTable,
): IterableIterator<unknown[]> {
  const columns = table.columns.map(quoteIdentifier).join(', ');
  const order = table.orderBy
    .map((column) => `${quoteIdentifier(column)} COLLATE BINARY`)
    .join(', ');
  return sqlite
    .prepare(`SELECT ${columns} FROM ${quoteIdentifier(table.name)} ORDER BY ${order}`)
    .raw(true)
    .safeIntegers(true)
    .iterate() as IterableIterator<unknown[]>;
}

export function countRows(sqlite: BetterSqlite3.Database, table: string): number {
  return (
    sqlite.prepare(`SELECT count(*) AS n FROM ${quoteIdentifier(table)}`).get() as { n: number }
  ).n;
}
