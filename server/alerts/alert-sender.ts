import { createHash } from 'node:crypto';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createTransport } from 'nodemailer';
import {
  batchEvents,
  dropMessage,
  takeDueMessages,
  releaseClaims,
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
  type NewMessage,
  type OutboxEvent,
  type QueuedMessage,
} from '../../db/alerts/alert-messages.ts';
import {
  confirmedSubscriptions,
  findSubscription,
  forgetUnconfirmed,
  type AlertSubscription,
} from '../../db/alerts/alert-subscriptions.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import {
  duePasswordMail,
  forgetPasswordMail,
  markPasswordMailAttempt,
} from '../../db/staff-accounts/password-reset.ts';
import { findRecordDetail } from '../../db/records/record-detail-queries.ts';
import { coversList, keywordMatches } from '../../shared/alerts/alert-subscription.ts';
import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { SET_PASSWORD_PATH } from '../../shared/staff-accounts/staff-accounts.ts';
import type { Clock } from '../clock.ts';
import type { JobRunner } from '../serving-database.ts';
import { passwordResetMail } from '../staff-accounts/password-reset-mail.ts';
import {
  alertBody,
  alertMail,
  confirmationMail,
  type AlertBody,
  type AlertHeading,
  type AlertItem,
  type ComposedMail,
} from './alert-mail.ts';
import { CONFIRM_LINK_MS, type AlertTokens } from './alert-tokens.ts';
import { nextDigestTime, DAY_MS } from './digest-time.ts';

/** How often and how patiently the sender works; tests shorten them. */
export interface AlertTiming {
  /** Between two looks at the outbox when there is nothing to do. */
  pollMs: number;
  /** The first wait after a failed try; doubled on each further failure. */
  retryBaseMs: number;
  /** The longest wait between tries. */
  retryMaxMs: number;
  /** An import batch that its import never closed (it died) goes out after this long without new rows. */
  staleBatchMs: number;
}

export const DEFAULT_ALERT_TIMING: AlertTiming = {
  pollMs: 1000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60 * 1000,
  staleBatchMs: 10 * 60 * 1000,
};

/** A message the mail server refuses this many times is given up (`municipal alerts retry` tries again). */
const MAX_ATTEMPTS = 8;
/** Unconfirmed subscriptions are forgotten after 7 days. */
const UNCONFIRMED_KEPT_MS = 7 * DAY_MS;
/** Which alerts went to whom is kept 90 days, for questions about them, then forgotten. */
const SENT_KEPT_MS = 90 * DAY_MS;
/** How often the forgetting runs: it need not be every round. */
const HOUSEKEEPING_MS = 60_000;
const MESSAGES_PER_ROUND = 200;
const PARALLEL_SENDS = 16;
/**
 * How long a claimed message is this sender's alone: longer than a round can take (200
 * messages, 16 at a time, each within the 30-second socket timeout), so no other process
 * sends it meanwhile; a sender that dies with it leaves it due again after this.
 */
const CLAIM_LEASE_MS = 15 * 60_000;
const SINGLE_EVENTS_PER_ROUND = 100;
/** Set-password mails per round: a handful an hour at most, so any number fits. */
const PASSWORD_MAIL_PER_ROUND = 20;
/** Message rows per fan-out transaction: short write locks, and requests served in between. */
const FAN_OUT_CHUNK = 500;
/** Failures that say nothing about the message but that the mail server cannot be reached. */
const CONNECTION_FAULTS = new Set([
  'ECONNECTION',
  'ESOCKET',
  'ETIMEDOUT',
  'EDNS',
  'ETLS',
  'ECONNREFUSED',
  'EAUTH',
]);

export interface AlertSenderOptions {
  database: SiteDatabase;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string;
  from: string;
  siteUrl: string;
  siteName: string;
  tokens: AlertTokens;
  timing: AlertTiming;
  /** Runs the fan-out, the set-password mail and the clean-ups in one app process at a time. */
  runJob: JobRunner;
}

export interface AlertSender {
  /** Looks at the outbox now rather than at the next poll. */
  wake(): void;
  /** Finishes the round under way and stops; unsent messages wait in the database. */
  stop(): Promise<void>;
}

function backoff(timing: AlertTiming, failures: number): number {
  return Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** Math.max(0, failures - 1));
}

function messageIdOf(dedupeKey: string, siteUrl: string): string {
  const digest = createHash('sha256').update(`${siteUrl}\n${dedupeKey}`).digest('hex').slice(0, 40);
  return `<alert.${digest}@${new URL(siteUrl).hostname}>`;
}

/**
 * The outbox's sender, a loop in the server process. Each round it forgets stale
 * unconfirmed subscriptions and old sending records (once a minute), fans new record events out to the subscriptions they match
 * (one message row per subscription and notice version, import batch or digest day,
 * unique by key, so a repeat adds nothing), then sends the set-password links staff asked
 * for (server/staff-accounts/password-reset.ts) and the messages that are due.
 *
 * A message is marked sent only after the mail server accepted it. A crash (kill -9)
 * between the server's acceptance and that mark would send it once more on restart; the
 * window is one local database write, and the repeat carries the same Message-ID, which
 * mail stores use to drop duplicates. Nothing else is ever sent twice or lost: rows are
 * written before sending and survive any restart.
 */
export function startAlertSender(options: AlertSenderOptions): AlertSender {
  const { database, clock, log, timing, runJob } = options;
  const transport = createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 8,
    maxMessages: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const items = new LRUCache<number, AlertItem | false>({ max: 5000, ttl: 60_000 });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let wakeAgain = false;
  // Accepted messages are marked sent at the next turn of the event loop, together: the
  // messages of one parallel group share a commit, and the window between the mail
  // server's acceptance and the mark stays short. The marks run one after another, and the
  // next read of due messages (and stopping) waits for them, so a message marked late is
  // never read as still due.
  let accepted: number[] = [];
  let marking: Promise<void> = Promise.resolve();
  const flushAccepted = () => {
    if (accepted.length === 0) return;
    const ids = accepted;
    accepted = [];
    marking = marking
      .then(() => markMessagesSent(database, ids, clock.now().toISOString()))
      .catch((error: unknown) => {
        log.error({ err: error }, 'alert mail: could not mark sent messages');
      });
  };

  const itemOf = async (event: OutboxEvent): Promise<AlertItem | undefined> => {
    const cached = items.get(event.id);
    if (cached !== undefined) return cached || undefined;
    const kind = kindByCollection(event.collection);
    const record = kind && (await findRecordDetail(database, kind, event.recordId));
    const item =
      kind && record ? { kind, record, event: event.event, version: event.version } : undefined;
    items.set(event.id, item ?? false);
    return item;
  };

  const postedAt = new LRUCache<string, string | false>({ max: 5000, ttl: 60_000 });
  /** Whether a subscriber was confirmed when the event went out, or for a change, when the notice did: then it heard of it. */
  const heardOf = async (
    subscription: AlertSubscription,
    event: OutboxEvent,
    at: string,
  ): Promise<boolean> => {
    if (!subscription.confirmedAt) return false;
    if (event.event === 'posted') return subscription.confirmedAt <= (event.fannedOutAt ?? at);
    const key = `${event.collection}:${event.recordId}`;
    let posted = postedAt.get(key);
    if (posted === undefined) {
      posted = (await postingFannedOutAt(database, event.collection, event.recordId)) ?? false;
      postedAt.set(key, posted);
    }
    return posted !== false && subscription.confirmedAt <= posted;
  };

  // Subscribers with the same lists and keyword match the same events: matched once per
  // group of events (an import, a digest day) and setting, not once per subscriber.
  const bySettings = new LRUCache<string, OutboxEvent[]>({ max: 2000, ttl: 60_000 });
  /** The events of `scope` a subscription is told of: its lists and keyword, and that it heard of them. */
  const eventsFor = async (
    subscription: AlertSubscription,
    scope: string,
    events: readonly OutboxEvent[],
    at: string,
  ): Promise<OutboxEvent[]> => {
    const key = `${scope}\n${subscription.lists.join(',')}\n${subscription.keyword ?? ''}`;
    let candidates = bySettings.get(key);
    if (!candidates) {
      candidates = [];
      for (const event of events) {
        if (!coversList(subscription.lists, event.collection)) continue;
        const item = await itemOf(event);
        if (item && keywordMatches(item.kind, item.record, subscription.keyword)) {
          candidates.push(event);
        }
      }
      bySettings.set(key, candidates);
    }
    const heard: OutboxEvent[] = [];
    for (const event of candidates) if (await heardOf(subscription, event, at)) heard.push(event);
    return heard;
  };

  const batchesRead = new LRUCache<string, OutboxEvent[]>({ max: 8, ttl: 60_000 });
  /** The notices part of messages, by language, heading and events: built once for everyone told the same. */
  const bodies = new LRUCache<string, AlertBody>({ max: 200, ttl: 60_000 });
  const eventsOfBatch = async (batch: string): Promise<OutboxEvent[]> => {
    let events = batchesRead.get(batch);
    if (!events) batchesRead.set(batch, (events = await batchEvents(database, batch)));
    return events;
  };

  const digestMessage = (subscription: AlertSubscription, now: Date): NewMessage => {
    const due = nextDigestTime(now).toISOString();
    return {
      subscriptionId: subscription.id,
      dedupeKey: `digest:${subscription.id}:${due}`,
      kind: 'digest',
      dueAt: due,
    };
  };

  async function fanOutBatches(now: Date): Promise<void> {
    const at = now.toISOString();
    for (const batch of await readyBatches(
      database,
      new Date(now.getTime() - timing.staleBatchMs).toISOString(),
    )) {
      const events = (await batchEvents(database, batch)).filter(
        (event) => event.fannedOutAt === null,
      );
      let messages: NewMessage[] = [];
      for (const subscription of await confirmedSubscriptions(database)) {
        if ((await eventsFor(subscription, `fan-out ${batch}`, events, at)).length === 0) continue;
        messages.push(
          subscription.frequency === 'daily'
            ? digestMessage(subscription, now)
            : {
                subscriptionId: subscription.id,
                dedupeKey: `batch:${subscription.id}:${batch}`,
                kind: 'batch',
                batch,
                dueAt: at,
              },
        );
        if (messages.length >= FAN_OUT_CHUNK) {
          await fanOut(database, messages, undefined);
          messages = [];
          await yieldToRequests();
        }
      }
      await fanOut(database, messages, { eventIds: events.map((event) => event.id), at });
      await yieldToRequests();
    }
  }

  async function fanOutSingles(now: Date): Promise<void> {
    const at = now.toISOString();
    const events = await pendingSingleEvents(database, SINGLE_EVENTS_PER_ROUND);
    if (events.length === 0) return;
    const subscriptions = await confirmedSubscriptions(database);
    for (const event of events) {
      const told: AlertSubscription[] = [];
      for (const subscription of subscriptions) {
        if ((await eventsFor(subscription, `event ${event.id}`, [event], at)).length > 0) {
          told.push(subscription);
        }
      }
      const messages = told.map((subscription): NewMessage =>
        subscription.frequency === 'daily'
          ? digestMessage(subscription, now)
          : {
              subscriptionId: subscription.id,
              dedupeKey: `notice:${subscription.id}:${event.collection}:${event.recordId}:${event.version}`,
              kind: 'notice',
              outboxId: event.id,
              dueAt: at,
            },
      );
      await fanOut(database, messages, { eventIds: [event.id], at });
      await yieldToRequests();
    }
  }

  /** What a queued message says now; undefined when there is nothing left to say. */
  async function compose(
    message: QueuedMessage,
    now: Date,
  ): Promise<{ mail: ComposedMail; to: string; lang: Lang; unsubscribeUrl?: string } | undefined> {
    const subscription = await findSubscription(database, message.subscriptionId);
    if (!subscription) return undefined;
    // Everything in the message, and the pages its links open, in the subscriber's language.
    const { lang } = subscription;
    const link = (purpose: 'confirm' | 'manage' | 'unsubscribe', expires?: Date) =>
      `${options.siteUrl}${pathInLang(`/alerts/${purpose}/${options.tokens.sign(purpose, subscription, expires)}`, lang)}`;
    const site = { siteName: options.siteName, siteUrl: options.siteUrl, lang };
    const settings = subscription;
    if (message.kind === 'confirm') {
      if (subscription.confirmedAt) return undefined;
      const confirmUrl = link('confirm', new Date(now.getTime() + CONFIRM_LINK_MS));
      return { to: subscription.email, lang, mail: confirmationMail(site, settings, confirmUrl) };
    }
    let events: OutboxEvent[];
    let heading: AlertHeading | undefined;
    if (message.kind === 'notice') {
      const event =
        message.outboxId === null ? undefined : await findOutboxEvent(database, message.outboxId);
      events = event ? [event] : [];
    } else if (message.kind === 'batch') {
      const batch = message.batch ?? '';
      events = await eventsFor(subscription, `batch ${batch}`, await eventsOfBatch(batch), '');
      heading = events.length > 1 ? { type: 'import' } : undefined;
    } else {
      const end = new Date(message.dueAt);
      events = await eventsFor(
        subscription,
        `digest ${message.dueAt}`,
        await eventsFannedOutBetween(
          database,
          new Date(end.getTime() - DAY_MS).toISOString(),
          message.dueAt,
        ),
        '',
      );
      heading = { type: 'digest', dueAt: message.dueAt };
    }
    if (events.length === 0) return undefined;
    const bodyKey = `${lang}\n${JSON.stringify(heading ?? null)}\n${events.map((event) => event.id).join(',')}`;
    let body = bodies.get(bodyKey);
    if (!body) {
      const found: AlertItem[] = [];
      for (const event of events) {
        const item = await itemOf(event);
        if (item) found.push(item);
      }
      if (found.length === 0) return undefined;
      bodies.set(bodyKey, (body = alertBody(site, found, heading)));
    }
    const unsubscribeUrl = link('unsubscribe');
    const frame = { ...site, manageUrl: link('manage'), unsubscribeUrl };
    return {
      to: subscription.email,
      lang,
      unsubscribeUrl,
      mail: alertMail(frame, settings, body),
    };
  }

  /**
   * Hands one mail to the mail server: accepted; refused (this mail alone waits); or the
   * server cannot be reached, which is recorded so that nothing is tried before the backoff.
   */
  async function deliver(
    composed: { mail: ComposedMail; to: string; lang: Lang; unsubscribeUrl?: string },
    dedupeKey: string,
  ): Promise<
    'accepted' | 'unreachable' | { refused: unknown; text: string; responseCode: number }
  > {
    try {
      await transport.sendMail({
        from: options.from,
        // An address object: nodemailer takes it as it is, where a string would be parsed
        // again as an address header (display names, comments, lists).
        to: { name: '', address: composed.to },
        subject: composed.mail.subject,
        text: composed.mail.text,
        html: composed.mail.html,
        messageId: messageIdOf(dedupeKey, options.siteUrl),
        headers: {
          'Content-Language': composed.lang,
          ...(composed.unsubscribeUrl
            ? {
                'List-Unsubscribe': `<${composed.unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }
            : {}),
        },
      });
      return 'accepted';
    } catch (error) {
      const fault = error as { code?: string; responseCode?: number; message?: string };
      const text = fault.message ?? String(error);
      if (
        fault.responseCode === undefined ||
        fault.responseCode === 421 ||
        CONNECTION_FAULTS.has(fault.code ?? '')
      ) {
        const failures = (await readSenderState(database)).consecutiveFailures + 1;
        await recordServerDown(database, {
          at: clock.now().toISOString(),
          error: text,
          nextTryAt: new Date(clock.now().getTime() + backoff(timing, failures)).toISOString(),
        });
        log.warn(
          { err: error },
          'alert mail: the mail server cannot be reached; trying again later',
        );
        return 'unreachable';
      }
      return { refused: error, text, responseCode: fault.responseCode };
    }
  }

  /** Sends one message; answers false when the mail server itself cannot be reached. */
  async function send(message: QueuedMessage, now: Date): Promise<boolean> {
    // Each message is composed in its own turn of the event loop, so the pages asked for
    // meanwhile are served between two messages rather than after a whole group.
    await yieldToRequests();
    const composed = await compose(message, now);
    if (!composed) {
      await dropMessage(database, message.id);
      return true;
    }
    const delivery = await deliver(composed, message.dedupeKey);
    if (delivery === 'unreachable') return false;
    if (delivery !== 'accepted') {
      // Refused by the mail server (a bad address, a full mailbox): this message alone waits.
      const attempts = message.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS || (delivery.responseCode >= 500 && attempts >= 3);
      await markMessageAttempt(database, message.id, {
        error: delivery.text,
        nextAttemptAt: new Date(now.getTime() + backoff(timing, attempts)).toISOString(),
        failedAt: giveUp ? now.toISOString() : null,
      });
      log.warn(
        { err: delivery.refused, message: message.id },
        'alert mail refused by the mail server',
      );
      return true;
    }
    if (accepted.push(message.id) === 1) setImmediate(flushAccepted);
    return true;
  }

  /**
   * Mails the set-password links staff asked for (server/staff-accounts/password-reset.ts), before
   * any alert: someone is waiting for it. A link that stopped working meanwhile (used,
   * replaced, revoked by disabling, expired) is not sent; a refused mail is tried again,
   * with the same backoff, until its link expires. Answers false when the mail server
   * cannot be reached.
   */
  async function sendPasswordMail(now: Date, state: { consecutiveFailures: number }) {
    for (const mail of await duePasswordMail(
      database,
      now.toISOString(),
      PASSWORD_MAIL_PER_ROUND,
    )) {
      if (mail.state !== 'valid') {
        await forgetPasswordMail(database, mail.id);
        continue;
      }
      const token = options.tokens.passwordToken(mail.nonce);
      const url = `${options.siteUrl}${pathInLang(SET_PASSWORD_PATH, mail.lang)}?${new URLSearchParams({ token })}`;
      const site = { siteName: options.siteName, siteUrl: options.siteUrl, lang: mail.lang };
      const delivery = await deliver(
        {
          to: mail.email,
          lang: mail.lang,
          mail: passwordResetMail(site, { email: mail.email, url, expires: mail.expires }),
        },
        `password-link:${mail.linkId}`,
      );
      if (delivery === 'unreachable') return false;
      if (delivery === 'accepted') {
        await forgetPasswordMail(database, mail.id);
        if (state.consecutiveFailures > 0) {
          await recordServerUp(database);
          state.consecutiveFailures = 0;
        }
        continue;
      }
      await markPasswordMailAttempt(database, mail.id, {
        error: delivery.text,
        nextAttemptAt: new Date(now.getTime() + backoff(timing, mail.attempts + 1)).toISOString(),
      });
      log.warn({ err: delivery.refused }, 'set-password mail refused by the mail server');
    }
    return true;
  }

  /** Sends one group in parallel; every message the mail server took or answered for is `handled`. */
  async function sendGroup(
    group: readonly QueuedMessage[],
    now: Date,
    handled: Set<number>,
  ): Promise<boolean> {
    // Settled, not Promise.all: a failing message must not leave another one's acceptance
    // unrecorded while it is still on its way.
    const results = await Promise.allSettled(
      group.map(async (message) => {
        const reached = await send(message, now);
        if (reached) handled.add(message.id);
        return reached;
      }),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return results.every((result) => result.status === 'fulfilled' && result.value);
  }

  async function sendDue(now: Date): Promise<boolean> {
    const state = await readSenderState(database);
    if (state.nextTryAt && state.nextTryAt > now.toISOString()) return false;
    const passwordMail = { reached: true };
    await runJob('password-mail', async () => {
      passwordMail.reached = await sendPasswordMail(now, state);
    });
    if (!passwordMail.reached) return false;
    // Messages accepted in the last round are marked first, so none is read as due again.
    await marking;
    // Claimed on PostgreSQL: with several app processes on one database each sender takes
    // messages no other is sending (alert-messages.ts takeDueMessages).
    const claim = {
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
      limit: MESSAGES_PER_ROUND,
    };
    const due = await takeDueMessages(database, claim);
    const handled = new Set<number>();
    try {
      for (let first = 0; first < due.length; first += PARALLEL_SENDS) {
        if (!(await sendGroup(due.slice(first, first + PARALLEL_SENDS), now, handled))) {
          return false;
        }
        if (state.consecutiveFailures > 0) {
          await recordServerUp(database);
          state.consecutiveFailures = 0;
        }
        if (stopped) return false;
      }
    } finally {
      // What this round did not get to (the mail server went away, the server stops) is
      // due again at once for any sender, rather than when the lease runs out.
      const unsent = due.filter((message) => !handled.has(message.id)).map(({ id }) => id);
      await releaseClaims(database, unsent, { leaseUntil: claim.leaseUntil, dueAt: claim.now });
    }
    return due.length === MESSAGES_PER_ROUND;
  }

  let lastHousekeeping = -Infinity;
  async function runRound(): Promise<boolean> {
    const now = clock.now();
    // One process at a time fans out and cleans up: the digest of a day is made once.
    await runJob('alert-fan-out', async () => {
      if (Math.abs(now.getTime() - lastHousekeeping) >= HOUSEKEEPING_MS) {
        lastHousekeeping = now.getTime();
        await forgetUnconfirmed(
          database,
          new Date(now.getTime() - UNCONFIRMED_KEPT_MS).toISOString(),
        );
        await pruneSentMessages(database, new Date(now.getTime() - SENT_KEPT_MS).toISOString());
      }
      await fanOutBatches(now);
      await fanOutSingles(now);
    });
    return sendDue(now);
  }

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(start, ms);
  };

  function start(): void {
    if (round) {
      wakeAgain = true;
      return;
    }
    round = runRound()
      .then(
        (more) => more,
        (error: unknown) => {
          log.error({ err: error }, 'alert sender round failed; trying again');
          return false;
        },
      )
      .then((more) => {
        round = undefined;
        const again = more || wakeAgain;
        wakeAgain = false;
        schedule(again ? 0 : timing.pollMs);
      });
  }

  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
      flushAccepted();
      await marking;
      transport.close();
    },
  };
}
