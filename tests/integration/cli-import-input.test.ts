import { describe, expect, it } from 'vitest';
import { type CliRun, OPERATOR, rowsIn, useWorkspace } from './cli-harness.ts';

const HEADER = 'pr_number,project_title,supplier,mode_of_procurement,link';
const BOM = '\ufeff';
const LATIN1_E_ACUTE = Buffer.from([0xe9]);

function awardLine(n: number, title = `Concreting of barangay road, lot ${n}`): string {
  return `PR-${n},"${title}",Bayanihan Builders,Public Bidding,https://documents.example.gov.ph/awards/${n}.pdf`;
}

function summary(result: CliRun): Record<string, unknown> {
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

// Each case runs the CLI as a child process several times; a busy machine makes that slow.
describe('import reads text files as they come from other programs', { timeout: 180_000 }, () => {
  const space = useWorkspace({ operator: true });

  const importFile = (collection: string, file: string, extra: string[] = []) =>
    space.run(['import', collection, file, '--as', OPERATOR, '--json', ...extra]);

  /** Expects the import refused with `message` on standard error and in the summary, and nothing stored. */
  async function expectRefused(result: CliRun, message: string, collection: string) {
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toContain(message);
    expect(summary(result)).toMatchObject({ outcome: 'refused', imported: 0, refusal: message });
    expect(await rowsIn(space, collection)).toEqual([]);
  }

  describe('CSV line endings and byte order mark', () => {
    it('reads CRLF, lone CR and LF mixed in one file, keeping line breaks inside quotes and naming bad rows by line', async () => {
      const file = await space.file(
        'awards.csv',
        `${HEADER}\r\n` +
          `${awardLine(1)}\n` +
          `${awardLine(2)}\r` +
          `PR-3,"Drainage, phase 2\r\nnorth side",ACME,Shopping,https://example.org/3.pdf\r\n` +
          `PR-4,,ACME,Shopping,https://example.org/4.pdf\r` +
          `${awardLine(5)}\n`,
      );
      const result = await importFile('notice_of_awards', file, ['--skip-invalid']);
      expect(summary(result)).toMatchObject({
        outcome: 'completed',
        rowsRead: 5,
        imported: 4,
        rejected: 1,
        badRows: [{ line: 6, errors: { project_title: 'is required (missing or blank)' } }],
      });
      const rows = await rowsIn(space, 'notice_of_awards');
      expect(
        rows.map(({ pr_number, project_title, link }) => ({ pr_number, project_title, link })),
      ).toEqual([
        {
          pr_number: 'PR-1',
          project_title: 'Concreting of barangay road, lot 1',
          link: 'https://documents.example.gov.ph/awards/1.pdf',
        },
        {
          pr_number: 'PR-2',
          project_title: 'Concreting of barangay road, lot 2',
          link: 'https://documents.example.gov.ph/awards/2.pdf',
        },
        {
          pr_number: 'PR-3',
          project_title: 'Drainage, phase 2\r\nnorth side',
          link: 'https://example.org/3.pdf',
        },
        {
          pr_number: 'PR-5',
          project_title: 'Concreting of barangay road, lot 5',
          link: 'https://documents.example.gov.ph/awards/5.pdf',
        },
      ]);
    });

    it('names bad rows by their line when CRLF rows follow an LF header', async () => {
      const file = await space.file(
        'awards.csv',
        `${HEADER}\n${awardLine(1)}\r\nPR-2,,ACME,Shopping,https://example.org/2.pdf\r\n${awardLine(3)}\r\n`,
      );
      const result = await importFile('notice_of_awards', file, ['--skip-invalid']);
      expect(summary(result)).toMatchObject({
        outcome: 'completed',
        imported: 2,
        badRows: [{ line: 3, errors: { project_title: 'is required (missing or blank)' } }],
      });
      expect((await rowsIn(space, 'notice_of_awards')).map((row) => row.link)).toEqual([
        'https://documents.example.gov.ph/awards/1.pdf',
        'https://documents.example.gov.ph/awards/3.pdf',
      ]);
    });

    it('reads an old Mac Excel export: byte order mark, lone CR, blank lines before the header, columns in another order', async () => {
      const file = await space.file(
        'awards.csv',
        `${BOM}\r\r` +
          'link,supplier,pr_number,mode_of_procurement,project_title\r' +
          'https://example.org/1.pdf,ACME,PR-1,Shopping,"Río Grande footbridge"\r' +
          '\r' +
          'https://example.org/2.pdf,ACME,PR-2,Shopping,\r',
      );
      const result = await importFile('notice_of_awards', file, ['--skip-invalid']);
      expect(summary(result)).toMatchObject({
        outcome: 'completed',
        imported: 1,
        rejected: 1,
        badRows: [{ line: 6, errors: { project_title: 'is required (missing or blank)' } }],
      });
      expect(await rowsIn(space, 'notice_of_awards')).toMatchObject([
        {
          pr_number: 'PR-1',
          project_title: 'Río Grande footbridge',
          supplier: 'ACME',
          mode_of_procurement: 'Shopping',
          link: 'https://example.org/1.pdf',
        },
      ]);
    });
  });

  describe('text that is not UTF-8, or holds a NUL byte, is refused with its line', () => {
    it('refuses a Latin-1 CSV, counting quoted line breaks as lines, and stores nothing', async () => {
      const file = await space.file(
        'awards.csv',
        Buffer.concat([
          Buffer.from(
            `${HEADER}\r\n${awardLine(1)}\r\n` +
              `PR-2,"Two\r\nline\r\ntitle",ACME,Shopping,https://example.org/2.pdf\r\n` +
              `${awardLine(3)}\r\nPR-4,Caf`,
          ),
          LATIN1_E_ACUTE,
          Buffer.from(` building,ACME,Shopping,https://example.org/4.pdf\r\n${awardLine(5)}\r\n`),
        ]),
      );
      await expectRefused(
        await importFile('notice_of_awards', file),
        'line 7: not valid UTF-8 text (byte 0xE9) — save the file as UTF-8',
        'notice_of_awards',
      );
    });

    it('stores nothing when the bad byte comes after thousands of good rows, deep into a large file', async () => {
      const good = Array.from({ length: 3000 }, (_, n) =>
        awardLine(n + 1, `Road ${'x'.repeat(100)} ${n}`),
      );
      const file = await space.file(
        'awards.csv',
        Buffer.concat([
          Buffer.from(`${HEADER}\n${good.join('\n')}\nPR-9999,Caf`),
          LATIN1_E_ACUTE,
          Buffer.from(',ACME,Shopping,https://example.org/x.pdf\n'),
        ]),
      );
      await expectRefused(
        await importFile('notice_of_awards', file),
        'line 3002: not valid UTF-8 text (byte 0xE9) — save the file as UTF-8',
        'notice_of_awards',
      );
    });

    it('refuses a NUL byte in a CSV, naming its line', async () => {
      const file = await space.file(
        'awards.csv',
        `${HEADER}\r\n${awardLine(1)}\r\nPR-2,Ro\u0000ad,ACME,Shopping,https://example.org/2.pdf\r\n`,
      );
      await expectRefused(
        await importFile('notice_of_awards', file),
        'line 3: contains a NUL byte',
        'notice_of_awards',
      );
    });

    it('refuses the same in JSON, NDJSON and a Firestore export', async () => {
      const record = (n: number) =>
        `{"pr_number": "PR-${n}", "project_title": "Lot ${n}", "link": "https://example.org/${n}.pdf"}`;
      const json = await space.file(
        'svp.json',
        Buffer.concat([
          Buffer.from(`[\n  ${record(1)},\n  {"pr_number": "PR-2", "project_title": "Caf`),
          LATIN1_E_ACUTE,
          Buffer.from(`", "link": "https://example.org/2.pdf"}\n]\n`),
        ]),
      );
      await expectRefused(
        await importFile('svp', json),
        'line 3: not valid UTF-8 text (byte 0xE9) — save the file as UTF-8',
        'svp',
      );

      const ndjson = await space.file(
        'svp.ndjson',
        `${record(1)}\r\n${record(2)}\r\n\r\n${record(3).replace('Lot', 'Lot\u0000')}\r\n`,
      );
      await expectRefused(await importFile('svp', ndjson), 'line 4: contains a NUL byte', 'svp');

      const firestore = await space.file(
        'export.json',
        Buffer.concat([
          Buffer.from(`{\n  "svp": [\n    ${record(1)},\n    ${record(2).replace('Lot', 'Lo')}`),
          Buffer.from([0xc3]),
          Buffer.from('\n  ]\n}\n'),
        ]),
      );
      const result = await space.run(['import-firestore', firestore, '--as', OPERATOR, '--json']);
      await expectRefused(
        result,
        'line 4: not valid UTF-8 text (byte 0xC3) — save the file as UTF-8',
        'svp',
      );
    });

    it('tells a UTF-16 file apart, as Excel saves "Unicode Text"', async () => {
      const file = await space.file(
        'awards.csv',
        Buffer.from(`${BOM}${HEADER}\r\n${awardLine(1)}\r\n`, 'utf16le'),
      );
      await expectRefused(
        await importFile('notice_of_awards', file),
        'The file is UTF-16 text ("Unicode Text" in Excel) — save the file as UTF-8',
        'notice_of_awards',
      );
    });
  });

  it('says the file is empty for an empty or blank file in every format', async () => {
    const cases: [string, string, string][] = [
      ['empty.csv', '', 'The file is empty: a CSV import needs a header row.'],
      ['newlines.csv', '\n\n', 'The file is empty: a CSV import needs a header row.'],
      ['bom.csv', `${BOM}\r\n \r\n`, 'The file is empty: a CSV import needs a header row.'],
      ['empty.json', '', 'The file is empty: it holds no JSON.'],
      ['newlines.json', '\r\n\r\n', 'The file is empty: it holds no JSON.'],
      ['empty.ndjson', '', 'The file is empty: an NDJSON import needs one JSON record per line.'],
      [
        'newlines.ndjson',
        `${BOM}\n\n`,
        'The file is empty: an NDJSON import needs one JSON record per line.',
      ],
    ];
    for (const [name, content, message] of cases) {
      const file = await space.file(name, content);
      await expectRefused(await importFile('svp', file), message, 'svp');
    }
  });
});
