import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { startWalCheckpoints, type WalCheckpointer } from '../../db/wal-checkpoints.ts';
import { createTestApp } from '../helpers/test-app.ts';

/** SQLite's default wal_autocheckpoint, in pages. */
const AUTOCHECKPOINT_PAGES = 1000;
/** Long enough that only the test asks for checkpoints. */
const NEVER_MS = 3_600_000;

function collectingLog() {
  const lines = { debug: [] as string[], warn: [] as string[], error: [] as string[] };
  return {
    lines,
    log: {
      debug: (message: string) => lines.debug.push(message),
      warn: (message: string) => lines.warn.push(message),
      error: (_details: { err: unknown }, message: string) => lines.error.push(message),
    },
  };
}

/** About `transactions` × 12 pages of WAL, each transaction committed on its own as a staff write is. */
function write(database: AppDatabase, transactions: number) {
  const insert = database.sqlite.prepare('INSERT INTO filler (bytes) VALUES (randomblob(3000))');
  const commit = database.sqlite.transaction(() => {
    for (let row = 0; row < 10; row++) insert.run();
  });
  for (let index = 0; index < transactions; index++) commit();
}

describe('WAL checkpoints off the event loop', () => {
  let dir: string;
  let file: string;
  let database: AppDatabase;
  let checkpointer: WalCheckpointer | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-wal-'));
    file = databasePath(dir);
    database = await openMigratedDatabase(file);
    database.sqlite.exec('CREATE TABLE filler (bytes BLOB)');
  });

  afterEach(async () => {
    await checkpointer?.stop();
    checkpointer = undefined;
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("leaves the server's connection without automatic checkpoints, and the worker copies the WAL", async () => {
    const { log } = collectingLog();
    checkpointer = await startWalCheckpoints(database.sqlite, file, { log, intervalMs: NEVER_MS });
    expect(database.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    write(database, 300);
    const report = await checkpointer.checkpoint();
    // An automatic checkpoint would have run at the first commit past 1,000 pages, and the
    // next write would have started the WAL over: every frame written is still there.
    expect(report.walFrames).toBeGreaterThan(3 * AUTOCHECKPOINT_PAGES);
    expect(report).toMatchObject({ mode: 'PASSIVE', busy: false });
    expect(report.checkpointedFrames).toBe(report.walFrames);
  });

  it('is what keeps the WAL short: a connection with the default checkpoints by itself', async () => {
    write(database, 300);
    const other = openDatabase(file);
    try {
      const [row] = other.sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
      expect(row!.log).toBeLessThan(2 * AUTOCHECKPOINT_PAGES);
    } finally {
      await other.close();
    }
  });

  it('checkpoints on its timer, and the WAL is written over from its start afterwards', async () => {
    const { log, lines } = collectingLog();
    checkpointer = await startWalCheckpoints(database.sqlite, file, { log, intervalMs: 20 });
    write(database, 100);
    await vi.waitFor(() => expect(lines.debug.join('\n')).toMatch(/PASSIVE: [1-9]\d* of/), {
      timeout: 20_000,
      interval: 20,
    });
    const walBytes = statSync(`${file}-wal`).size;
    for (let round = 0; round < 5; round++) {
      await checkpointer.checkpoint();
      write(database, 100);
    }
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(walBytes);
  });

  it('empties a WAL grown past the limit once no reader is using it', async () => {
    const { log, lines } = collectingLog();
    checkpointer = await startWalCheckpoints(database.sqlite, file, {
      log,
      intervalMs: NEVER_MS,
      truncateAboveBytes: 100_000,
      busyTimeoutMs: 10,
    });
    write(database, 50);
    const reader = openDatabase(file);
    try {
      // A reader's snapshot keeps the frames written after it in the WAL.
      reader.sqlite.exec('BEGIN');
      reader.sqlite.prepare('SELECT count(*) FROM filler').get();
      write(database, 50);
      const held = await checkpointer.checkpoint();
      expect(held).toMatchObject({ mode: 'TRUNCATE', busy: true });
      expect(held.walBytes).toBeGreaterThan(100_000);
      expect(lines.warn.join('\n')).toMatch(/kept it from being emptied/);
      reader.sqlite.exec('COMMIT');
    } finally {
      await reader.close();
    }
    const emptied = await checkpointer.checkpoint();
    expect(emptied).toMatchObject({ mode: 'TRUNCATE', busy: false, walBytes: 0 });
    expect(statSync(`${file}-wal`).size).toBe(0);
    expect(database.sqlite.prepare('SELECT count(*) AS rows FROM filler').get()).toEqual({
      rows: 1000,
    });
  });

  it("logs a worker that dies and gives the server's connection its own checkpoints back", async () => {
    const { log, lines } = collectingLog();
    // The worker cannot open a file that is not there: it throws as it starts.
    checkpointer = await startWalCheckpoints(database.sqlite, path.join(dir, 'gone', 'x.sqlite'), {
      log,
    });
    await vi.waitFor(() => expect(lines.error).toHaveLength(1), { timeout: 20_000, interval: 20 });
    expect(lines.error[0]).toMatch(/WAL checkpoint worker crashed/);
    expect(database.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(
      AUTOCHECKPOINT_PAGES,
    );
    await expect(checkpointer.checkpoint()).rejects.toThrow(/not running/);
    write(database, 10);
  });
});

describe('the server with its checkpoint worker', () => {
  it('checkpoints what the server wrote, and closes both connections when it closes', async () => {
    const logLines: string[] = [];
    const testApp = await createTestApp(
      { LOG_LEVEL: 'debug' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
    const file = databasePath(testApp.config.dataDir);
    try {
      expect((await testApp.app.inject('/api/records/notice_of_awards')).statusCode).toBe(200);
      // Migrations and the demo records went into the WAL as the server started.
      await vi.waitFor(
        () => expect(logLines.join('')).toMatch(/WAL checkpoint PASSIVE: [1-9]\d* of/),
        { timeout: 20_000, interval: 50 },
      );
      expect(existsSync(`${file}-wal`)).toBe(true);
      await testApp.app.close();
      // The last connection to close checkpoints and removes the WAL: the worker's is closed too.
      expect(existsSync(`${file}-wal`)).toBe(false);
    } finally {
      await testApp.close();
    }
  });
});
