import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSubscription, confirmSubscription } from '../../db/alerts/alert-subscriptions.ts';
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { freePort, HttpVisitor, startServer } from '../helpers/server-process.ts';
import { startInbox, type ReceivedMail } from '../helpers/smtp-inbox.ts';
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
      const subscription = await addSubscription(database, {
        email: `bidder${n}@example.com`,
        lists: ['all'],
        keyword: null,
        frequency: 'immediate',
        lang: 'en',
        nonce: `nonce-${n}`,
        now,
      });
      await confirmSubscription(database, subscription.id, now);
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

  it('resends a message the mail server accepted just before the kill with the same Message-ID, and every other exactly once', async () => {
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
      // The kill must land between the mail server's 250 and the sender's mark, a window
      // of one local write: hold the answers until messages wait on them, stop the server
      // process so it cannot read what comes next, answer 250 to the held messages (the
      // mail server has taken them; the reply waits unread in the stopped process's
      // socket), and kill it. No sleep decides where the kill lands.
      inbox.hold();
      await expect.poll(() => inbox.heldCount, { timeout: 30_000, interval: 5 }).toBeGreaterThan(0);
      server.child.kill('SIGSTOP');
      const acceptedUnmarked = inbox.release();
      expect(acceptedUnmarked.length).toBeGreaterThan(0);
      // Let the 250s leave the mail server's side before the sender dies.
      await new Promise((resolve) => setTimeout(resolve, 50));
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      const receivedBeforeKill = [...inbox.received];
      expect(receivedBeforeKill.length).toBeLessThan(expected);

      server = startServer(dataDir, { port, env });
      await server.listening;
      const count = (id: string) => inbox.received.filter((mail) => mail.messageId === id).length;
      await expect
        .poll(
          () =>
            new Set(inbox.received.map((mail) => mail.messageId)).size === expected &&
            acceptedUnmarked.every((mail) => count(mail.messageId) === 2),
          { timeout: 60_000, interval: 100 },
        )
        .toBe(true);
      // Time for any further, wrong, message to arrive.
      await new Promise((resolve) => setTimeout(resolve, 2000));

      // One Message-ID per subscriber and notice. Each message the sender never heard
      // accepted came once more, with its Message-ID, to the same subscriber about the same
      // notice (a mail store drops the second copy): those released at the kill, and any
      // whose 250 was still unread when the process stopped. Every other came once.
      const copies = new Map<string, ReceivedMail[]>();
      for (const mail of inbox.received)
        copies.set(mail.messageId, [...(copies.get(mail.messageId) ?? []), mail]);
      expect(copies.size).toBe(expected);
      const pairs = new Set(inbox.received.map((mail) => `${mail.to.join()} ${mail.subject}`));
      expect(pairs.size).toBe(expected);
      const beforeKill = new Set(receivedBeforeKill.map((mail) => mail.messageId));
      for (const [id, mails] of copies) {
        expect(mails.length, id).toBeLessThanOrEqual(2);
        expect(new Set(mails.map((mail) => `${mail.to.join()} ${mail.subject}`)).size).toBe(1);
        if (mails.length === 2) expect(beforeKill.has(id), id).toBe(true);
      }
      for (const mail of acceptedUnmarked) expect(copies.get(mail.messageId)).toHaveLength(2);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      await inbox.close();
    }
  });
});
