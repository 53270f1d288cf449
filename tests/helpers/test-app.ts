import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres/postgres-connection.ts';
import type { SiteConnection } from '../../db/site-database.ts';
import * as entry from '../../client/entry-server.tsx';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { loadContent } from '../../server/content/load.ts';
import type { Clock } from '../../server/clock.ts';
import type { Renderer } from '../../server/render/renderer.ts';
import type { AlertTiming } from '../../server/alerts/alert-sender.ts';
import { createPostgresDatabase, dropPostgresDatabase } from './postgres-database.ts';

/**
 * The engine test apps serve from: SQLite, the embedded default, or PostgreSQL in the
 * integration suite's second pass (vitest.postgres.config.ts sets TEST_ENGINE; issue 36).
 */
export const testEngine: 'sqlite' | 'postgres' =
  process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** Renders from the source modules, without a client build: enough for HTML and API tests. */
export const sourceRenderer: Renderer = {
  development: false,
  stylesheets: [],
  scripts: [],
  entry: async () => entry,
  register: async () => {},
};

/** How a test app differs from the default besides its environment. */
export interface TestAppOptions {
  logStream?: { write(line: string): void };
  /** Builds the renderer when the app is built, e.g. the production one over `dist/client`; the source renderer otherwise. */
  renderer?: () => Promise<Renderer>;
  /** The app's clock (tests/helpers/test-clock.ts); the system's when not given. */
  clock?: Clock;
  /** Shorter poll and retry intervals for the bid-alert sender. */
  alertTiming?: Partial<AlertTiming>;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real server, in-process, on a fresh data directory that is removed on close.
 * `env` overrides configuration the way the environment would.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-test-'));
  // On the PostgreSQL pass each app gets an empty database of its own, as DATA_DIR is.
  const postgresUrl =
    testEngine === 'postgres' && !('DATABASE_URL' in env)
      ? await createPostgresDatabase('app')
      : undefined;
  const removeData = async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (postgresUrl) await dropPostgresDatabase(postgresUrl);
  };
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
      ...env,
    });
    const content = await loadContent(config.contentDir);
    const renderer = options.renderer ? await options.renderer() : sourceRenderer;
    const app = await buildApp({
      config,
      content,
      renderer,
      logStream: options.logStream,
      ...(options.clock ? { clock: options.clock } : {}),
      alertTiming: options.alertTiming,
    });
    await app.ready();
    return {
      app,
      config,
      async close() {
        await app.close();
        await removeData();
      },
    };
  } catch (error) {
    await removeData();
    throw error;
  }
}

/**
 * Runs `work` on the database a test app's configuration names (PostgreSQL when it has a
 * DATABASE_URL, the SQLite file in its data folder otherwise), as the CLI or another
 * process would open it, and closes it after.
 */
export async function withAppDatabase<T>(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  work: (database: SiteConnection) => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) {
    const postgres = openPostgres(config.databaseUrl, { max: 2 });
    try {
      return await work({ engine: 'postgres', db: postgres.db });
    } finally {
      await postgres.close();
    }
  }
  const database = await openMigratedDatabase(databasePath(config.dataDir));
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The app and its configuration, however the test built it. */
export type AppUnderTest = Omit<TestApp, 'close'>;

/** What `useTestApp` hands a test file: the app, and a second connection to its database. */
export interface SharedTestApp extends AppUnderTest {
  /**
   * A second connection to the app's SQLite database file, as the CLI opens it. Only on
   * SQLite: a test that reads the file directly runs on SQLite alone
   * (tests/integration/engine-passes.ts lists it); `site` serves both engines.
   */
  readonly database: AppDatabase;
  /** A second connection to the app's database on whichever engine it serves from. */
  readonly site: SiteConnection;
}

/**
 * One test app for the enclosing `describe` (or file): built before its tests, closed with
 * its database connection after them. Call it before any `beforeAll` that uses the app, as
 * hooks run in the order they are registered. The getters throw outside
 * the tests and hooks.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): SharedTestApp {
  let current: TestApp | undefined;
  let database: AppDatabase | undefined;
  let postgres: PostgresDatabase | undefined;
  const started = (): TestApp => {
    if (!current) throw new Error('the test app is used outside the tests that set it up');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(env, options);
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.close();
    await current?.close();
    database = current = postgres = undefined;
  });
  const sqliteDatabase = (): AppDatabase => {
    const { config } = started();
    if (config.databaseUrl) {
      throw new Error(
        'This test reads the SQLite file directly, but the app serves from PostgreSQL: use `site`, or list the file as SQLite only in tests/integration/engine-passes.ts',
      );
    }
    // Opened on first use, so files that never read the database behind the app pay nothing.
    database ??= openDatabase(databasePath(config.dataDir));
    return database;
  };
  return {
    get app() {
      return started().app;
    },
    get config() {
      return started().config;
    },
    get database() {
      return sqliteDatabase();
    },
    get site(): SiteConnection {
      const url = started().config.databaseUrl;
      if (!url) return sqliteDatabase();
      postgres ??= openPostgres(url, { max: 2 });
      return { engine: 'postgres', db: postgres.db };
    },
  };
}

/**
 * A test app for one test, for tests whose app depends on what the test prepared first
 * (edited content, say): built, handed to `use`, and closed however `use` ends.
 */
export async function withTestApp<T>(
  env: Record<string, string>,
  use: (testApp: TestApp) => Promise<T>,
): Promise<T> {
  const testApp = await createTestApp(env);
  try {
    return await use(testApp);
  } finally {
    await testApp.close();
  }
}
