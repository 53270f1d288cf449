import type { AppDatabase } from './connection.ts';

/*
 * The data version's synchronous read on SQLite, SQLite by nature: the render cache reads it
 * once per event-loop turn, where an await would cost more than the read (a few
 * microseconds on better-sqlite3). Both engines read it with currentDataVersion
 * (db/data-version.ts); its table is DATA_VERSION_TABLE there, named here as text so the two
 * modules do not import each other.
 */

const readers = new WeakMap<AppDatabase, () => number>();

/**
 * The committed data version as this connection sees it: one indexed read of one row in a
 * read transaction, a few microseconds (the render cache reads it once per event-loop turn,
 * server/render/cache/plugin.ts). Writes on this connection never let another request run
 * while they are open (synchronous better-sqlite3 transactions, or a writeTransaction that
 * awaits only its own statements), so no uncommitted version is ever read.
 */
export function readDataVersion(database: AppDatabase): number {
  let read = readers.get(database);
  if (!read) {
    const statement = database.sqlite.prepare(`SELECT version FROM data_version`).pluck();
    read = () => statement.get() as number;
    readers.set(database, read);
  }
  return read();
}
