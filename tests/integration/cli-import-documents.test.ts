import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { EXE, PDF, PNG, sha256Of } from '../helpers/document-bytes.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { OPERATOR, rowsIn, useWorkspace } from './cli-harness.ts';

function summary(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('import with a document column', { timeout: 180_000 }, () => {
  const space = useWorkspace({ operator: true });
  let documents: string;
  beforeEach(async () => {
    documents = path.join(space.dataDir, 'documents');
    await mkdir(path.join(space.dir, 'notices'));
  });

  const importCsv = (file: string, ...extra: string[]) =>
    space.run(['import', 'svp', file, '--as', OPERATOR, '--json', '--quiet', ...extra]);

  async function query<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    const database = space.database();
    try {
      return database.sqlite.prepare(sql).all(...params) as T[];
    } finally {
      await database.close();
    }
  }

  async function storedFiles(): Promise<string[]> {
    return existsSync(documents) ? (await readdir(documents)).sort() : [];
  }

  it('hosts each file, links the record to it and serves the same bytes', async () => {
    await space.file('notices/Invitation to Bid.pdf', PDF);
    const png = await space.file('plan.png', PNG);
    // A path relative to the CSV, from a working directory elsewhere, and an absolute one.
    const file = await space.file(
      'svp.csv',
      [
        'pr_number,project_title,document',
        'PR-1,Drainage canal,notices/Invitation to Bid.pdf',
        `PR-2,Water system,${png}`,
        '',
      ].join('\n'),
    );
    const result = await importCsv(file);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(summary(result.stdout)).toMatchObject({ imported: 2, rejected: 0, documents: 2 });

    const pdfUrl = `/documents/${sha256Of(PDF)}/Invitation-to-Bid.pdf`;
    const pngUrl = `/documents/${sha256Of(PNG)}/plan.png`;
    expect((await rowsIn(space, 'svp')).map((row) => row.link)).toEqual([pdfUrl, pngUrl]);
    expect(await storedFiles()).toEqual([`${sha256Of(PDF)}.pdf`, `${sha256Of(PNG)}.png`].sort());
    expect(await readFile(path.join(documents, `${sha256Of(PDF)}.pdf`))).toEqual(PDF);

    const [operator] = await query<{ id: number }>(
      'SELECT id FROM staff_users WHERE email = ?',
      OPERATOR,
    );
    expect(
      await query(
        'SELECT sha256, bytes, type, file_name, uploaded_by FROM documents ORDER BY bytes',
      ),
    ).toEqual([
      {
        sha256: sha256Of(PNG),
        bytes: PNG.length,
        type: 'image/png',
        file_name: 'plan.png',
        uploaded_by: operator!.id,
      },
      {
        sha256: sha256Of(PDF),
        bytes: PDF.length,
        type: 'application/pdf',
        file_name: 'Invitation-to-Bid.pdf',
        uploaded_by: operator!.id,
      },
    ]);
    const audits = await query<{ actor: string; address: string | null; detail: string }>(
      "SELECT actor, address, detail FROM audit_log WHERE action = 'document-uploaded' ORDER BY id",
    );
    expect(
      audits.map((entry) => ({ ...entry, detail: JSON.parse(entry.detail) as unknown })),
    ).toEqual([
      {
        actor: OPERATOR,
        address: null,
        detail: {
          sha256: sha256Of(PDF),
          bytes: PDF.length,
          type: 'application/pdf',
          fileName: 'Invitation-to-Bid.pdf',
          alreadyStored: false,
          source: 'import',
          importedFrom: path.join(space.dir, 'notices/Invitation to Bid.pdf'),
        },
      },
      {
        actor: OPERATOR,
        address: null,
        detail: expect.objectContaining({ sha256: sha256Of(PNG), importedFrom: png }) as unknown,
      },
    ]);

    // A file left by a batch that rolled back is no one's document: verify passes over it.
    await writeFile(path.join(documents, `${sha256Of(Buffer.from('orphan'))}.pdf`), 'orphan');
    const verify = await space.run(['documents', 'verify']);
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    expect(verify.stdout).toContain('Verified 2 documents');

    const server = await createTestApp({ DATA_DIR: space.dataDir });
    try {
      for (const [url, bytes, type] of [
        [pdfUrl, PDF, 'application/pdf'],
        [pngUrl, PNG, 'image/png'],
      ] as const) {
        const served = await server.app.inject({ url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toContain(type);
        expect(served.rawPayload).toEqual(bytes);
      }
    } finally {
      await server.close();
    }
  });

  it('refuses an .exe renamed .pdf with its line, and stores nothing of the file', async () => {
    await space.file('notices/good.pdf', PDF);
    await space.file('notices/setup.pdf', EXE);
    const file = await space.file(
      'svp.csv',
      'pr_number,project_title,document\nPR-1,Road,notices/good.pdf\nPR-2,Bridge,notices/setup.pdf\n',
    );
    const result = await importCsv(file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `line 3, document: ${path.join(space.dir, 'notices/setup.pdf')} is not a PDF, JPEG or PNG file`,
    );
    expect(result.stderr).not.toContain('line 2');
    expect(summary(result.stdout)).toMatchObject({ outcome: 'refused', imported: 0, rejected: 1 });
    expect(await storedFiles()).toEqual([]);
    expect(await rowsIn(space, 'svp')).toEqual([]);
    expect(await query('SELECT * FROM documents')).toEqual([]);
  });

  it('refuses a missing file, a file over MAX_DOCUMENT_MB, and a row with both link and document', async () => {
    const large = Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]);
    await space.file('notices/large.pdf', large);
    await space.file('notices/fine.pdf', PDF);
    const file = await space.file(
      'svp.csv',
      [
        'pr_number,project_title,link,document',
        'PR-1,Road,,notices/missing.pdf',
        'PR-2,Bridge,,notices/large.pdf',
        'PR-3,School,https://example.org/3.pdf,notices/fine.pdf',
        'PR-4,Clinic,,',
        'PR-5,Market,,notices',
        '',
      ].join('\n'),
    );
    const previous = process.env.MAX_DOCUMENT_MB;
    process.env.MAX_DOCUMENT_MB = '1';
    let result;
    try {
      result = await importCsv(file);
    } finally {
      if (previous === undefined) delete process.env.MAX_DOCUMENT_MB;
      else process.env.MAX_DOCUMENT_MB = previous;
    }
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `line 2, document: no such file: ${path.join(space.dir, 'notices/missing.pdf')}`,
    );
    expect(result.stderr).toContain(
      `line 3, document: ${path.join(space.dir, 'notices/large.pdf')} is larger than 1 MB`,
    );
    expect(result.stderr).toMatch(/line 4, document: and link are both filled in/);
    expect(result.stderr).toContain('line 5, link: is required');
    expect(result.stderr).toContain(
      `line 6, document: is not a file: ${path.join(space.dir, 'notices')}`,
    );
    expect(summary(result.stdout)).toMatchObject({ outcome: 'refused', rejected: 5 });
    expect(await storedFiles()).toEqual([]);
  });

  it('stores the same document named by several rows once, and a second import adds nothing', async () => {
    await space.file('notices/itb.pdf', PDF);
    await space.file('notices/itb-copy.pdf', PDF);
    const file = await space.file(
      'svp.csv',
      [
        'pr_number,project_title,document',
        'PR-1,Road,notices/itb.pdf',
        'PR-2,Road lot 2,notices/itb.pdf',
        'PR-3,Road lot 3,notices/itb-copy.pdf',
        '',
      ].join('\n'),
    );
    // One row a batch: the file is stored with the first batch only.
    const result = await importCsv(file, '--batch-size', '1');
    expect(result.stderr).toBe('');
    expect(summary(result.stdout)).toMatchObject({ imported: 3, documents: 1 });
    expect(await storedFiles()).toEqual([`${sha256Of(PDF)}.pdf`]);
    expect(await query('SELECT file_name FROM documents')).toEqual([{ file_name: 'itb.pdf' }]);
    expect(
      await query("SELECT count(*) AS n FROM audit_log WHERE action = 'document-uploaded'"),
    ).toEqual([{ n: 1 }]);
    expect((await rowsIn(space, 'svp')).map((row) => row.link)).toEqual([
      `/documents/${sha256Of(PDF)}/itb.pdf`,
      `/documents/${sha256Of(PDF)}/itb.pdf`,
      `/documents/${sha256Of(PDF)}/itb-copy.pdf`,
    ]);

    const again = await importCsv(file);
    expect(summary(again.stdout)).toMatchObject({ imported: 0, duplicates: 3 });
    expect(await storedFiles()).toEqual([`${sha256Of(PDF)}.pdf`]);
    expect(await query('SELECT count(*) AS n FROM documents')).toEqual([{ n: 1 }]);
  });

  it('takes the optional procurement columns beside a document, amounts as centavos', async () => {
    await space.file('notices/itb.pdf', PDF);
    const file = await space.file(
      'svp.csv',
      [
        'pr_number,project_title,abc,closing_date,philgeps_reference,document',
        'PR-1,Road,"1,234,567.89",2026-02-03T14:00,PG-77,notices/itb.pdf',
        'PR-2,Bridge,,,,notices/itb.pdf',
        '',
      ].join('\n'),
    );
    const result = await importCsv(file);
    expect(result.stderr).toBe('');
    expect(summary(result.stdout)).toMatchObject({ imported: 2 });
    expect(await rowsIn(space, 'svp')).toMatchObject([
      { abc: 123456789, closing_date: '2026-02-03T06:00:00.000Z', philgeps_reference: 'PG-77' },
      { abc: null, closing_date: null, philgeps_reference: null },
    ]);
    // Blank optional fields match blank ones: the same file again adds nothing.
    expect(summary((await importCsv(file)).stdout)).toMatchObject({ imported: 0, duplicates: 2 });
  });

  it('--dry-run checks the documents but stores no file', async () => {
    await space.file('notices/itb.pdf', PDF);
    const file = await space.file(
      'svp.csv',
      'pr_number,project_title,document\nPR-1,Road,notices/itb.pdf\n',
    );
    const result = await space.run(['import', 'svp', file, '--dry-run', '--json', '--quiet']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(summary(result.stdout)).toMatchObject({
      outcome: 'dry-run',
      imported: 1,
      documents: 1,
    });
    expect(await storedFiles()).toEqual([]);
    expect(await rowsIn(space, 'svp')).toEqual([]);
  });

  it('reads the column from NDJSON, and a rejects file elsewhere still points at the document', async () => {
    await space.file('notices/itb.pdf', PDF);
    await space.file('notices/setup.pdf', EXE);
    const file = await space.file(
      'svp.ndjson',
      [
        { pr_number: 'PR-1', project_title: 'Road', document: 'notices/itb.pdf' },
        { pr_number: 'PR-2', project_title: 'Bridge', document: 'notices/setup.pdf' },
      ]
        .map((row) => JSON.stringify(row))
        .join('\n') + '\n',
    );
    await mkdir(path.join(space.dir, 'fix'));
    const rejects = path.join(space.dir, 'fix/rejects.ndjson');
    const result = await importCsv(file, '--skip-invalid', '--rejects', rejects);
    expect(result.code).toBe(1);
    expect(summary(result.stdout)).toMatchObject({ imported: 1, rejected: 1 });
    expect((await rowsIn(space, 'svp')).map((row) => row.link)).toEqual([
      `/documents/${sha256Of(PDF)}/itb.pdf`,
    ]);
    const rejected = JSON.parse(await readFile(rejects, 'utf8')) as {
      line: number;
      row: { document: string };
    };
    expect(rejected.line).toBe(2);
    expect(rejected.row.document).toBe(path.join('..', 'notices', 'setup.pdf'));
  });
});
