import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addSubscription, confirmSubscription } from '../../db/alerts/alert-subscriptions.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres/postgres-connection.ts';
import { migratePostgres } from '../../db/run-migrations.ts';
import { queryRows, type SiteDatabase } from '../../db/site-database.ts';
import {
  createPostgresDatabase,
  describeOnPostgres,
  dropPostgresDatabase,
} from '../helpers/postgres-database.ts';
import { freePort, HttpVisitor, startServer } from '../helpers/server-process.ts';
import { startInbox, type TestInbox } from '../helpers/smtp-inbox.ts';
import { addStaffAccount } from '../helpers/staff.ts';

const SITE = 'https://procurement.example.gov.ph';
const STAFF = 'bac.two@example.gov.ph';
const PASSWORD = 'typhoon-lantern-cedar-17';
const IMMEDIATE = 1000;
const DAILY = 40;

/** Confirmed subscribers written straight to the database, their confirmation mail long sent. */
async function addSubscribers(
  site: SiteDatabase,
  count: number,
  frequency: 'immediate' | 'daily',
): Promise<void> {
  const now = new Date(Date.now() - 60_000).toISOString();
  for (let n = 0; n < count; n++) {
    const subscription = await addSubscription(site, {
      email: `${frequency}${n}@example.com`,
      lists: ['svp'],
      keyword: null,
      frequency,
      lang: 'en',
      nonce: `nonce-${frequency}-${n}`,
      now,
    });
    await confirmSubscription(site, subscription.id, now);
  }
  await sql`UPDATE alert_messages SET sent_at = ${now} WHERE kind = 'confirm'`.execute(site.db);
}

/** The messages the outbox holds of a kind, and how many are sent. */
async function outbox(site: SiteDatabase, kind: string) {
  const [counts] = await queryRows(
    site,
    () => sql<{ total: number; sent: number }>`SELECT count(*) AS total, count(sent_at) AS sent
      FROM alert_messages WHERE kind = ${kind}`,
  );
  return counts!;
}

/**
 * Issue 36: two app processes on one PostgreSQL database act as one site. Real server
 * processes (the production bundle), one database, one shared data folder, one mail server.
 */
describeOnPostgres('two app processes on one PostgreSQL database', () => {
  let url: string;
  let postgres: PostgresDatabase;
  let site: SiteDatabase;
  let dataDir: string;
  let inbox: TestInbox;
  const servers: ReturnType<typeof startServer>[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    url = await createPostgresDatabase('two');
    postgres = openPostgres(url, { max: 2 });
    await migratePostgres(postgres);
    site = { engine: 'postgres', db: postgres.db };
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-two-'));
    await addStaffAccount({ dataDir, databaseUrl: url }, STAFF, PASSWORD);
    await addSubscribers(site, IMMEDIATE, 'immediate');
    await addSubscribers(site, DAILY, 'daily');
    // Each answer held back a little, so both senders have messages under way at once.
    inbox = await startInbox({ acceptDelayMs: 5 });
    for (let n = 0; n < 2; n++) {
      const port = await freePort();
      servers.push(
        startServer(dataDir, {
          port,
          env: { DATABASE_URL: url, SMTP_URL: inbox.url, SITE_URL: SITE, TRUST_PROXY: '1' },
        }),
      );
      bases.push(`http://127.0.0.1:${port}`);
      // One after the other: both migrate, and the second finds nothing to do.
      await servers[n]!.listening;
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited.catch(() => {});
    }
    await inbox?.close();
    await postgres?.close();
    if (url) await dropPostgresDatabase(url);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('shows a record added through one process on the other one’s cached list page within a second', async () => {
    const list = `${bases[1]}/bid-svp`;
    // Kept in the shared render cache (from the first answer after the process learnt the
    // data version): the same answer, by its tag, again.
    await expect
      .poll(async () => (await fetch(list)).headers.get('cache-control'), { timeout: 5000 })
      .toMatch(/^public/);
    const before = await fetch(list);
    expect(before.status).toBe(200);
    const again = await fetch(list);
    expect(again.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(await again.text()).not.toContain('Two processes, one site');

    const visitor = new HttpVisitor(bases[0]!);
    const token = await visitor.signIn(STAFF, PASSWORD);
    const created = await visitor.call('POST', '/api/records/svp', token, {
      pr_number: 'PR-TWO-1',
      project_title: 'Two processes, one site',
      link: 'https://example.org/two.pdf',
    });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => (await (await fetch(list)).text()).includes('Two processes, one site'), {
        timeout: 1000,
        interval: 20,
      })
      .toBe(true);
  });

  it('sends each of 1,000 queued alert messages exactly once with both processes sending', async () => {
    // The record above was fanned out (in one process) to every immediate subscriber.
    await expect
      .poll(async () => (await outbox(site, 'notice')).total, { timeout: 60_000, interval: 200 })
      .toBe(IMMEDIATE);
    await expect
      .poll(async () => (await outbox(site, 'notice')).sent, { timeout: 240_000, interval: 500 })
      .toBe(IMMEDIATE);
    // Time for any further, wrong, message to arrive.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const notices = inbox.received.filter((mail) => mail.to[0]!.startsWith('immediate'));
    expect(notices).toHaveLength(IMMEDIATE);
    expect(new Set(notices.map((mail) => mail.messageId)).size).toBe(IMMEDIATE);
    expect(new Set(notices.map((mail) => mail.to.join())).size).toBe(IMMEDIATE);
  }, 300_000);

  it('makes and sends the daily digest once', async () => {
    // One digest per daily subscriber for the day, however many processes fanned out.
    await expect
      .poll(async () => (await outbox(site, 'digest')).total, { timeout: 60_000, interval: 200 })
      .toBe(DAILY);
    // Due now rather than tonight (23:00 UTC): both processes' senders reach them at once.
    const now = new Date().toISOString();
    await sql`UPDATE alert_messages SET next_attempt_at = ${now} WHERE kind = 'digest'`.execute(
      site.db,
    );
    await expect
      .poll(async () => (await outbox(site, 'digest')).sent, { timeout: 60_000, interval: 200 })
      .toBe(DAILY);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await outbox(site, 'digest')).total).toBe(DAILY);
    const digests = inbox.received.filter((mail) => mail.to[0]!.startsWith('daily'));
    expect(digests).toHaveLength(DAILY);
    expect(new Set(digests.map((mail) => mail.to.join())).size).toBe(DAILY);
  }, 120_000);
});
