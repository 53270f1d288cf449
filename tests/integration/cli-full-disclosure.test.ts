import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDF, sha256Of } from '../helpers/document-bytes.ts';
import { OPERATOR, useWorkspace } from './cli-harness.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/full-disclosure');

describe('municipal full-disclosure import', { timeout: 180_000 }, () => {
  const space = useWorkspace({ operator: true });

  /** The archive folder: files under 2024/ and an index. */
  async function archive(index: string, files: Record<string, Buffer>) {
    const folder = path.join(space.dir, 'fdp-archive');
    for (const [name, bytes] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
      await writeFile(path.join(folder, name), bytes);
    }
    await writeFile(path.join(folder, 'index.csv'), index);
    return folder;
  }

  function postings() {
    const database = space.database();
    try {
      return database.sqlite
        .prepare(
          `SELECT p.document_type, p.year, p.quarter, f.version, f.sha256, f.posted_at, f.reason
           FROM full_disclosure_postings p JOIN full_disclosure_files f ON f.posting_id = p.id
           ORDER BY p.document_type, p.quarter, f.version`,
        )
        .all();
    } finally {
      void database.close();
    }
  }

  it('posts every file of the index, each with its audit entry, and skips them when run again', async () => {
    const xlsx = await readFile(path.join(FIXTURES, 'sef-utilization-q1.xlsx'));
    const folder = await archive(
      [
        'type,year,quarter,file,posted',
        'annual-budget-report,2024,,2024/abr-2024.pdf,2024-01-12',
        'sef-utilization,2024,1,2024/sef q1.xlsx,2024-04-20',
      ].join('\r\n'),
      { '2024/abr-2024.pdf': PDF, '2024/sef q1.xlsx': xlsx },
    );
    const run = await space.run(['full-disclosure', 'import', folder, '--as', OPERATOR]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Posted 2 of 2 documents');
    expect(postings()).toEqual([
      {
        document_type: 'annual-budget-report',
        year: 2024,
        quarter: null,
        version: 1,
        sha256: sha256Of(PDF),
        posted_at: '2024-01-11T16:00:00.000Z',
        reason: null,
      },
      {
        document_type: 'sef-utilization',
        year: 2024,
        quarter: 1,
        version: 1,
        sha256: sha256Of(xlsx),
        posted_at: '2024-04-19T16:00:00.000Z',
        reason: null,
      },
    ]);
    const database = space.database();
    try {
      const audit = database.sqlite
        .prepare("SELECT actor, detail FROM audit_log WHERE action = 'full-disclosure-posted'")
        .all() as { actor: string; detail: string }[];
      expect(audit.map((entry) => JSON.parse(entry.detail))).toEqual([
        expect.objectContaining({
          role: 'transparency',
          source: 'import',
          importedFrom: '2024/abr-2024.pdf',
        }),
        expect.objectContaining({
          role: 'transparency',
          source: 'import',
          importedFrom: '2024/sef q1.xlsx',
        }),
      ]);
    } finally {
      await database.close();
    }

    const again = await space.run(['full-disclosure', 'import', folder, '--as', OPERATOR]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Posted 0 of 2 documents (2 already posted)');
    expect(postings()).toHaveLength(2);
  });

  it('reports every bad row by its line and writes nothing', async () => {
    const folder = await archive(
      [
        'type,year,quarter,file',
        'annual-budget-report,2024,,2024/abr-2024.pdf',
        'no-such-report,2024,,2024/abr-2024.pdf',
        'sef-utilization,2024,,2024/abr-2024.pdf',
        'manpower-complement,2024,2,2024/letter.docx',
        'ldrrmf-utilization,2024,3,../outside.pdf',
        'trust-fund-utilization,2024,4,2024/missing.pdf',
        'annual-budget-report,2024,,2024/abr-2024.pdf',
      ].join('\n'),
      {
        '2024/abr-2024.pdf': PDF,
        '2024/letter.docx': await readFile(path.join(FIXTURES, 'letter.docx')),
      },
    );
    const run = await space.run(['full-disclosure', 'import', folder, '--as', OPERATOR]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines.slice(0, 6)).toEqual([
      expect.stringMatching(/^index\.csv line 3: type "no-such-report" is not in content/),
      expect.stringMatching(/^index\.csv line 4: SEF Utilization is posted every quarter/),
      expect.stringMatching(/^index\.csv line 5: .*letter\.docx is not a PDF or XLSX file/),
      expect.stringMatching(/^index\.csv line 6: file "\.\.\/outside\.pdf" must be a path inside/),
      expect.stringMatching(/^index\.csv line 7: no such file: .*missing\.pdf/),
      'index.csv line 8: the same document and period as line 2',
    ]);
    expect(run.stderr).toContain('6 of 7 rows');
    expect(run.stderr).toContain('nothing was imported');
    expect(postings()).toEqual([]);
  });

  it('takes a different file for a posted period only as a correction with a reason', async () => {
    const corrected = Buffer.concat([PDF, Buffer.from('% corrected\n')]);
    const first = await archive('type,year,quarter,file\nannual-budget-report,2024,,abr.pdf\n', {
      'abr.pdf': PDF,
    });
    expect((await space.run(['full-disclosure', 'import', first, '--as', OPERATOR])).code).toBe(0);

    await writeFile(path.join(first, 'abr-corrected.pdf'), corrected);
    /** Imports the folder again with `index` as its corrections.csv. */
    const importCorrections = async (index: string) => {
      await writeFile(path.join(first, 'corrections.csv'), index);
      return space.run([
        'full-disclosure',
        'import',
        first,
        '--index',
        'corrections.csv',
        '--as',
        OPERATOR,
      ]);
    };
    const refused = await importCorrections(
      'type,year,quarter,file\nannual-budget-report,2024,,abr-corrected.pdf\n',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('give a reason column');

    const done = await importCorrections(
      'type,year,quarter,file,reason\nannual-budget-report,2024,,abr-corrected.pdf,Page 3 was missing\n',
    );
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(postings()).toEqual([
      expect.objectContaining({ version: 1, sha256: sha256Of(PDF), reason: null }),
      expect.objectContaining({
        version: 2,
        sha256: sha256Of(corrected),
        reason: 'Page 3 was missing',
      }),
    ]);
  });
});
