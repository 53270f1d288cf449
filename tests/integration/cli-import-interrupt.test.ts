import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databasePath, openDatabase, type AppDatabase } from '../../db/connection.ts';
import { addOperator, OPERATOR, startCli, workspace, type Workspace } from './cli-harness.ts';

const ROWS = 60_000;
const BATCH = 7;

function bigCsv(rows: number): string {
  const lines = ['pr_number,project_title,link'];
  for (let i = 0; i < rows; i++)
    lines.push(`PR-${i},"Project ${i}, lot ${i % 13}",https://example.org/svp/${i}.pdf`);
  return lines.join('\n') + '\n';
}

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
  let space: Workspace;
  let file: string;
  beforeEach(async () => {
    space = await workspace();
    await addOperator(space);
    file = await space.file('svp.csv', bigCsv(ROWS));
  });
  afterEach(async () => {
    await space.cleanup();
  });

  it('killed outright, leaves whole batches only', async () => {
    const { child, done } = startCli(space.dataDir, [
      'import',
      'svp',
      file,
      '--as',
      OPERATOR,
      '--batch-size',
      String(BATCH),
      '--quiet',
    ]);
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
    const { child, done } = startCli(space.dataDir, [
      'import',
      'svp',
      file,
      '--as',
      OPERATOR,
      '--batch-size',
      String(BATCH),
      '--json',
    ]);
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
