import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databasePath } from '../../db/connection.ts';
import { freePort, startServer } from '../helpers/server-process.ts';

/**
 * A server told to serve from PostgreSQL it cannot use says so in one line, with what to
 * check, and exits 1: no stack trace for an operator's setting, and no falling back to
 * DATA_DIR's SQLite file.
 */
describe('starting on a PostgreSQL database that cannot be used', { timeout: 60_000 }, () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-pg-start-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says in one line that the server cannot be reached, and makes no SQLite file', async () => {
    const server = startServer(dataDir, {
      port: await freePort(),
      env: { DATABASE_URL: 'postgres://municipal:secret@127.0.0.1:1/municipal' },
    });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    const lines = exit.stderr.trim().split('\n');
    expect(lines).toEqual([
      'The PostgreSQL database postgres://municipal:***@127.0.0.1:1/municipal cannot be reached (connect ECONNREFUSED 127.0.0.1:1): check DATABASE_URL and that the server runs.',
    ]);
    expect(exit.stderr).not.toContain('secret');
    expect(exit.stdout).not.toContain('secret');
    expect(existsSync(databasePath(dataDir))).toBe(false);
  });
});
