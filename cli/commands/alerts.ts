import type { Command } from 'commander';
import { alertQueueStats, readSenderState, retryFailedMessages } from '../../db/alert-messages.ts';
import { subscriptionCounts } from '../../db/alert-subscriptions.ts';
import { withDatabase } from '../database.ts';
import { formatTable, manilaCell } from '../table.ts';

/** Everything `alerts stats` reports, also as --json. */
function gatherStats(database: Parameters<typeof alertQueueStats>[0]) {
  return {
    sender: readSenderState(database),
    queue: alertQueueStats(database),
    subscriptions: subscriptionCounts(database),
  };
}

function when(iso: string | null): string {
  return iso ? `${manilaCell(iso)} (Manila)` : 'never';
}

async function stats(self: Command, options: { json?: boolean }): Promise<void> {
  await withDatabase(self, async (database) => {
    const { sender, queue, subscriptions } = gatherStats(database);
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ sender, queue, subscriptions }, null, 2)}\n`);
      return;
    }
    const lines = [
      `Alerts: ${sender.enabled ? 'on (the server has SMTP_URL)' : 'off (the server runs without SMTP_URL, or has not started since it was set)'}`,
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
  await withDatabase(self, async (database) => {
    const retried = retryFailedMessages(database, new Date().toISOString());
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
