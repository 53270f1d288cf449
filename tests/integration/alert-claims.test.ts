import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { claimDueMessages } from '../../db/alerts/alert-messages.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

const NOW = '2026-11-28T00:00:00.000Z';
const LEASE = '2026-11-28T00:05:00.000Z';
const MESSAGES = 1000;

/** A confirmed subscriber with `count` notices due by NOW, queued as the fan-out queues them. */
async function queueMessages({ db }: SiteDatabase, count: number): Promise<void> {
  await sql`DELETE FROM alert_messages`.execute(db);
  await sql`DELETE FROM alert_subscriptions`.execute(db);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO alert_subscriptions (email, lists, keyword, frequency, lang, nonce, created, confirmed_at)
    VALUES ('bidder@example.com', '["svp"]', NULL, 'immediate', 'en', 'nonce', ${NOW}, ${NOW})
    RETURNING id`.execute(db);
  const subscription = rows[0]!.id;
  for (let start = 0; start < count; start += 250) {
    const values = Array.from({ length: Math.min(250, count - start) }, (_, offset) => {
      const n = start + offset;
      return sql`(${subscription}, ${`notice:${n}`}, 'notice', ${NOW}, ${NOW})`;
    });
    await sql`INSERT INTO alert_messages (subscription_id, dedupe_key, kind, due_at, next_attempt_at)
      VALUES ${sql.join(values)}`.execute(db);
  }
}

/**
 * One sender's rounds until the outbox is empty: claim a batch, "send" each message
 * (recorded), mark them sent, as server/alerts/alert-sender.ts does.
 */
async function sendAll(database: SiteDatabase, sent: number[]): Promise<void> {
  for (;;) {
    const claimed = await claimDueMessages(database, { now: NOW, leaseUntil: LEASE, limit: 50 });
    if (claimed.length === 0) return;
    // The mail server's answer takes a moment: the other sender claims meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1));
    sent.push(...claimed.map((message) => message.id));
    await sql`UPDATE alert_messages SET sent_at = ${NOW}
      WHERE id IN (${sql.join(claimed.map((message) => message.id))})`.execute(database.db);
  }
}

describeOnBothEngines('the alert outbox with two senders', (engine, engineName) => {
  beforeEach(async () => {
    await queueMessages(engine.site(), MESSAGES);
  });

  it(`sends each of ${MESSAGES} queued messages exactly once`, async () => {
    const first: number[] = [];
    const second: number[] = [];
    // On PostgreSQL a second pool stands for a second app process.
    await Promise.all([sendAll(engine.site(), first), sendAll(engine.another(), second)]);
    const all = [...first, ...second];
    expect(all).toHaveLength(MESSAGES);
    expect(new Set(all).size).toBe(MESSAGES);
    if (engineName === 'postgres') {
      // Both processes sent: the claim let them share the outbox rather than queue behind one.
      expect(first.length).toBeGreaterThan(0);
      expect(second.length).toBeGreaterThan(0);
    }
    const { rows } = await sql<{ unsent: number }>`
      SELECT count(*) AS unsent FROM alert_messages WHERE sent_at IS NULL`.execute(
      engine.site().db,
    );
    expect(Number(rows[0]!.unsent)).toBe(0);
  });

  it('leaves a claimed message alone until its lease ends, then offers it again', async () => {
    const claimed = await claimDueMessages(engine.site(), {
      now: NOW,
      leaseUntil: LEASE,
      limit: 3,
    });
    expect(claimed.map((message) => message.dedupeKey)).toEqual([
      'notice:0',
      'notice:1',
      'notice:2',
    ]);
    expect(claimed[0]).toMatchObject({ kind: 'notice', dueAt: NOW, attempts: 0, outboxId: null });
    const meanwhile = await claimDueMessages(engine.another(), {
      now: NOW,
      leaseUntil: LEASE,
      limit: MESSAGES,
    });
    expect(meanwhile).toHaveLength(MESSAGES - 3);
    // The first sender died without marking them: after the lease they are due again.
    const again = await claimDueMessages(engine.another(), {
      now: LEASE,
      leaseUntil: '2026-11-28T00:10:00.000Z',
      limit: MESSAGES,
    });
    expect(again).toHaveLength(MESSAGES);
  });
});
