import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  closeAlertBatchOn,
  queueAlert,
  queueImportedAlertsIn,
} from '../../db/alerts/alert-outbox.ts';
import {
  alertQueueStats,
  batchEvents,
  dropMessage,
  dueMessages,
  eventsFannedOutBetween,
  fanOut,
  findOutboxEvent,
  markMessageAttempt,
  markMessagesSent,
  pendingSingleEvents,
  postingFannedOutAt,
  pruneSentMessages,
  readSenderState,
  readyBatches,
  recordServerDown,
  recordServerUp,
  retryFailedMessages,
  setAlertsEnabled,
} from '../../db/alerts/alert-messages.ts';
import {
  addSubscription,
  confirmedSubscriptions,
  confirmSubscription,
  countSubscribeAttempt,
  deleteSubscription,
  findSubscription,
  forgetUnconfirmed,
  subscriptionCounts,
  updateSubscription,
} from '../../db/alerts/alert-subscriptions.ts';
import { writeTransaction, type SiteDatabase } from '../../db/site-database.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';
import { insertRecordRow } from '../helpers/record-rows.ts';

const svp = kindByCollection('svp')!;
const NOW = '2026-11-28T00:00:00.000Z';
const AT = new Date(NOW);

async function outboxRows({ db }: SiteDatabase) {
  const { rows } = await sql<{
    collection: string;
    record_id: number;
    version: number;
    event: string;
    batch: string | null;
    created: string;
  }>`SELECT collection, record_id, version, event, batch, created FROM alert_outbox ORDER BY id`.execute(
    db,
  );
  return rows;
}

/** A confirmed subscriber, and the sender enabled: someone to tell. */
async function someoneToTell({ db }: SiteDatabase, enabled: boolean, confirmed: boolean) {
  await sql`UPDATE alert_sender_state SET enabled = ${enabled ? 1 : 0} WHERE id = 1`.execute(db);
  await sql`INSERT INTO alert_subscriptions (email, lists, keyword, frequency, lang, nonce, created, confirmed_at)
    VALUES ('bidder@example.com', '["svp"]', NULL, 'immediate', 'en', 'nonce', ${NOW},
      ${confirmed ? NOW : null})`.execute(db);
}

describeOnBothEngines('bid alerts', (engine, engineName) => {
  beforeEach(async () => {
    const { db } = engine.site();
    await sql`DELETE FROM alert_messages`.execute(db);
    await sql`DELETE FROM alert_outbox`.execute(db);
    await sql`DELETE FROM alert_batches`.execute(db);
    await sql`DELETE FROM alert_subscriptions`.execute(db);
    await sql`DELETE FROM alert_subscribe_attempts`.execute(db);
  });

  describe('the outbox', () => {
    const event = (recordId: number, version = 1) =>
      ({ kind: svp, recordId, version, event: 'posted', at: AT }) as const;

    it('queues nothing without an enabled sender and a confirmed subscriber', async () => {
      const site = engine.site();
      await someoneToTell(site, false, true);
      await queueAlert(site, event(1));
      await sql`UPDATE alert_sender_state SET enabled = 1 WHERE id = 1`.execute(site.db);
      await sql`UPDATE alert_subscriptions SET confirmed_at = NULL`.execute(site.db);
      await queueAlert(site, event(2));
      expect(await outboxRows(site)).toEqual([]);
    });

    it('queues a record event with the write, or not at all when the write fails', async () => {
      const site = engine.site();
      await someoneToTell(site, true, true);
      await writeTransaction(site, (transaction) =>
        queueAlert(transaction, { ...event(7, 3), event: 'amended' }),
      );
      await expect(
        writeTransaction(site, async (transaction) => {
          await queueAlert(transaction, event(8));
          throw new Error('the record write failed');
        }),
      ).rejects.toThrow('the record write failed');
      expect(await outboxRows(site)).toEqual([
        {
          collection: 'svp',
          record_id: 7,
          version: 3,
          event: 'amended',
          batch: null,
          created: NOW,
        },
      ]);
    });

    it('queues an import’s records as one batch, which closes once', async () => {
      const site = engine.site();
      await someoneToTell(site, true, true);
      const ids: number[] = [];
      for (const n of [1, 2, 3]) {
        ids.push(
          await insertRecordRow(
            site,
            svp,
            {
              pr_number: `PR-${n}`,
              project_title: `Project ${n}`,
              link: `https://example.org/${n}.pdf`,
            },
            NOW,
          ),
        );
      }
      await writeTransaction(site, (transaction) =>
        queueImportedAlertsIn(transaction, { kind: svp, after: ids[0]!, batch: 'import-1' }),
      );
      // Nothing after the newest record: no events, and no batch row.
      await queueImportedAlertsIn(site, { kind: svp, after: ids[2]!, batch: 'import-2' });
      const rows = await outboxRows(site);
      expect(rows.map((row) => [row.record_id, row.version, row.event, row.batch])).toEqual([
        [ids[1], 1, 'posted', 'import-1'],
        [ids[2], 1, 'posted', 'import-1'],
      ]);
      const batches = async () =>
        (
          await sql<{ id: string; closed: string | null }>`
            SELECT id, closed FROM alert_batches ORDER BY id`.execute(site.db)
        ).rows;
      expect((await batches()).map((batch) => [batch.id, batch.closed])).toEqual([
        ['import-1', null],
      ]);
      await closeAlertBatchOn(site, 'import-1');
      const [closed] = await batches();
      expect(closed!.closed).not.toBeNull();
      await closeAlertBatchOn(engine.another(), 'import-1');
      expect((await batches())[0]!.closed).toBe(closed!.closed);
    });
  });

  describe('subscriptions', () => {
    const subscribe = (database: SiteDatabase, email: string, nonce: string, now = NOW) =>
      addSubscription(database, {
        email,
        lists: ['svp', 'bid_bulletin'],
        keyword: 'roof',
        frequency: 'daily',
        lang: 'fil',
        nonce,
        now,
      });

    it('stores a subscription with its confirmation message, and reads it back', async () => {
      const site = engine.site();
      const added = await subscribe(site, 'Bidder@Example.com', 'n1');
      expect(added).toEqual({
        id: added.id,
        email: 'Bidder@Example.com',
        lists: ['svp', 'bid_bulletin'],
        keyword: 'roof',
        frequency: 'daily',
        lang: 'fil',
        nonce: 'n1',
        created: NOW,
        confirmedAt: null,
      });
      expect(await findSubscription(engine.another(), added.id)).toEqual(added);
      expect(await findSubscription(site, added.id + 1000)).toBeUndefined();
      const { rows } = await sql<{ dedupe_key: string; kind: string }>`
        SELECT dedupe_key, kind FROM alert_messages`.execute(site.db);
      expect(rows).toEqual([{ dedupe_key: `confirm:${added.id}`, kind: 'confirm' }]);
    });

    it('confirms once, and a repeat subscribe of the address onto its subscription', async () => {
      const site = engine.site();
      const first = await subscribe(site, 'bidder@example.com', 'n1');
      const confirmed = await confirmSubscription(site, first.id, '2026-11-28T01:00:00.000Z');
      expect(confirmed).toMatchObject({ id: first.id, confirmedAt: '2026-11-28T01:00:00.000Z' });
      expect(await confirmSubscription(site, first.id, NOW)).toBe('already-confirmed');
      expect(await confirmSubscription(site, first.id + 1000, NOW)).toBeUndefined();
      const repeat = await addSubscription(site, {
        email: 'BIDDER@example.com',
        lists: ['all'],
        keyword: null,
        frequency: 'immediate',
        lang: 'en',
        nonce: 'n2',
        now: NOW,
      });
      const merged = await confirmSubscription(engine.another(), repeat.id, NOW);
      expect(merged).toEqual({
        ...first,
        lists: ['all'],
        keyword: null,
        frequency: 'immediate',
        lang: 'en',
        confirmedAt: '2026-11-28T01:00:00.000Z',
      });
      expect(await confirmedSubscriptions(site)).toEqual([merged]);
      expect(await findSubscription(site, repeat.id)).toBeUndefined();
    });

    it('updates, deletes (with its messages) and forgets the unconfirmed', async () => {
      const site = engine.site();
      const kept = await subscribe(site, 'a@example.com', 'n1');
      await confirmSubscription(site, kept.id, NOW);
      await updateSubscription(site, kept.id, {
        lists: ['all'],
        keyword: null,
        frequency: 'immediate',
        lang: 'en',
      });
      expect(await findSubscription(site, kept.id)).toMatchObject({
        lists: ['all'],
        keyword: null,
        frequency: 'immediate',
        lang: 'en',
      });
      const old = await subscribe(site, 'b@example.com', 'n2', '2026-11-20T00:00:00.000Z');
      const recent = await subscribe(site, 'c@example.com', 'n3', '2026-11-27T00:00:00.000Z');
      expect(await forgetUnconfirmed(site, '2026-11-21T00:00:00.000Z')).toBe(1);
      expect(await findSubscription(site, old.id)).toBeUndefined();
      expect(await deleteSubscription(site, recent.id)).toBe(true);
      expect(await deleteSubscription(site, recent.id)).toBe(false);
      const { rows } = await sql<{ subscription_id: number }>`
        SELECT subscription_id FROM alert_messages`.execute(site.db);
      expect(rows).toEqual([{ subscription_id: kept.id }]);
    });

    it('counts subscriptions per list, confirmed and waiting', async () => {
      const site = engine.site();
      const confirmed = await subscribe(site, 'a@example.com', 'n1');
      await confirmSubscription(site, confirmed.id, NOW);
      await addSubscription(site, {
        email: 'b@example.com',
        lists: ['all'],
        keyword: null,
        frequency: 'immediate',
        lang: 'en',
        nonce: 'n2',
        now: NOW,
      });
      await subscribe(site, 'c@example.com', 'n3');
      expect(await subscriptionCounts(site)).toEqual([
        { list: 'all', confirmed: 0, unconfirmed: 1 },
        { list: 'bid_bulletin', confirmed: 1, unconfirmed: 1 },
        { list: 'svp', confirmed: 1, unconfirmed: 1 },
      ]);
    });

    it('holds the subscribe limits across two connections, counting no refused request', async () => {
      const attempt = (database: SiteDatabase) =>
        countSubscribeAttempt(database, {
          now: NOW,
          pruneBefore: '2026-11-27T00:00:00.000Z',
          keys: [
            { key: 'mailbox', limit: 3, since: '2026-11-27T23:00:00.000Z' },
            { key: 'network', limit: 10, since: '2026-11-27T00:00:00.000Z' },
          ],
        });
      const databases = Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0 ? engine.site() : engine.another(),
      );
      let allowed: boolean[];
      if (engineName === 'postgres') {
        allowed = await Promise.all(databases.map(attempt));
      } else {
        allowed = [];
        for (const database of databases) allowed.push(await attempt(database));
      }
      expect(allowed.filter(Boolean)).toHaveLength(3);
      const { rows } = await sql<{ key: string; n: number }>`
        SELECT key, count(*) AS n FROM alert_subscribe_attempts GROUP BY key ORDER BY key`.execute(
        engine.site().db,
      );
      expect(rows.map((row) => [row.key, Number(row.n)])).toEqual([
        ['mailbox', 3],
        ['network', 3],
      ]);
    });
  });

  describe('messages', () => {
    const T = (minutes: number) => new Date(AT.getTime() + minutes * 60_000).toISOString();
    let subscription: number;

    /** An outbox event as the record writes queue it. */
    async function event(
      { db }: SiteDatabase,
      values: { recordId: number; event?: string; batch?: string | null; created?: string },
    ): Promise<number> {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO alert_outbox (collection, record_id, version, event, batch, created)
        VALUES ('svp', ${values.recordId}, 1, ${values.event ?? 'posted'}, ${values.batch ?? null},
          ${values.created ?? NOW}) RETURNING id`.execute(db);
      return rows[0]!.id;
    }

    beforeEach(async () => {
      await setAlertsEnabled(engine.site(), true);
      await recordServerUp(engine.site());
      const added = await addSubscription(engine.site(), {
        email: 'bidder@example.com',
        lists: ['all'],
        keyword: null,
        frequency: 'immediate',
        lang: 'en',
        nonce: 'n',
        now: NOW,
      });
      subscription = added.id;
      await dropMessage(engine.site(), (await dueMessages(engine.site(), NOW, 10))[0]!.id);
    });

    it('reads pending events, ready batches and their events', async () => {
      const site = engine.site();
      const single = await event(site, { recordId: 1 });
      const old = await event(site, { recordId: 2, batch: 'stale', created: T(-60) });
      await event(site, { recordId: 3, batch: 'open', created: T(0) });
      const closed = await event(site, { recordId: 4, batch: 'closed' });
      await sql`INSERT INTO alert_batches (id, started, closed)
        VALUES ('closed', ${NOW}, ${NOW}), ('open', ${NOW}, NULL)`.execute(site.db);
      expect((await pendingSingleEvents(site, 10)).map((row) => row.id)).toEqual([single]);
      expect(await readyBatches(site, T(-30))).toEqual(['stale', 'closed']);
      expect(await batchEvents(site, 'closed')).toEqual([
        {
          id: closed,
          collection: 'svp',
          recordId: 4,
          version: 1,
          event: 'posted',
          batch: 'closed',
          fannedOutAt: null,
        },
      ]);
      expect((await findOutboxEvent(site, old))!.batch).toBe('stale');
      expect(await findOutboxEvent(site, old + 1000)).toBeUndefined();
    });

    it('fans out once, whatever is fanned out again, and marks the events', async () => {
      const site = engine.site();
      const first = await event(site, { recordId: 1 });
      const amended = await event(site, { recordId: 1, event: 'amended' });
      const message = (key: string, dueAt: string) => ({
        subscriptionId: subscription,
        dedupeKey: key,
        kind: 'notice' as const,
        outboxId: first,
        dueAt,
      });
      await fanOut(site, [message('notice:a', T(1)), message('notice:b', T(0))], {
        eventIds: [first],
        at: T(2),
      });
      await fanOut(engine.another(), [message('notice:a', T(5))], { eventIds: [first], at: T(9) });
      expect((await dueMessages(site, T(10), 10)).map((row) => [row.dedupeKey, row.dueAt])).toEqual(
        [
          ['notice:b', T(0)],
          ['notice:a', T(1)],
        ],
      );
      expect(await dueMessages(site, T(0.5), 10)).toHaveLength(1);
      expect(await postingFannedOutAt(site, 'svp', 1)).toBe(T(2));
      expect(await postingFannedOutAt(site, 'svp', 2)).toBeUndefined();
      expect((await pendingSingleEvents(site, 10)).map((row) => row.id)).toEqual([amended]);
      expect((await eventsFannedOutBetween(site, T(2), T(3))).map((row) => row.id)).toEqual([
        first,
      ]);
      expect(await eventsFannedOutBetween(site, T(3), T(4))).toEqual([]);
    });

    it('marks messages sent, failed and retried, and keeps the sender state and stats', async () => {
      const site = engine.site();
      const keys = ['m1', 'm2', 'm3'];
      await fanOut(
        site,
        keys.map((key) => ({
          subscriptionId: subscription,
          dedupeKey: key,
          kind: 'digest',
          dueAt: NOW,
        })),
        undefined,
      );
      const [m1, m2, m3] = await dueMessages(site, NOW, 10);
      await markMessagesSent(site, [m1!.id], T(1));
      await markMessageAttempt(site, m2!.id, {
        error: '550 no',
        nextAttemptAt: T(5),
        failedAt: T(1),
      });
      await markMessageAttempt(site, m3!.id, {
        error: '451 later',
        nextAttemptAt: T(5),
        failedAt: null,
      });
      expect((await dueMessages(site, T(4), 10)).map((row) => row.id)).toEqual([]);
      expect(await alertQueueStats(site)).toEqual({
        outboxPending: 0,
        messagesWaiting: 1,
        messagesFailed: 1,
        messagesSent: 1,
        lastFailure: '550 no',
      });
      await recordServerDown(site, { at: T(2), error: 'ECONNREFUSED', nextTryAt: T(3) });
      await recordServerDown(engine.another(), { at: T(3), error: 'ETIMEDOUT', nextTryAt: T(6) });
      expect(await readSenderState(site)).toEqual({
        enabled: true,
        lastSendAt: T(1),
        serverDownSince: T(2),
        nextTryAt: T(6),
        lastError: 'ETIMEDOUT',
        consecutiveFailures: 2,
      });
      expect(await retryFailedMessages(site, T(4))).toBe(2);
      expect((await dueMessages(site, T(4), 10)).map((row) => [row.id, row.attempts])).toEqual([
        [m2!.id, 0],
        [m3!.id, 0],
      ]);
      expect((await readSenderState(site)).nextTryAt).toBe(T(4));
      await recordServerUp(site);
      expect(await readSenderState(site)).toMatchObject({
        serverDownSince: null,
        nextTryAt: null,
        consecutiveFailures: 0,
      });
      expect(await pruneSentMessages(site, T(1))).toBe(0);
      expect(await pruneSentMessages(site, T(2))).toBe(1);
      await setAlertsEnabled(site, false);
      expect((await readSenderState(engine.another())).enabled).toBe(false);
    });

    it('writes no message of a fan-out that fails', async () => {
      const site = engine.site();
      const first = await event(site, { recordId: 1 });
      await expect(
        fanOut(
          site,
          [
            {
              subscriptionId: subscription,
              dedupeKey: 'ok',
              kind: 'notice',
              outboxId: first,
              dueAt: NOW,
            },
            {
              subscriptionId: subscription + 1000,
              dedupeKey: 'orphan',
              kind: 'notice',
              dueAt: NOW,
            },
          ],
          { eventIds: [first], at: NOW },
        ),
      ).rejects.toThrow();
      expect(await dueMessages(site, NOW, 10)).toEqual([]);
      expect((await pendingSingleEvents(site, 10)).map((row) => row.id)).toEqual([first]);
    });
  });
});
