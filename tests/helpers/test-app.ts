import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import * as entry from '../../client/entry-server.tsx';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { loadContent } from '../../server/content/load.ts';
import type { Clock } from '../../server/clock.ts';
import type { Renderer } from '../../server/render/renderer.ts';
import type { AlertTiming } from '../../server/alerts/alert-sender.ts';

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
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
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
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app and its configuration, however the test built it. */
export type AppUnderTest = Omit<TestApp, 'close'>;

/** What `useTestApp` hands a test file: the app, and a second connection to its database. */
export interface SharedTestApp extends AppUnderTest {
  /** A second connection to the app's database file, as the CLI or another process opens it. */
  readonly database: AppDatabase;
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
  const started = (): TestApp => {
    if (!current) throw new Error('the test app is used outside the tests that set it up');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(env, options);
  });
  afterAll(async () => {
    await database?.close();
    await current?.close();
    database = current = undefined;
  });
  return {
    get app() {
      return started().app;
    },
    get config() {
      return started().config;
    },
    get database() {
      // Opened on first use, so files that never read the database behind the app pay nothing.
      database ??= openDatabase(databasePath(started().config.dataDir));
      return database;
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
