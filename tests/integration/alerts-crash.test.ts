import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSubscription, confirmSubscription } from '../../db/alert-subscriptions.ts';
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { freePort, HttpVisitor, startServer } from '../helpers/server-process.ts';
import { startInbox } from '../helpers/smtp-inbox.ts';
import { addStaffAccount } from '../helpers/staff.ts';

const SITE = 'https://procurement.example.gov.ph';
const STAFF = 'bac.crash@example.gov.ph';
const PASSWORD = 'typhoon-lantern-cedar-17';
const SUBSCRIBERS = 15;
const RECORDS = 4;

/** Confirmed subscribers written straight to the database, as if each had followed the link. */
async function addSubscribers(dataDir: string): Promise<void> {
  const database = await openMigratedDatabase(databasePath(dataDir));
  try {
    const now = new Date(Date.now() - 60_000).toISOString();
    for (let n = 0; n < SUBSCRIBERS; n++) {
      const subscription = addSubscription(database, {
        email: `bidder${n}@example.com`,
        lists: ['all'],
        keyword: null,
        frequency: 'immediate',
        lang: 'en',
        nonce: `nonce-${n}`,
        now,
      });
      confirmSubscription(database, subscription.id, now);
    }
    // Their confirmation messages were "sent" long ago.
    database.sqlite
      .prepare("UPDATE alert_messages SET sent_at = ? WHERE kind = 'confirm'")
      .run(now);
  } finally {
    await database.close();
  }
}

describe('the alert outbox when the server is killed with SIGKILL', { timeout: 120_000 }, () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-alerts-kill-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers every message exactly once after a restart', async () => {
    // Each answer is held back a little, so the outbox still holds messages at the kill.
    const inbox = await startInbox({ acceptDelayMs: 80 });
    await addStaffAccount(dataDir, STAFF, PASSWORD);
    await addSubscribers(dataDir);
    const port = await freePort();
    const env = { SMTP_URL: inbox.url, SITE_URL: SITE, TRUST_PROXY: '1' };
    let server = startServer(dataDir, { port, env });
    try {
      await server.listening;
      const visitor = new HttpVisitor(`http://127.0.0.1:${port}`);
      const token = await visitor.signIn(STAFF, PASSWORD);
      for (let n = 0; n < RECORDS; n++) {
        const response = await visitor.call('POST', '/api/records/svp', token, {
          pr_number: `PR-KILL-${n}`,
          project_title: `Killed while mailing ${n}`,
          link: `https://example.org/kill-${n}.pdf`,
        });
        expect(response.status).toBe(201);
      }
      const expected = SUBSCRIBERS * RECORDS;
      await inbox.waitFor(10, () => true, 30_000);
      // Freeze the mail server's answers, give any message it already took time to be
      // marked sent, then kill: the messages in flight were never accepted, and come again.
      inbox.hold();
      await new Promise((resolve) => setTimeout(resolve, 200));
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      // The mail server sees the dropped connections, then answers what it held: nothing,
      // since no sender is left to hear it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      inbox.release();
      const beforeRestart = inbox.received.length;
      expect(beforeRestart).toBeLessThan(expected);

      server = startServer(dataDir, { port, env });
      await server.listening;
      await inbox.waitFor(expected, () => true, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const ids = inbox.received.map((mail) => mail.messageId);
      expect(ids).toHaveLength(expected);
      expect(new Set(ids).size).toBe(expected);
      const pairs = new Set(inbox.received.map((mail) => `${mail.to.join()} ${mail.subject}`));
      expect(pairs.size).toBe(expected);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      await inbox.close();
    }
  });
});
