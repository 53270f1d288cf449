import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordKinds } from '../../shared/record-kinds.ts';
import { OPERATOR, rowsIn, useWorkspace } from './cli-harness.ts';

const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/import/firestore-export.json',
);

const expectedCounts: Record<string, number> = {
  notice_of_awards: 2,
  notice_to_proceed: 1,
  bid_bulletin: 1,
  public_bidding: 2,
  svp: 1,
  reports: 1,
  two_failed_bidding: 1,
  shopping_bidding: 1,
};

describe('import-firestore', { timeout: 180_000 }, () => {
  const space = useWorkspace({ operator: true });

  it("imports every collection of the original site's export, with its created times, once", async () => {
    const result = await space.run(['import-firestore', fixture, '--as', OPERATOR, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      outcome: 'completed',
      rowsRead: 10,
      imported: 10,
      rejected: 0,
    });
    for (const kind of recordKinds) {
      expect(await rowsIn(space, kind.collection), kind.collection).toHaveLength(
        expectedCounts[kind.collection]!,
      );
    }
    const awards = await rowsIn(space, 'notice_of_awards');
    expect(awards.map((row) => row.created)).toEqual([
      '2024-03-05T07:07:09.000Z',
      '2024-04-12T01:30:00.000Z',
    ]);
    expect(awards[0]).toMatchObject({
      supplier: 'Bayanihan Builders, Inc.',
      pr_number: 'PR-2024-03-017',
    });
    expect((await rowsIn(space, 'notice_to_proceed'))[0]!.created).toBe('2024-03-20T02:00:00.000Z');
    expect((await rowsIn(space, 'bid_bulletin'))[0]!.addenddum_number).toBe(
      'Supplemental Bid Bulletin No. 1',
    );

    const again = await space.run(['import-firestore', fixture, '--as', OPERATOR, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, duplicates: 10 });
  });

  it('refuses an export with a collection this site does not have, writing nothing', async () => {
    const exported = JSON.parse(await readFile(fixture, 'utf8')) as Record<string, unknown>;
    const file = await space.file(
      'export.json',
      JSON.stringify({ ...exported, bac_members: [{ name: 'x' }] }),
    );
    const result = await space.run(['import-firestore', file, '--as', OPERATOR]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('collection "bac_members"');
    expect(result.stderr).toContain('notice_of_awards');
    for (const kind of recordKinds) expect(await rowsIn(space, kind.collection)).toEqual([]);
  });

  it('names a bad document by collection and id, and --skip-invalid keeps the good ones', async () => {
    const file = await space.file(
      'export.json',
      JSON.stringify({
        svp: {
          good: { pr_number: 'PR-1', project_title: 'Good', link: 'https://example.org/1.pdf' },
          bad: { pr_number: 'PR-2', project_title: 'Bad', link: 'javascript:alert(1)' },
        },
        reports: [{ title: 'No link', report_description: 'x' }],
      }),
    );
    const refused = await space.run(['import-firestore', file, '--as', OPERATOR]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('svp/bad, link:');
    expect(refused.stderr).toContain('reports[0], link: is required');
    expect(await rowsIn(space, 'svp')).toEqual([]);

    const skipped = await space.run([
      'import-firestore',
      file,
      '--as',
      OPERATOR,
      '--skip-invalid',
      '--json',
    ]);
    expect(JSON.parse(skipped.stdout)).toMatchObject({ imported: 1, rejected: 2 });
    const rejects = (await readFile(`${file}.rejects.ndjson`, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(rejects).toMatchObject([
      { collection: 'svp', document: 'bad', row: { pr_number: 'PR-2' } },
      { collection: 'reports', document: '[0]' },
    ]);
  });
});
