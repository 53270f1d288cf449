import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import { OPERATOR, startSvpImport, svpCsv, useWorkspace } from './cli-harness.ts';

const ROWS = 60_000;
const BATCH = 7;

function count(database: AppDatabase): number {
  return (database.sqlite.prepare('SELECT count(*) AS n FROM svp').get() as { n: number }).n;
}

/** Waits until the import has committed at least one batch, as a reader beside it sees it. */
async function firstBatchCommitted(database: AppDatabase): Promise<number> {
  for (;;) {
    const committed = count(database);
    if (committed > 0) return committed;
    await sleep(5);
  }
}

describe('an interrupted import', { timeout: 180_000 }, () => {
  const space = useWorkspace({ operator: true });
  let file: string;
  beforeEach(async () => {
    file = await space.file('svp.csv', svpCsv(ROWS));
  });

  it('killed outright, leaves whole batches only', async () => {
    const { child, done } = startSvpImport(space, file, BATCH, '--quiet');
    const reader = openDatabase(databasePath(space.dataDir));
    try {
      await firstBatchCommitted(reader);
      child.kill('SIGKILL');
      expect((await done).signal).toBe('SIGKILL');
      const committed = count(reader);
      expect(committed).toBeGreaterThan(0);
      expect(committed).toBeLessThan(ROWS);
      expect(committed % BATCH).toBe(0);
    } finally {
      await reader.close();
    }
  });

  it('stopped with Ctrl-C, commits whole batches, says how far it got, exits 130 and is audited', async () => {
    const { child, done } = startSvpImport(space, file, BATCH, '--json');
    const reader = openDatabase(databasePath(space.dataDir));
    try {
      await firstBatchCommitted(reader);
      child.kill('SIGINT');
      const result = await done;
      expect(result.code).toBe(130);
      const summary = JSON.parse(result.stdout) as {
        outcome: string;
        imported: number;
        interruptedBy: string;
      };
      expect(summary).toMatchObject({ outcome: 'interrupted', interruptedBy: 'SIGINT' });
      const committed = count(reader);
      expect(summary.imported).toBe(committed);
      expect(committed).toBeLessThan(ROWS);
      expect(committed % BATCH).toBe(0);
      const audit = reader.sqlite
        .prepare("SELECT actor, detail FROM audit_log WHERE action = 'import'")
        .all() as {
        actor: string;
        detail: string;
      }[];
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor).toBe(OPERATOR);
      expect(JSON.parse(audit[0]!.detail)).toMatchObject({
        outcome: 'interrupted',
        imported: committed,
      });
    } finally {
      await reader.close();
    }
  });
});
