import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { setAlertsEnabled } from '../../db/alerts/alert-messages.ts';
import {
  addSubscription,
  confirmSubscription,
  countSubscribeAttempt,
  deleteSubscription,
  findSubscription,
  updateSubscription,
  type AlertSubscription,
} from '../../db/alerts/alert-subscriptions.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import {
  parseAlertLang,
  parseAlertSettings,
  type AlertProblem,
  type AlertSettings,
  type AlertSubscriptionView,
} from '../../shared/alerts/alert-subscription.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { JobRunner } from '../serving-database.ts';
import {
  DEFAULT_ALERT_TIMING,
  startAlertSender,
  type AlertSender,
  type AlertTiming,
} from './alert-sender.ts';
import { alertTokens, type AlertTokenPurpose, type AlertTokens } from './alert-tokens.ts';
import { clientNetwork, parseMailAddress } from './mail-address.ts';

/** Per mailbox (case and +tag folded): a stranger's inbox gets at most this many confirmation requests a day. */
const PER_ADDRESS = { limit: 3, windowMs: 24 * 60 * 60 * 1000 };
/** Per client network (IPv4 /24, IPv6 /64): enough for a family or an office, not for a flood. */
const PER_CLIENT = { limit: 10, windowMs: 60 * 60 * 1000 };

/** What the subscribe form sends, as the route read it. */
export interface SubscribeForm {
  email: string | undefined;
  lists: string[];
  keyword: string | undefined;
  frequency: string | undefined;
}

/** What the manage form sends: the settings and the language of the e-mails (absent: unchanged). */
export interface ManageForm extends Omit<SubscribeForm, 'email'> {
  lang: string | undefined;
}

export type SubscribeOutcome =
  | { ok: true }
  | { ok: false; reason: 'invalid'; problems: AlertProblem[] }
  | { ok: false; reason: 'too-many' };

export type LinkOutcome =
  { ok: true; subscription: AlertSubscription } | { ok: false; reason: 'expired' | 'unknown' };

/** A confirmation link works once: used again, it says so and leads nowhere. */
export type ConfirmOutcome = LinkOutcome | { ok: false; reason: 'already-confirmed' };

export interface AlertService {
  /** `lang`: the language of the page the form was on, which the subscriber's mail is written in. */
  subscribe(form: SubscribeForm, lang: Lang, clientAddress: string): Promise<SubscribeOutcome>;
  /** The subscription a link names, if the link is genuine, of the purpose and not expired. */
  follow(token: string, purposes: readonly AlertTokenPurpose[]): Promise<LinkOutcome>;
  /** Confirms the subscription; the manage page's link is handed out to the first use only. */
  confirm(token: string): Promise<ConfirmOutcome>;
  update(
    token: string,
    form: ManageForm,
  ): Promise<LinkOutcome | { ok: false; reason: 'invalid'; problems: AlertProblem[] }>;
  unsubscribe(token: string): Promise<boolean>;
  /** A manage link for a subscription (after confirming, the page goes there). */
  manageToken(subscription: AlertSubscription): string;
  /**
   * The site's other mail rides on this sender: a forgotten staff password's link
   * (server/staff-accounts/password-reset.ts) derives its token and blinds its rate-limit keys with
   * these, and wakes the sender once its mail is queued.
   */
  readonly tokens: AlertTokens;
  wake(): void;
  stop(): Promise<void>;
}

/** A subscription as its manage link shows it (the page and the JSON route). */
export function subscriptionView(subscription: AlertSubscription): AlertSubscriptionView {
  const { email, lists, keyword, frequency, lang, confirmedAt } = subscription;
  return { email, lists, keyword, frequency, lang, confirmed: confirmedAt !== null };
}

/** The From of alert mail: MAIL_FROM, else alerts@ the site's own host. */
function mailFrom(config: Config, siteUrl: string, siteName: string): string {
  return (
    config.mailFrom ?? `"${siteName.replaceAll('"', '')}" <alerts@${new URL(siteUrl).hostname}>`
  );
}

/**
 * Bid alerts for the server: subscriptions by double opt-in and the sender loop. Undefined
 * (no forms, nothing queued) unless SMTP_URL and an address for links (SITE_URL) are set.
 */
export async function createAlertService(
  config: Config,
  {
    database,
    clock,
    log,
    siteName,
    timing,
    runJob = (_job, work) => work(),
  }: {
    database: SiteDatabase;
    clock: Clock;
    log: FastifyBaseLogger;
    siteName: string;
    timing?: Partial<AlertTiming>;
    /** Runs the sender's scheduled work in one app process at a time (server/serving-database.ts). */
    runJob?: JobRunner;
  },
): Promise<AlertService | undefined> {
  const { smtpUrl, siteUrl } = config;
  await setAlertsEnabled(database, Boolean(smtpUrl && siteUrl));
  if (!smtpUrl || !siteUrl) return undefined;
  const tokens: AlertTokens = alertTokens(config.dataDir);
  const sender: AlertSender = startAlertSender({
    database,
    clock,
    log,
    smtpUrl,
    from: mailFrom(config, siteUrl, siteName),
    siteUrl,
    siteName,
    tokens,
    timing: { ...DEFAULT_ALERT_TIMING, ...timing },
    runJob,
  });

  const follow: AlertService['follow'] = async (token, purposes) => {
    const read = tokens.read(token);
    const subscription = read && (await findSubscription(database, read.id));
    if (
      !read ||
      !subscription ||
      !purposes.some((purpose) => tokens.verify(token, purpose, subscription))
    ) {
      return { ok: false, reason: 'unknown' };
    }
    if (read.expires !== null && read.expires < clock.now().getTime())
      return { ok: false, reason: 'expired' };
    return { ok: true, subscription };
  };

  const settingsOf = (form: Omit<SubscribeForm, 'email'>) => parseAlertSettings(form);

  return {
    async subscribe(form, lang, clientAddress) {
      const email = parseMailAddress(form.email);
      const settings = settingsOf(form);
      const problems: AlertProblem[] = [
        ...(email ? [] : ['email' as const]),
        ...(settings.ok ? [] : settings.problems),
      ];
      if (!email || !settings.ok) return { ok: false, reason: 'invalid', problems };
      const now = clock.now();
      const since = (windowMs: number) => new Date(now.getTime() - windowMs).toISOString();
      const allowed = await countSubscribeAttempt(database, {
        now: now.toISOString(),
        pruneBefore: since(PER_ADDRESS.windowMs),
        keys: [
          {
            key: tokens.blind(`email:${email.mailbox}`),
            limit: PER_ADDRESS.limit,
            since: since(PER_ADDRESS.windowMs),
          },
          {
            key: tokens.blind(`client:${clientNetwork(clientAddress)}`),
            limit: PER_CLIENT.limit,
            since: since(PER_CLIENT.windowMs),
          },
        ],
      });
      if (!allowed) return { ok: false, reason: 'too-many' };
      await addSubscription(database, {
        email: email.address,
        ...(settings.value satisfies AlertSettings),
        lang,
        nonce: randomBytes(16).toString('hex'),
        now: now.toISOString(),
      });
      sender.wake();
      return { ok: true };
    },
    follow,
    async confirm(token) {
      const outcome = await follow(token, ['confirm']);
      if (!outcome.ok) return outcome;
      // Whoever holds a used confirmation link (a forwarded mail, a mail scanner's log)
      // gets no manage link from it: that comes once, to the first use. A repeat subscribe
      // confirms onto the address's existing subscription: answer that one.
      const subscription = await confirmSubscription(
        database,
        outcome.subscription.id,
        clock.now().toISOString(),
      );
      if (subscription === 'already-confirmed') return { ok: false, reason: 'already-confirmed' };
      return subscription ? { ok: true, subscription } : { ok: false, reason: 'unknown' };
    },
    async update(token, form) {
      const outcome = await follow(token, ['manage']);
      if (!outcome.ok) return outcome;
      const settings = settingsOf(form);
      const lang = parseAlertLang(form.lang, outcome.subscription.lang);
      const problems: AlertProblem[] = [
        ...(settings.ok ? [] : settings.problems),
        ...(lang ? [] : ['lang' as const]),
      ];
      if (!settings.ok || !lang) return { ok: false, reason: 'invalid', problems };
      const changed = { ...settings.value, lang };
      await updateSubscription(database, outcome.subscription.id, changed);
      return { ok: true, subscription: { ...outcome.subscription, ...changed } };
    },
    async unsubscribe(token) {
      const outcome = await follow(token, ['unsubscribe', 'manage']);
      return outcome.ok && (await deleteSubscription(database, outcome.subscription.id));
    },
    manageToken: (subscription) => tokens.sign('manage', subscription),
    tokens,
    wake: () => sender.wake(),
    stop: () => sender.stop(),
  };
}
