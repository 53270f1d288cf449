import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres/postgres-connection.ts';
import { migratePostgres } from '../../db/run-migrations.ts';
import type { PostgresSite, SiteConnection } from '../../db/site-database.ts';
import {
  createPostgresDatabase,
  describeOnPostgres,
  dropPostgresDatabase,
} from './postgres-database.ts';

/** What a test on both engines is handed: the migrated database and how to open it again. */
export interface EngineUnderTest {
  /**
   * The database, migrated to the latest schema; one for all the describe's tests. On
   * SQLite the whole AppDatabase, so reads that keep SQLite's tuned statements take it.
   */
  site(): SiteConnection;
  /**
   * Another connection to the same database, as a second app process has (PostgreSQL: a
   * pool of its own; SQLite: a second connection to the file). Closed after the tests.
   */
  another(): SiteConnection;
}

/**
 * Declares `body` twice, on a migrated SQLite database and on a migrated PostgreSQL one
 * (issue 36: a query that serves both is tested on both). The PostgreSQL half follows
 * `describeOnPostgres`: it fails in CI without PostgreSQL and, locally, skips saying why.
 */
export function describeOnBothEngines(
  name: string,
  body: (engine: EngineUnderTest, engineName: 'sqlite' | 'postgres') => void,
): void {
  describe(`${name} (SQLite)`, () => {
    let dir: string | undefined;
    const opened: AppDatabase[] = [];
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'both-engines-'));
      opened.push(await openMigratedDatabase(databasePath(dir)));
    });
    afterAll(async () => {
      for (const database of opened) await database.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });
    body(
      {
        site: () => opened[0]!,
        another: () => {
          // The file is migrated already: a plain second connection to it.
          const database = openDatabase(databasePath(dir!));
          opened.push(database);
          return database;
        },
      },
      'sqlite',
    );
  });
  describeOnPostgres(`${name} (PostgreSQL)`, () => {
    let url: string | undefined;
    const opened: PostgresDatabase[] = [];
    const asSite = (database: PostgresDatabase): PostgresSite => ({
      engine: 'postgres',
      db: database.db,
    });
    beforeAll(async () => {
      url = await createPostgresDatabase('both');
      const database = openPostgres(url);
      opened.push(database);
      await migratePostgres(database);
    });
    afterAll(async () => {
      for (const database of opened) await database.close();
      if (url) await dropPostgresDatabase(url);
    });
    body(
      {
        site: () => asSite(opened[0]!),
        another: () => {
          const database = openPostgres(url!);
          opened.push(database);
          return asSite(database);
        },
      },
      'postgres',
    );
  });
}
