import { describe, expect, it } from 'vitest';
import { fundReportColumns } from '../../shared/fund-report/fund-report-columns.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { OPERATOR, useWorkspace } from './cli-harness.ts';

const HEADER = fundReportColumns.map(([, label]) => label);

/** A CSV cell, quoted as a spreadsheet saves it. */
const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csv = (rows: string[][]) => rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

/** One program of the quarter, by the report's headings; `change` overrides cells by heading. */
function row(change: Record<string, string> = {}): string[] {
  const values: Record<string, string> = {
    'Fund Source': 'LGSF-FALGU 2025',
    'Date of Notice of Authority to Debit (NADAI)': 'NADAI No. 2025-04-0101, April 14, 2025',
    'Type of Program/Project': 'Evacuation Center',
    'Name Title of Program/Project': 'Construction of a Multi-Purpose Evacuation Center',
    'Specific Location': 'Barangay Bagong Silang',
    'Mechanism/Mode of Implementation': 'By Contract',
    'Estimated Number of Beneficiaries': '2,400',
    'Amount Receive': '₱6,500,000.00',
    'Date of Obligation': 'May 20, 2025',
    'Amount Obligation': '6480000.5',
    'Amount Disbursment': '',
    'Estimated Period of Completion (month and year)': 'December 2025',
    Status: 'Ongoing: 35% complete',
    ...change,
  };
  return HEADER.map((heading) => values[heading] ?? '');
}

const quarterHeadings = (html: string) =>
  [...html.matchAll(/<h3 id="quarter-\d+">For the Quarter Ended (?:<!-- -->)?([^<]+)<\/h3>/g)].map(
    ([, date]) => date,
  );

describe('municipal import fund-report', { timeout: 180_000 }, () => {
  const space = useWorkspace({ operator: true });
  const importQuarter = (file: string, quarter: string, ...extra: string[]) =>
    space.run(['import', 'fund-report', file, '--quarter', quarter, '--as', OPERATOR, ...extra]);

  it('adds a quarter that /accounting shows first, amounts in pesos, with an audit entry', async () => {
    // The server runs while the CLI imports: its cached /accounting must be renewed.
    const server = await createTestApp({ DATA_DIR: space.dataDir });
    try {
      const before = (await server.app.inject({ url: '/accounting' })).body;
      expect(quarterHeadings(before)[0]).toBe('March 31, 2025');
      const file = await space.file(
        'lgsf-2025-q2.csv',
        csv([
          HEADER,
          row(),
          row({ 'Specific Location': 'Barangay Malinao', 'Amount Receive': '' }),
        ]),
      );
      const result = await importQuarter(file, '2025-06-30');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        'Added the quarter ended June 30, 2025 to the fund report: 2 rows.',
      );

      const page = (await server.app.inject({ url: '/accounting' })).body;
      expect(quarterHeadings(page)).toEqual([
        'June 30, 2025',
        'March 31, 2025',
        'December 31, 2024',
        'September 30, 2024',
        'June 30, 2024',
        'December 31, 2023',
        'September 30, 2023',
      ]);
      const newest = page.slice(page.indexOf('id="quarter-1"'), page.indexOf('id="quarter-2"'));
      expect(newest).toContain('<td>Construction of a Multi-Purpose Evacuation Center</td>');
      expect(newest).toContain('<td>₱6,500,000.00</td>');
      expect(newest).toContain('<td>₱6,480,000.50</td>');
      // The Filipino page names the imported quarter in Filipino, its amounts as fil-PH writes them.
      const filipino = (await server.app.inject({ url: '/fil/accounting' })).body;
      const newestFil = filipino.slice(
        filipino.indexOf('id="quarter-1"'),
        filipino.indexOf('id="quarter-2"'),
      );
      expect(newestFil).toMatch(/Para sa Quarter na Nagtapos noong (<!-- -->)?Hunyo 30, 2025/);
      expect(newestFil).toContain('<th scope="col">Halagang Natanggap</th>');
      expect(newestFil).toContain('<td>₱6,500,000.00</td>');
      const api = (await server.app.inject({ url: '/api/fund-report' })).json();
      expect(api[0].endedOn).toBe('2025-06-30');
      expect(api[0].rows[0].amountReceive).toBe('6500000.00');
      expect(api[0].rows[1].amountReceive).toBe('');
      // The content file's amounts reach the API in the same decimal form.
      expect(api[1].rows[0].amountReceive).toMatch(/^\d+\.\d{2}$/);
    } finally {
      await server.close();
    }

    const database = space.database();
    try {
      const audit = database.sqlite
        .prepare(
          "SELECT actor, detail FROM audit_log WHERE action = 'fund-report-quarter-imported'",
        )
        .all();
      expect(audit).toEqual([
        {
          actor: OPERATOR,
          detail: JSON.stringify({ quarter: '2025-06-30', rows: 2, file: 'lgsf-2025-q2.csv' }),
        },
      ]);
      const stored = database.sqlite
        .prepare('SELECT amount_receive, amount_obligation FROM fund_report_rows ORDER BY position')
        .all();
      expect(stored).toEqual([
        { amount_receive: 650_000_000, amount_obligation: 648_000_050 },
        { amount_receive: null, amount_obligation: 648_000_050 },
      ]);
    } finally {
      await database.close();
    }
  });

  it('refuses the same quarter twice, and a quarter the content file has, writing nothing', async () => {
    const file = await space.file('q.csv', csv([HEADER, row()]));
    expect((await importQuarter(file, '2025-09-30')).code).toBe(0);
    const again = await importQuarter(file, '2025-09-30');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'The quarter ended September 30, 2025 is already on the fund report (imported before); nothing was imported.',
    );
    const inContent = await importQuarter(file, '2025-03-31');
    expect(inContent.code).toBe(1);
    expect(inContent.stderr).toContain(
      'The quarter ended March 31, 2025 is already on the fund report (in content/accounting.json)',
    );
    const database = space.database();
    try {
      expect(database.sqlite.prepare('SELECT count(*) FROM fund_report_rows').pluck().get()).toBe(
        1,
      );
    } finally {
      await database.close();
    }
  });

  it('refuses a header that is not the report’s, naming the column', async () => {
    const unknown = await space.file(
      'unknown.csv',
      csv([
        [...HEADER, 'Remarks'],
        [...row(), 'x'],
      ]),
    );
    const result = await importQuarter(unknown, '2025-06-30');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'The header has column "Remarks" that the fund report does not have.',
    );
    const missing = await space.file('missing.csv', csv([HEADER.slice(1), row().slice(1)]));
    expect((await importQuarter(missing, '2025-06-30')).stderr).toContain(
      'The header lacks the column "Fund Source".',
    );
  });

  it('refuses bad amounts and short rows, naming each spreadsheet row, and imports nothing', async () => {
    const file = await space.file(
      'bad.csv',
      csv([
        HEADER,
        row(),
        row({ 'Amount Receive': 'six million' }),
        row({ 'Amount Obligation': '-5' }),
        row().slice(0, 12),
      ]),
    );
    const result = await importQuarter(file, '2025-06-30');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('3 values are not right; nothing was imported.');
    expect(result.stderr).toContain(
      'row 3: "Amount Receive" must be an amount in pesos, like 1234567.89 or 1,234,567.89. It reads "six million".',
    );
    expect(result.stderr).toContain('row 4: "Amount Obligation" must not be negative.');
    expect(result.stderr).toContain('row 5: has 12 values but the header has 13 columns');
    const database = space.database();
    try {
      expect(
        database.sqlite.prepare('SELECT count(*) FROM fund_report_quarters').pluck().get(),
      ).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('refuses a date that does not end a quarter, and needs --as unless --dry-run', async () => {
    const file = await space.file('q.csv', csv([HEADER, row()]));
    const notEnd = await importQuarter(file, '2025-06-29');
    expect(notEnd.code).toBe(2);
    expect(notEnd.stderr).toContain(
      'must be the last day of a quarter: March 31, June 30, September 30 or December 31',
    );
    const anonymous = await space.run(['import', 'fund-report', file, '--quarter', '2025-06-30']);
    expect(anonymous.code).toBe(2);
    expect(anonymous.stderr).toContain('Say who imports with --as <email>');
    const dry = await space.run([
      'import',
      'fund-report',
      file,
      '--quarter',
      '2025-06-30',
      '--dry-run',
    ]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      '1 row for the quarter ended June 30, 2025, all valid. Nothing was written',
    );
  });
});
