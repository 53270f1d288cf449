import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The move of db/ to both engines (issue 36), held by a ratchet: a module that still runs
 * synchronous better-sqlite3 statements (`database.sqlite`, `statement()`) works on SQLite
 * only. New code in db/ is written for both engines (ARCHITECTURE.md, "Two engines"), so
 * no module may join this list; a module that moves to both engines leaves it, and the
 * test says so, so the list only shrinks until the port is done.
 */
const SQLITE_ONLY_STILL: readonly string[] = [];

/**
 * Modules that are about SQLite itself, or read a SQLite file on purpose, and stay so:
 * the connection and its checks, the WAL checkpoints, VACUUM INTO backups, start-up, and
 * the copy from SQLite to PostgreSQL.
 */
const SQLITE_BY_NATURE: readonly string[] = [
  'db/connection.ts',
  'db/database-backup.ts',
  'db/database-startup.ts',
  'db/postgres/copy-to-postgres.ts',
  'db/postgres/sqlite-tables.ts',
  // The public lists' hand-tuned SQLite statements (FTS5, INDEXED BY, anchors), held equal
  // to PostgreSQL's portable ones by tests/integration/record-reads-both-engines.test.ts.
  'db/records/record-list-sqlite.ts',
  'db/site-database.ts',
  // The render cache's synchronous per-turn read of the data version, where an await costs more.
  'db/sqlite-data-version.ts',
  // Kysely's migrator in SQLite's own BEGIN IMMEDIATE: it cannot run in a writeTransaction.
  'db/sqlite-migrations.ts',
  'db/wal-checkpoints.ts',
];

const SQLITE_STATEMENTS = /\.sqlite\b|\{\s*sqlite\b|\bsqlite\s*\}|\bstatement\(/;

const root = path.resolve(import.meta.dirname, '../..');
const dbModules = execFileSync('git', ['ls-files', 'db'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.endsWith('.ts') && !file.startsWith('db/migrations/'));

/** The db/ modules whose code (comments left out) runs better-sqlite3 statements. */
function sqliteOnlyModules(): string[] {
  return dbModules.filter((file) => {
    const code = readFileSync(path.join(root, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    return SQLITE_STATEMENTS.test(code);
  });
}

describe('the move of db/ to both engines', () => {
  const found = sqliteOnlyModules().filter((file) => !SQLITE_BY_NATURE.includes(file));

  it('adds no module that runs on SQLite only', () => {
    expect(found.filter((file) => !SQLITE_ONLY_STILL.includes(file))).toEqual([]);
  });

  it('lists no module that has moved to both engines (take it off the list)', () => {
    expect(SQLITE_ONLY_STILL.filter((file) => !found.includes(file))).toEqual([]);
  });

  it('can fail: it finds the statements of a SQLite-only module', () => {
    expect(SQLITE_STATEMENTS.test('database.sqlite.prepare(`SELECT 1`)')).toBe(true);
    expect(SQLITE_STATEMENTS.test('export function f({ sqlite }: AppDatabase) {}')).toBe(true);
    expect(SQLITE_STATEMENTS.test('await database.db.selectFrom("svp").execute()')).toBe(false);
  });
});
