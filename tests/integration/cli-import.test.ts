import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATOR, rowsIn, useWorkspace } from './cli-harness.ts';

const AWARD_HEADER = 'pr_number,project_title,supplier,mode_of_procurement,link,created';

function award(n: number, extra: Record<string, unknown> = {}) {
  return {
    pr_number: `PR-2024-${n}`,
    project_title: `Concreting of farm-to-market road, lot ${n}`,
    supplier: 'Bayanihan Builders',
    mode_of_procurement: 'Public Bidding',
    link: `https://documents.example.gov.ph/awards/${n}.pdf`,
    ...extra,
  };
}

function ndjson(rows: unknown[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n') + '\n';
}

function summary(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout) as Record<string, unknown>;
}

// Each case runs the CLI as a child process several times; a busy machine makes that slow.
describe('import', { timeout: 180_000 }, () => {
  const space = useWorkspace({ operator: true });

  describe('reads each format', () => {
    it('CSV with quoted commas, line breaks, CRLF and a byte order mark', async () => {
      const csv =
        '\ufeff' +
        [
          AWARD_HEADER,
          '"PR-1","Road, phase 2\r\nnorth section",ACME,"Public Bidding",https://example.org/1.pdf,"March 5, 2024 at 3:07:09 PM UTC+08"',
          'PR-2,"He said ""ok""",ACME,SVP,https://example.org/2.pdf,2024-03-06T08:00:00Z',
          '',
        ].join('\r\n');
      const file = await space.file('awards.csv', csv);
      const result = await space.run([
        'import',
        'notice_of_awards',
        file,
        '--as',
        OPERATOR,
        '--json',
      ]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(summary(result.stdout)).toMatchObject({
        outcome: 'completed',
        rowsRead: 2,
        imported: 2,
        duplicates: 0,
        rejected: 0,
      });
      const rows = await rowsIn(space, 'notice_of_awards');
      expect(rows).toMatchObject([
        {
          pr_number: 'PR-1',
          project_title: 'Road, phase 2\r\nnorth section',
          created: '2024-03-05T07:07:09.000Z',
        },
        { pr_number: 'PR-2', project_title: 'He said "ok"', created: '2024-03-06T08:00:00.000Z' },
      ]);
    });

    it('CSV as Excel saves it: trailing empty rows, M/D/YYYY dates in Manila time', async () => {
      const csv =
        '\ufeff' +
        [
          'pr_number,project_title,link,abc,closing_date,created',
          'SVP-1,Office chairs for the Parañaque annex,https://example.org/1.pdf,"1,250.00",3/20/2024 5:00 PM,3/5/2024 3:07 PM',
          'SVP-2,Bridge railing,https://example.org/2.pdf,,,3/4/2024',
          'SVP-3,School roof,https://example.org/3.pdf,,,12/31/2024 23:59',
          ',,,,,',
          ',,,,,',
          '',
        ].join('\r\n');
      const file = await space.file('svp.csv', csv);
      const result = await space.run(['import', 'svp', file, '--as', OPERATOR, '--json']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(summary(result.stdout)).toMatchObject({ rowsRead: 3, imported: 3, rejected: 0 });
      expect(await rowsIn(space, 'svp')).toMatchObject([
        {
          pr_number: 'SVP-1',
          project_title: 'Office chairs for the Parañaque annex',
          closing_date: '2024-03-20T09:00:00.000Z',
          created: '2024-03-05T07:07:00.000Z',
        },
        // Month first: March 4, midnight in Manila.
        { pr_number: 'SVP-2', closing_date: null, created: '2024-03-03T16:00:00.000Z' },
        { pr_number: 'SVP-3', created: '2024-12-31T15:59:00.000Z' },
      ]);
    });

    it('JSON array of objects', async () => {
      const file = await space.file(
        'svp.json',
        JSON.stringify(
          [award(1), award(2)].map(({ pr_number, project_title, link }) => ({
            pr_number,
            project_title,
            link,
          })),
        ),
      );
      const result = await space.run(['import', 'svp', file, '--as', OPERATOR]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/imported\s+2/);
      expect((await rowsIn(space, 'svp')).map((row) => row.pr_number)).toEqual([
        'PR-2024-1',
        'PR-2024-2',
      ]);
    });

    it('NDJSON, and --format for a file whose extension does not say', async () => {
      const reports = [
        {
          title: 'Annual procurement plan',
          report_description: 'Plan for 2025',
          link: 'https://example.org/app.pdf',
        },
        {
          title: 'Monitoring report',
          report_description: 'First half',
          link: 'https://example.org/pmr.pdf',
          created: '2025-01-15',
        },
      ];
      const file = await space.file('reports.txt', ndjson(reports));
      expect((await space.run(['import', 'reports', file, '--as', OPERATOR])).code).toBe(2);
      const result = await space.run([
        'import',
        'reports',
        file,
        '--as',
        OPERATOR,
        '--format',
        'ndjson',
      ]);
      expect(result.code).toBe(0);
      const rows = await rowsIn(space, 'reports');
      expect(rows.map((row) => row.title)).toEqual([
        'Annual procurement plan',
        'Monitoring report',
      ]);
      expect(rows[1]!.created).toBe('2025-01-14T16:00:00.000Z');
    });

    it('accepts the data-entry dropdown value for the collection', async () => {
      const file = await space.file(
        'shopping.ndjson',
        ndjson([
          { pr_number: 'S-1', project_title: 'Office chairs', link: 'https://example.org/s1.pdf' },
        ]),
      );
      const result = await space.run(['import', 'shopping', file, '--as', OPERATOR]);
      expect(result.code).toBe(0);
      expect(await rowsIn(space, 'shopping_bidding')).toHaveLength(1);
    });
  });

  describe('bad rows', () => {
    const badRows = [
      { row: award(1), field: undefined },
      { row: { ...award(2), supplier: undefined }, field: 'supplier', reason: 'is required' },
      { row: award(3, { project_title: '   ' }), field: 'project_title', reason: 'is required' },
      {
        row: award(4, { project_title: 'x'.repeat(501) }),
        field: 'project_title',
        reason: 'at most 500 characters',
      },
      {
        row: award(5, { link: 'javascript:alert(1)' }),
        field: 'link',
        reason: 'http:// or https://',
      },
      {
        row: award(6, { link: '/documents/award.pdf' }),
        field: 'link',
        reason: 'http:// or https://',
      },
      {
        row: award(7, { link: 'data:text/html,hi' }),
        field: 'link',
        reason: 'http:// or https://',
      },
      {
        row: award(8, { created: 'February 30, 2024 at 1:00:00 PM UTC+08' }),
        field: 'created',
        reason: 'not a valid date',
      },
      {
        row: award(9, { colour: 'blue' }),
        field: 'colour',
        reason: 'is not a field of notice_of_awards',
      },
      { row: award(10, { pr_number: 2024 }), field: 'pr_number', reason: 'must be text' },
    ];

    it('refuses the whole file and lists every bad row with its line, field and reason', async () => {
      const file = await space.file(
        'bad.ndjson',
        ndjson(badRows.map(({ row }) => row)) + '{not json}\n',
      );
      const result = await space.run([
        'import',
        'notice_of_awards',
        file,
        '--as',
        OPERATOR,
        '--json',
      ]);
      expect(result.code).toBe(1);
      const report = summary(result.stdout);
      expect(report).toMatchObject({ outcome: 'refused', rowsRead: 11, imported: 0, rejected: 10 });
      const listed = report.badRows as { line: number; errors: Record<string, string> }[];
      badRows.forEach(({ field, reason }, position) => {
        const line = position + 1;
        if (!field) {
          expect(listed.find((bad) => bad.line === line)).toBeUndefined();
          return;
        }
        expect(listed.find((bad) => bad.line === line)?.errors[field]).toContain(reason);
        expect(result.stderr).toContain(`line ${line}, ${field}:`);
      });
      expect(listed.find((bad) => bad.line === 11)?.errors.row).toContain('not valid JSON');
      expect(result.stderr).toContain('Nothing was imported because some rows are invalid.');
      expect(await rowsIn(space, 'notice_of_awards')).toEqual([]);
    });

    it('gives a CSV row the line it starts on, after quoted line breaks', async () => {
      const csv = [
        AWARD_HEADER,
        'PR-1,"Road,\nphase 2\nnorth",ACME,SVP,https://example.org/1.pdf,',
        'PR-2,Bridge,,SVP,https://example.org/2.pdf,',
        'PR-3,Bridge,ACME,SVP,https://example.org/3.pdf,extra,values',
      ].join('\n');
      const file = await space.file('lines.csv', csv);
      const result = await space.run(['import', 'notice_of_awards', file, '--as', OPERATOR]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('line 5, supplier: is required');
      expect(result.stderr).toContain('line 6, row: has 7 values but the header has 6 columns');
      expect(result.stderr).not.toContain('line 2');
      expect(await rowsIn(space, 'notice_of_awards')).toEqual([]);
    });

    it('refuses a CSV header with an unknown or a missing column, naming it', async () => {
      const unknown = await space.file(
        'unknown.csv',
        `${AWARD_HEADER},colour\nPR-1,A,B,C,https://example.org/1.pdf,,red\n`,
      );
      const result = await space.run(['import', 'notice_of_awards', unknown, '--as', OPERATOR]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('"colour"');
      const missing = await space.file(
        'missing.csv',
        'pr_number,project_title,link\nPR-1,A,https://example.org/1.pdf\n',
      );
      const second = await space.run(['import', 'notice_of_awards', missing, '--as', OPERATOR]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('lacks the columns supplier, mode_of_procurement');
      expect(await rowsIn(space, 'notice_of_awards')).toEqual([]);
    });

    it('refuses a JSON file that is not an array of records, or is broken', async () => {
      const object = await space.file('object.json', JSON.stringify({ rows: [award(1)] }));
      const result = await space.run(['import', 'notice_of_awards', object, '--as', OPERATOR]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('must be an array of records');
      const broken = await space.file(
        'broken.json',
        `[${JSON.stringify(award(1))}, {"pr_number": `,
      );
      const second = await space.run(['import', 'notice_of_awards', broken, '--as', OPERATOR]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('Not valid JSON');
      expect(await rowsIn(space, 'notice_of_awards')).toEqual([]);
    });

    it('with --skip-invalid writes the good rows and the bad ones, with reasons, to the rejects file', async () => {
      const csv = [
        AWARD_HEADER,
        'PR-1,Road,ACME,SVP,https://example.org/1.pdf,',
        'PR-2,"Bridge, north",,SVP,https://example.org/2.pdf,',
        'PR-3,School,ACME,SVP,ftp://example.org/3.pdf,',
        'PR-4,Clinic,ACME,SVP,https://example.org/4.pdf,',
      ].join('\n');
      const file = await space.file('mixed.csv', csv);
      const result = await space.run([
        'import',
        'notice_of_awards',
        file,
        '--as',
        OPERATOR,
        '--skip-invalid',
        '--json',
      ]);
      expect(result.code).toBe(1);
      expect(summary(result.stdout)).toMatchObject({
        outcome: 'completed',
        imported: 2,
        rejected: 2,
        rejectsFile: `${file}.rejects.csv`,
      });
      expect((await rowsIn(space, 'notice_of_awards')).map((row) => row.pr_number)).toEqual([
        'PR-1',
        'PR-4',
      ]);
      const rejects = (await readFile(`${file}.rejects.csv`, 'utf8'))
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n');
      expect(rejects[0]).toBe(
        'line,reason,pr_number,project_title,supplier,mode_of_procurement,philgeps_reference,contract_amount,link,created,id,document,project',
      );
      expect(rejects[1]).toMatch(
        /^3,supplier: is required \(missing or blank\),PR-2,"Bridge, north",,SVP,/,
      );
      expect(rejects[2]).toMatch(/^4,"link: Link must be a full web address.*",PR-3,School,/);
    });

    it('writes CSV rejects for Excel (byte order mark, CRLF), and they import again as they are once fixed', async () => {
      const csv = [
        AWARD_HEADER,
        'PR-1,Road,ACME,SVP,https://example.org/1.pdf,',
        'PR-2,Multi-purpose hall,Parañaque Builders,Public Bidding,ftp://example.org/2.pdf,3/5/2024 3:07 PM',
        'PR-3,-Lot 3 drainage,ACME,SVP,https://example.org/3.pdf,February 30',
      ].join('\n');
      const file = await space.file('awards.csv', csv);
      const first = await space.run([
        'import',
        'notice_of_awards',
        file,
        '--as',
        OPERATOR,
        '--skip-invalid',
        '--json',
      ]);
      expect(summary(first.stdout)).toMatchObject({ imported: 1, rejected: 2 });
      const rejectsFile = `${file}.rejects.csv`;
      const bytes = await readFile(rejectsFile);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8').slice(1);
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
      const lines = text.trimEnd().split('\r\n');
      expect(lines[0]).toMatch(/^line,reason,pr_number,/);
      expect(lines[1]).toContain('Parañaque Builders');
      // A cell a spreadsheet would run as a formula is written as text, as in the downloads.
      expect(lines[2]).toContain(",'-Lot 3 drainage,");

      // Fixed in a spreadsheet: the bad cells corrected, everything else (line, reason) kept.
      await space.file(
        'awards.csv.rejects.csv',
        bytes
          .toString('utf8')
          .replace('ftp://example.org/2.pdf', 'https://example.org/2.pdf')
          .replace('February 30', '3/6/2024 9:00 AM'),
      );
      const again = await space.run([
        'import',
        'notice_of_awards',
        rejectsFile,
        '--as',
        OPERATOR,
        '--json',
      ]);
      expect(again.stderr).toBe('');
      expect(again.code).toBe(0);
      expect(summary(again.stdout)).toMatchObject({ rowsRead: 2, imported: 2, rejected: 0 });
      expect(await rowsIn(space, 'notice_of_awards')).toMatchObject([
        { pr_number: 'PR-1' },
        {
          pr_number: 'PR-2',
          supplier: 'Parañaque Builders',
          link: 'https://example.org/2.pdf',
          created: '2024-03-05T07:07:00.000Z',
        },
        {
          pr_number: 'PR-3',
          project_title: '-Lot 3 drainage',
          created: '2024-03-06T01:00:00.000Z',
        },
      ]);
    });

    it('--rejects chooses the rejects file; JSON input gets NDJSON rejects', async () => {
      const file = await space.file(
        'mixed.json',
        JSON.stringify([award(1), award(2, { link: 'relative.pdf' })]),
      );
      const rejectsPath = `${space.dir}/bad-rows.ndjson`;
      const result = await space.run([
        'import',
        'notice_of_awards',
        file,
        '--as',
        OPERATOR,
        '--skip-invalid',
        '--rejects',
        rejectsPath,
      ]);
      expect(result.code).toBe(1);
      const rejected = JSON.parse((await readFile(rejectsPath, 'utf8')).trim()) as Record<
        string,
        unknown
      >;
      expect(rejected).toMatchObject({
        collection: 'notice_of_awards',
        index: 1,
        row: { pr_number: 'PR-2024-2', link: 'relative.pdf' },
      });
      expect((rejected.errors as Record<string, string>).link).toContain('http://');
      expect(existsSync(`${file}.rejects.ndjson`)).toBe(false);
    });
  });

  it('--dry-run checks and counts but leaves the database unchanged, without --as', async () => {
    const first = await space.file('first.ndjson', ndjson([award(1)]));
    expect((await space.run(['import', 'notice_of_awards', first, '--as', OPERATOR])).code).toBe(0);
    const before = await rowsIn(space, 'notice_of_awards');
    const file = await space.file(
      'dry.ndjson',
      ndjson([award(1), award(2), award(2), award(3, { link: 'nope' })]),
    );
    const result = await space.run(['import', 'notice_of_awards', file, '--dry-run', '--json']);
    expect(result.code).toBe(1);
    expect(summary(result.stdout)).toMatchObject({
      outcome: 'dry-run',
      rowsRead: 4,
      imported: 1,
      duplicates: 2,
      rejected: 1,
    });
    const clean = await space.file('clean.ndjson', ndjson([award(4)]));
    const cleanRun = await space.run(['import', 'notice_of_awards', clean, '--dry-run']);
    expect(cleanRun.code).toBe(0);
    expect(cleanRun.stdout).toContain('nothing was written');
    expect(await rowsIn(space, 'notice_of_awards')).toEqual(before);
  });

  it('is safe to run twice: identical rows are skipped and counted, also within one file', async () => {
    const file = await space.file('twice.ndjson', ndjson([award(1), award(2), award(1)]));
    const first = await space.run(['import', 'notice_of_awards', file, '--as', OPERATOR, '--json']);
    expect(summary(first.stdout)).toMatchObject({ imported: 2, duplicates: 1 });
    const second = await space.run([
      'import',
      'notice_of_awards',
      file,
      '--as',
      OPERATOR,
      '--json',
    ]);
    expect(second.code).toBe(0);
    expect(summary(second.stdout)).toMatchObject({ rowsRead: 3, imported: 0, duplicates: 3 });
    // A different field makes a different record, even with the same link.
    const changed = await space.file(
      'changed.ndjson',
      ndjson([award(1, { supplier: 'Other Supplier' })]),
    );
    expect(
      summary(
        (await space.run(['import', 'notice_of_awards', changed, '--as', OPERATOR, '--json']))
          .stdout,
      ),
    ).toMatchObject({ imported: 1 });
    expect(await rowsIn(space, 'notice_of_awards')).toHaveLength(3);
  });

  it('refuses a wrong collection name, a missing file and a missing or unknown operator', async () => {
    const file = await space.file('ok.ndjson', ndjson([award(1)]));
    const wrong = await space.run(['import', 'notices', file, '--as', OPERATOR]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Unknown collection "notices"');
    expect(wrong.stderr).toContain('notice_of_awards');
    const missing = await space.run([
      'import',
      'notice_of_awards',
      `${space.dir}/nowhere.csv`,
      '--as',
      OPERATOR,
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No such file');
    const noOperator = await space.run(['import', 'notice_of_awards', file]);
    expect(noOperator.code).toBe(2);
    expect(noOperator.stderr).toContain('--as');
    const stranger = await space.run([
      'import',
      'notice_of_awards',
      file,
      '--as',
      'nobody@example.gov.ph',
    ]);
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('no staff account');
    // The operator, the first account, is the only administrator: name another before disabling it.
    expect(
      (
        await space.run(
          ['users', 'add', 'second.admin@example.gov.ph', '--role', 'admin', '--password-stdin'],
          'tamarind-harbour-violet-7\n',
        )
      ).code,
    ).toBe(0);
    expect((await space.run(['users', 'disable', OPERATOR])).code).toBe(0);
    const disabled = await space.run(['import', 'notice_of_awards', file, '--as', OPERATOR]);
    expect(disabled.code).toBe(1);
    expect(disabled.stderr).toContain('disabled');
    const badOption = await space.run([
      'import',
      'notice_of_awards',
      file,
      '--batch-size',
      '0',
      '--dry-run',
    ]);
    expect(badOption.code).toBe(2);
    expect(await rowsIn(space, 'notice_of_awards')).toEqual([]);
  });

  it('records every import in the audit log with its operator', async () => {
    const file = await space.file('audited.ndjson', ndjson([award(1), award(2)]));
    await space.run(['import', 'notice_of_awards', file, '--as', OPERATOR.toUpperCase()]);
    const result = await space.run(['audit', 'list', '--action', 'import', '--json']);
    expect(result.code).toBe(0);
    const entries = JSON.parse(result.stdout) as {
      action: string;
      actor: string;
      detail: Record<string, unknown>;
    }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'import',
      actor: OPERATOR,
      detail: {
        target: 'notice_of_awards',
        format: 'ndjson',
        outcome: 'completed',
        imported: 2,
        rejected: 0,
      },
    });
    const text = await space.run(['audit', 'list']);
    expect(text.stdout).toMatch(/import\s+it\.staff@example\.gov\.ph/);
  });
});
