import type { FastifyBaseLogger } from 'fastify';
import { databasePath } from '../db/connection.ts';
import { openServerDatabase } from '../db/database-startup.ts';
import { watchDataVersion } from '../db/postgres/data-version-listener.ts';
import { runAlone } from '../db/postgres/job-lock.ts';
import { checkPostgres, openPostgres } from '../db/postgres/postgres-connection.ts';
import { migratePostgres } from '../db/run-migrations.ts';
import type { PostgresSite, SiteConnection } from '../db/site-database.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { pageVersionPerTurn, pageVersionWatched } from './render/cache/page-version.ts';

/**
 * Runs a scheduled job (the alert fan-out and digest, the clean-ups) unless another app
 * process on the same database runs it at this moment; it is skipped then, and comes round
 * again at the next poll.
 */
export type JobRunner = (job: string, work: () => Promise<void>) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Makes the render cache's page version known as of every write committed by now, in
     * any process (on PostgreSQL, without waiting for the notifications of other
     * processes' commits); does nothing on SQLite, whose version is read per turn. For tests
     * that write through a connection of their own and then ask for a cached page.
     */
    settlePageVersion(): Promise<void>;
  }
}

/** The site's database as the server serves from it, on whichever engine the configuration names. */
export interface ServingDatabase {
  database: SiteConnection;
  /** What a cached page's key is valid for; undefined while it cannot be known (never cache then). */
  pageVersion: () => string | undefined;
  /**
   * Brings `pageVersion` up to this process's own committed writes, before a write request
   * is answered. Not on SQLite, which reads the version afresh each event-loop turn.
   * PostgreSQL's listener learns of a commit by a notification that may come in after the
   * COMMIT is acknowledged, so a reader sent right after the write's answer could be served
   * the page as it was before the write; it reads the version once instead, and the time
   * boundaries of that version, so that the next reader's page is kept in the cache.
   */
  afterWrite?: () => Promise<void>;
  runJob: JobRunner;
  /** Where it is, for the start-up log (a PostgreSQL URL without its password). */
  shownLocation: string;
  close(): Promise<void>;
}

/**
 * SQLite, the embedded default: the file in DATA_DIR, checked and migrated, with its WAL
 * checkpoint worker; one process, so every job simply runs.
 */
async function servingSqlite(dataDir: string, log: FastifyBaseLogger, clock: Clock) {
  const file = databasePath(dataDir);
  const database = await openServerDatabase(file, log, clock.now());
  return {
    database,
    pageVersion: pageVersionPerTurn(database, clock),
    runJob: (_job: string, work: () => Promise<void>) => work(),
    shownLocation: file,
    close: () => database.close(),
  } satisfies ServingDatabase;
}

/**
 * PostgreSQL (DATABASE_URL, issue 36), where several app processes serve one site: the
 * schema is brought up to date (Kysely's migrator locks, so processes starting together are
 * safe); the render cache keys on the data version this process hears of by LISTEN/NOTIFY,
 * so a write through any process renews every process's cache; jobs run in one process at
 * a time under an advisory lock.
 */
async function servingPostgres(url: string, log: FastifyBaseLogger, clock: Clock) {
  const postgres = openPostgres(url);
  try {
    await checkPostgres(postgres);
    await migratePostgres(postgres, clock.now());
    const database: PostgresSite = { engine: 'postgres', db: postgres.db };
    const watch = await watchDataVersion(url, {
      onError: (error) =>
        log.warn(
          { err: error },
          'PostgreSQL: the data version listener lost its connection; pages are not cached until it is back',
        ),
    });
    const pageVersion = pageVersionWatched(database, watch, clock, (error) =>
      log.error({ err: error }, 'PostgreSQL: the time boundaries of cached pages cannot be read'),
    );
    return {
      database,
      pageVersion,
      afterWrite: async () => {
        await watch.catchUp();
        await pageVersion.settled();
      },
      runJob: async (job: string, work: () => Promise<void>) => {
        await runAlone(postgres, job, work);
      },
      shownLocation: postgres.shownUrl,
      close: async () => {
        await watch.stop();
        await postgres.close();
      },
    } satisfies ServingDatabase;
  } catch (error) {
    await postgres.close();
    throw error;
  }
}

/** Opens the database the configuration names: PostgreSQL with DATABASE_URL, else DATA_DIR's SQLite file. */
export async function openServingDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: FastifyBaseLogger,
  clock: Clock,
): Promise<ServingDatabase> {
  return config.databaseUrl
    ? servingPostgres(config.databaseUrl, log, clock)
    : servingSqlite(config.dataDir, log, clock);
}
