import { describe, expect, it } from 'vitest';
import { cli, seedAlertQueue, useWorkspace } from './cli-harness.ts';

describe('municipal alerts', () => {
  const space = useWorkspace();

  it('stats: counts subscriptions by list, never addresses, and the outbox and failures; retry: tries again', async () => {
    expect((await space.run(['db', 'migrate'])).code).toBe(0);
    const database = space.database();
    try {
      await seedAlertQueue(database, new Date().toISOString());
    } finally {
      await database.close();
    }

    const stats = await space.run(['alerts', 'stats']);
    expect(stats.code, stats.stderr).toBe(0);
    expect(stats.stdout).toMatch(/Alerts: off/);
    expect(stats.stdout).toMatch(/Last message accepted: never/);
    expect(stats.stdout).toMatch(/1 messages given up/);
    expect(stats.stdout).toContain('550 mailbox unavailable');
    expect(stats.stdout).toMatch(/svp\s+1\s+0/);
    expect(stats.stdout).toMatch(/all\s+0\s+1/);
    expect(stats.stdout).not.toContain('@example.com');

    const json = JSON.parse((await space.run(['alerts', 'stats', '--json'])).stdout);
    expect(json.queue).toMatchObject({ messagesWaiting: 1, messagesFailed: 1 });

    const retry = await space.run(['alerts', 'retry']);
    expect(retry.code, retry.stderr).toBe(0);
    expect(retry.stdout).toMatch(/^1 message will be tried again/);
    const after = JSON.parse((await space.run(['alerts', 'stats', '--json'])).stdout);
    expect(after.queue).toMatchObject({ messagesWaiting: 2, messagesFailed: 0 });
  });

  it('stats reads the configuration the server reads: SMTP_URL set means alerts on', async () => {
    expect((await space.run(['db', 'migrate'])).code).toBe(0);
    const env = { SMTP_URL: 'smtp://mail.example.gov.ph:587', SITE_URL: '', HOST: '127.0.0.1' };
    const on = await cli(space.dataDir, ['alerts', 'stats'], undefined, env);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toMatch(/^Alerts: on \(SMTP_URL is set/m);
    const json = await cli(space.dataDir, ['alerts', 'stats', '--json'], undefined, env);
    expect(JSON.parse(json.stdout)).toMatchObject({ configured: true });
    const off = await cli(space.dataDir, ['alerts', 'stats'], undefined, { SMTP_URL: '' });
    expect(off.stdout).toMatch(/^Alerts: off \(SMTP_URL is not set\)/m);
  });
});
