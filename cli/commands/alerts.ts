import type { Command } from 'commander';
import {
  alertQueueStats,
  readSenderState,
  retryFailedMessages,
} from '../../db/alerts/alert-messages.ts';
import { subscriptionCounts } from '../../db/alerts/alert-subscriptions.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { withSiteDatabase } from '../database.ts';
import { formatTable, manilaCell } from '../table.ts';

/** Everything `alerts stats` reports, also as --json. */
async function gatherStats(database: Parameters<typeof alertQueueStats>[0]) {
  return {
    sender: await readSenderState(database),
    queue: await alertQueueStats(database),
    subscriptions: await subscriptionCounts(database),
  };
}

function when(iso: string | null): string {
  return iso ? manilaCell(iso) : 'never';
}

/**
 * Whether alerts are on, from the configuration the server reads (SMTP_URL and an address
 * for links, through the same loadConfig) and from what the server recorded at its last
 * start; the two differ only when one of them was started with other settings, which is
 * then said.
 */
function alertsLine(configured: boolean, serverStarted: boolean, config: Config): string {
  if (configured && serverStarted) return 'Alerts: on (SMTP_URL is set; the server sends)';
  if (configured)
    return 'Alerts: on (SMTP_URL is set; the server has not started since, and sends once it does)';
  if (serverStarted)
    return 'Alerts: on (the server was started with SMTP_URL; this shell does not set it)';
  if (config.smtpUrl)
    return 'Alerts: off (SMTP_URL is set but SITE_URL is not: alert links need the public address)';
  return 'Alerts: off (SMTP_URL is not set)';
}

async function stats(self: Command, options: { json?: boolean }): Promise<void> {
  const config = loadConfig();
  const configured = Boolean(config.smtpUrl && config.siteUrl);
  await withSiteDatabase(self, async (database) => {
    const { sender, queue, subscriptions } = await gatherStats(database);
    if (options.json) {
      process.stdout.write(
        `${JSON.stringify({ configured, sender, queue, subscriptions }, null, 2)}\n`,
      );
      return;
    }
    const lines = [
      alertsLine(configured, sender.enabled, config),
      `Mail server: ${
        sender.serverDownSince
          ? `UNREACHABLE since ${when(sender.serverDownSince)}, next try ${when(sender.nextTryAt)}: ${sender.lastError ?? ''}`
          : 'reachable at the last try'
      }`,
      `Last message accepted: ${when(sender.lastSendAt)}`,
      `Outbox: ${queue.outboxPending} record events waiting to be matched; ${queue.messagesWaiting} messages waiting to be sent; ${queue.messagesSent} sent`,
      `Failures: ${queue.messagesFailed} messages given up${queue.messagesFailed > 0 ? ' (municipal alerts retry sends them again)' : ''}${queue.lastFailure ? `; last error: ${queue.lastFailure}` : ''}`,
      '',
    ];
    process.stdout.write(lines.join('\n'));
    process.stdout.write(
      subscriptions.length === 0
        ? 'No subscriptions.\n'
        : formatTable([
            ['LIST', 'CONFIRMED', 'UNCONFIRMED'],
            ...subscriptions.map((row) => [
              row.list,
              String(row.confirmed),
              String(row.unconfirmed),
            ]),
          ]),
    );
  });
}

async function retry(self: Command): Promise<void> {
  await withSiteDatabase(self, async (database) => {
    const retried = await retryFailedMessages(database, new Date().toISOString());
    process.stdout.write(
      `${retried} ${retried === 1 ? 'message' : 'messages'} will be tried again at the server's next round (within seconds); a mail server thought down is tried at once.\n`,
    );
  });
}

export function registerAlerts(program: Command): void {
  const alerts = program
    .command('alerts')
    .description('Bid alerts by e-mail: the subscriptions, the outbox and the mail server.');
  alerts
    .command('stats')
    .description(
      'Subscriptions by list (counts only, never addresses), outbox depth, last send and failures.',
    )
    .option('--json', 'print as JSON')
    .action(async (options: { json?: boolean }, self: Command) => stats(self, options));
  alerts
    .command('retry')
    .description(
      'Try again now every message given up or waiting for a retry, and a mail server thought down.',
    )
    .action(async (_options: unknown, self: Command) => retry(self));
}
