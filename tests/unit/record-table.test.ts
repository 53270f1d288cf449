import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/connection.ts';
import { readDataVersion } from '../../db/sqlite-data-version.ts';
import {
  createRecordTable,
  dropRecordTable,
  recordTableStatements,
  type RecordTableSpec,
} from '../../db/migrations/record-table.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { useScratchDatabase } from '../helpers/scratch-database.ts';

/** Whitespace collapsed, so SQL written on several lines compares with SQL written on one. */
const normal = (text: string) =>
  text.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();

/** The column definitions of a CREATE TABLE: its top-level comma-separated parts. */
function columnDefinitions(createTable: string): string[] {
  const body = createTable.slice(createTable.indexOf('(') + 1, createTable.lastIndexOf(')'));
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < body.length; index++) {
    const character = body[index];
    if (character === '(') depth++;
    else if (character === ')') depth--;
    else if (character === ',' && depth === 0) {
      parts.push(body.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(body.slice(start));
  return parts.map(normal).sort();
}

const ninth: RecordTableSpec = {
  collection: 'request_for_quotation',
  fields: [
    { name: 'rfq_number', type: 'text' },
    { name: 'project_title', type: 'text' },
    { name: 'abc', type: 'money', optional: true },
    { name: 'closing_date', type: 'datetime', optional: true },
    { name: 'link', type: 'link' },
  ],
  searchFields: ['rfq_number', 'project_title'],
};

describe('createRecordTable', () => {
  let database: AppDatabase;
  useScratchDatabase('municipal-record-table-', (opened) => (database = opened));

  it.each(recordKinds.map((kind) => [kind.collection, kind] as const))(
    'builds for %s exactly what migrations 0001 to 0008 built: columns, indexes, search index and triggers',
    (collection, kind) => {
      const statements = recordTableStatements(kind).map(normal);
      const built = database.sqlite
        .prepare(
          `SELECT type, name, sql FROM sqlite_master
           WHERE (tbl_name = ? OR name = ?) AND sql IS NOT NULL ORDER BY name`,
        )
        .all(collection, `${collection}_search`) as { type: string; name: string; sql: string }[];
      expect(built.length).toBeGreaterThan(10);
      const [createTable, ...rest] = statements;
      const table = built.find((entry) => entry.type === 'table' && entry.name === collection)!;
      expect(columnDefinitions(createTable!)).toEqual(columnDefinitions(table.sql));
      // Everything else the migrations left on the table, the same statement for statement;
      // the count row is data, not schema, and is checked below.
      const others = built.filter((entry) => entry !== table).map((entry) => normal(entry.sql));
      expect(rest.filter((statement) => !statement.startsWith('INSERT')).sort()).toEqual(
        others.sort(),
      );
      expect(rest).toContain(
        `INSERT INTO record_counts (collection, total) VALUES ('${collection}', 0)`,
      );
      expect(
        database.sqlite
          .prepare('SELECT total FROM record_counts WHERE collection = ?')
          .get(collection),
      ).toEqual({ total: 0 });
    },
  );

  it('gives a new kind a table that searches, counts, withdraws and bumps the data version', async () => {
    await createRecordTable(database.db, ninth);
    const version = readDataVersion(database);
    const insert = database.sqlite.prepare(
      'INSERT INTO request_for_quotation (rfq_number, project_title, abc, link) VALUES (?, ?, ?, ?)',
    );
    const { lastInsertRowid } = insert.run(
      'RFQ-2025-001',
      'Supply of Ñipa Shingles',
      1_250_000,
      'https://example.org/a.pdf',
    );
    insert.run('RFQ-2025-002', 'Drainage canal', null, 'https://example.org/b.pdf');
    expect(readDataVersion(database)).toBeGreaterThan(version);

    const search = (text: string) =>
      database.sqlite
        .prepare(
          'SELECT rowid FROM request_for_quotation_search WHERE request_for_quotation_search MATCH ?',
        )
        .pluck()
        .all(`"${text}"`);
    const total = () =>
      database.sqlite
        .prepare("SELECT total FROM record_counts WHERE collection = 'request_for_quotation'")
        .pluck()
        .get();
    expect(search('ñipa')).toEqual([Number(lastInsertRowid)]);
    expect(total()).toBe(2);

    database.sqlite
      .prepare(
        "UPDATE request_for_quotation SET withdrawn_at = '2025-03-01T00:00:00.000Z', withdrawal_reason = 'Cancelled' WHERE id = ?",
      )
      .run(lastInsertRowid);
    expect(search('ñipa')).toEqual([]);
    expect(total()).toBe(1);

    // The column checks of the first eight: amounts are centavos within range, times ISO UTC.
    expect(() => insert.run('RFQ-3', 'Bad amount', -1, 'https://example.org/c.pdf')).toThrow(
      /CHECK/,
    );
    expect(() =>
      database.sqlite
        .prepare(
          "INSERT INTO request_for_quotation (rfq_number, project_title, closing_date, link) VALUES ('R', 'T', 'March 5', 'https://example.org/d.pdf')",
        )
        .run(),
    ).toThrow(/CHECK/);

    await dropRecordTable(database.db, ninth);
    expect(
      database.sqlite
        .prepare("SELECT name FROM sqlite_master WHERE name LIKE 'request_for_quotation%'")
        .all(),
    ).toEqual([]);
    expect(total()).toBeUndefined();
  });

  it('refuses a name that is not a plain SQL identifier, and a search field the kind lacks', () => {
    expect(() => recordTableStatements({ ...ninth, collection: 'rfq; DROP TABLE svp' })).toThrow(
      /plain lower-case SQL name/,
    );
    expect(() => recordTableStatements({ ...ninth, searchFields: ['supplier'] })).toThrow(
      /searches supplier/,
    );
    expect(() =>
      recordTableStatements({
        ...ninth,
        fields: ninth.fields.filter((field) => field.name !== 'link'),
      }),
    ).toThrow(/no link field/);
  });
});
