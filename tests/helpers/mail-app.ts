import { afterAll, beforeAll } from 'vitest';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { openPostgres } from '../../db/postgres/postgres-connection.ts';
import type { SiteConnection } from '../../db/site-database.ts';
import type { AlertTiming } from '../../server/alerts/alert-sender.ts';
import type { Clock } from '../../server/clock.ts';
import { startInbox, type TestInbox } from './smtp-inbox.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A test app that sends mail, as its suite's tests see it. */
export interface MailApp {
  inbox: TestInbox;
  testApp: TestApp;
  /** A connection of its own to the app's database, on whichever engine the app serves from. */
  database: SiteConnection;
}

/**
 * For the suite: a test app that sends mail to a test inbox (SMTP_URL), behind one trusted
 * proxy so each test can be its own client, with a fast outbox sender and a connection of
 * its own to the app's database; all closed after the suite. `logLines` collects the
 * request log (LOG_LEVEL info).
 */
export function useMailApp(
  siteUrl: string,
  options: { clock?: Clock; retryBaseMs?: number; logLines?: string[] } = {},
): MailApp {
  const mailApp = {} as MailApp;
  let closeDatabase: (() => Promise<void> | void) | undefined;
  const { logLines } = options;
  const alertTiming: Partial<AlertTiming> = {
    pollMs: 20,
    retryBaseMs: options.retryBaseMs ?? 100,
    retryMaxMs: 400,
  };
  beforeAll(async () => {
    mailApp.inbox = await startInbox();
    mailApp.testApp = await createTestApp(
      {
        SMTP_URL: mailApp.inbox.url,
        SITE_URL: siteUrl,
        TRUST_PROXY: '1',
        ...(logLines ? { LOG_LEVEL: 'info' } : {}),
      },
      {
        ...(options.clock ? { clock: options.clock } : {}),
        ...(logLines ? { logStream: { write: (line: string) => logLines.push(line) } } : {}),
        alertTiming,
      },
    );
    const { databaseUrl, dataDir } = mailApp.testApp.config;
    if (databaseUrl) {
      const postgres = openPostgres(databaseUrl, { max: 2 });
      closeDatabase = () => postgres.close();
      mailApp.database = { engine: 'postgres', db: postgres.db };
    } else {
      const sqlite = openDatabase(databasePath(dataDir));
      closeDatabase = () => sqlite.close();
      mailApp.database = sqlite;
    }
  });
  afterAll(async () => {
    await closeDatabase?.();
    await mailApp.testApp?.close();
    await mailApp.inbox?.close();
  });
  return mailApp;
}
