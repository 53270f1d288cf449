import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { freePort, startServer } from '../helpers/server-process.ts';
import { startInbox, type TestInbox } from '../helpers/smtp-inbox.ts';

/** A production server of the spec's own, with mail on, and the inbox its mail reaches. */
export interface MailServer {
  inbox: TestInbox;
  server: ReturnType<typeof startServer>;
  dataDir: string;
  /** The server's address, e.g. http://127.0.0.1:41234, for page.goto(`${base}/alerts`). */
  base: string;
}

/**
 * The shared e2e server runs without SMTP_URL, so it hides the alert forms. A spec (or
 * describe block) that needs them calls this where it declares its tests: before its tests
 * a production server starts on a scratch data folder (named from `prefix`) with SMTP_URL
 * pointing at a real SMTP server here (and `env` added); after them both stop and the folder
 * goes. The answer's fields are set once the tests run.
 */
export function useMailServer(prefix: string, env: Record<string, string> = {}): MailServer {
  const running = {} as MailServer;
  test.beforeAll(async () => {
    running.inbox = await startInbox();
    running.dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
    const port = await freePort();
    running.base = `http://127.0.0.1:${port}`;
    running.server = startServer(running.dataDir, {
      port,
      env: { SMTP_URL: running.inbox.url, ...env },
    });
    await running.server.listening;
  });
  test.afterAll(async () => {
    running.server?.child.kill('SIGTERM');
    await running.server?.exited;
    await running.inbox?.close();
    if (running.dataDir) await rm(running.dataDir, { recursive: true, force: true });
  });
  return running;
}
