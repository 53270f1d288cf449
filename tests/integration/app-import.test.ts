import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { scalar } from '../helpers/site-scalar.ts';
import { OPERATOR } from './cli-harness.ts';
import { useEngineWorkspace, type EngineWorkspace } from './cli-engine-workspace.ts';

// `municipal import app`: the Annual Procurement Plan's lines become planned projects (issue 34).

const HEADER =
  'Code (PAP),Procurement Program/Project,PMO/End-User,Mode of Procurement,Source of Funds,Estimated Budget (Total),Remarks';

const GOOD = [
  // Headings as spreadsheets spell them: case, spaces and punctuation differ from the form's.
  'CODE(PAP),procurement program / project,PMO/End User,MODE OF PROCUREMENT,Source of Funds,Estimated Budget (Total),Remarks',
  'APP-2026-001,Concreting of Purok 3 Road,Municipal Engineering Office,Public Bidding,20% Development Fund,"₱1,234,567.89",Phase 1',
  ',,,,,,',
  'APP-2026-002,School chairs,Municipal Social Welfare Office,Small Value Procurement,General Fund,"500,000",',
  ',TOTAL,,,,"1,734,567.89",',
].join('\n');

interface PlannedRow {
  process_key: string;
  app_code: string;
  title: string;
  end_user_office: string;
  mode: string;
  source_of_funds: string;
  abc: number;
  year: number;
  app_year: number;
  plan_columns: string;
}

function plannedProjects(space: EngineWorkspace): Promise<PlannedRow[]> {
  return space.read(async ({ db }) => {
    const { rows } = await sql<PlannedRow>`SELECT process_key, app_code, title, end_user_office,
        mode, source_of_funds, abc, year, app_year, plan_columns
      FROM procurement_projects WHERE app_year IS NOT NULL ORDER BY app_code`.execute(db);
    return rows;
  });
}

function count(space: EngineWorkspace, query: string): Promise<unknown> {
  return space.read((database) => scalar(database, query));
}

const importApp = (space: EngineWorkspace, file: string, ...rest: string[]) =>
  space.run(['import', 'app', file, '--year', '2026', ...rest]);

describe('import app', { timeout: 180_000 }, () => {
  const space = useEngineWorkspace();

  it('stores each line as a planned project in centavos, keeping the other columns, skipping blank and total rows', async () => {
    const file = await space.file('app-2026.csv', `${GOOD}\n`);
    const checked = await importApp(space, file, '--dry-run');
    expect([checked.code, checked.stdout]).toEqual([
      0,
      expect.stringContaining('2 plan lines for 2026, all valid; 2 would be added'),
    ]);
    expect(await count(space, 'SELECT count(*) FROM procurement_projects')).toBe(0);

    const stored = await importApp(space, file, '--as', OPERATOR);
    expect([stored.code, stored.stderr]).toEqual([0, '']);
    expect(stored.stdout).toContain('2 planned projects added, 0 updated');
    expect(stored.stdout).toContain('Skipped 1 blank row and 1 total row');
    expect(await plannedProjects(space)).toEqual([
      {
        process_key: 'app-2026-APP-2026-001',
        app_code: 'APP-2026-001',
        title: 'Concreting of Purok 3 Road',
        end_user_office: 'Municipal Engineering Office',
        mode: 'Public Bidding',
        source_of_funds: '20% Development Fund',
        abc: 123_456_789,
        year: 2026,
        app_year: 2026,
        plan_columns: JSON.stringify({ Remarks: 'Phase 1' }),
      },
      expect.objectContaining({
        app_code: 'APP-2026-002',
        abc: 50_000_000,
        title: 'School chairs',
      }),
    ]);
    expect(
      await count(space, "SELECT count(*) FROM audit_log WHERE action = 'app-line-imported'"),
    ).toBe(2);
  });

  it('refuses a file with bad rows, naming each line, and stores nothing of it', async () => {
    const file = await space.file(
      'bad.csv',
      [
        HEADER,
        'APP-1,Road,MEO,Public Bidding,General Fund,"1,000,000.00",',
        'APP-2,Bridge,MEO,Public Bidding,General Fund,"12,34,567",',
        'APP-3,Chairs,MSWDO,Shopping,General Fund,1000,',
        'APP-1,,MEO,Public Bidding,General Fund,,',
      ].join('\n'),
    );
    const refused = await importApp(space, file, '--as', OPERATOR);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('line 3, Estimated Budget (Total):');
    expect(refused.stderr).toContain('line 5, Code (PAP): "APP-1" is also on line 2');
    expect(refused.stderr).toContain('line 5, Procurement Program/Project: blank');
    expect(refused.stderr).toContain('line 5, Estimated Budget (Total): blank');
    expect(refused.stderr).not.toMatch(/line [24],/);
    expect(await count(space, 'SELECT count(*) FROM procurement_projects')).toBe(0);
    expect(
      await count(space, "SELECT count(*) FROM audit_log WHERE action = 'app-line-imported'"),
    ).toBe(0);
  });

  it('refuses a file without a required heading, naming it', async () => {
    const file = await space.file(
      'no-funds.csv',
      'Code (PAP),Procurement Program/Project,PMO/End-User,Mode of Procurement,Estimated Budget (Total)\nAPP-1,Road,MEO,Public Bidding,1000\n',
    );
    const refused = await importApp(space, file, '--as', OPERATOR);
    expect([refused.code, refused.stderr]).toEqual([
      1,
      expect.stringContaining('lacks the APP form\'s "Source of Funds"'),
    ]);
    expect(await count(space, 'SELECT count(*) FROM procurement_projects')).toBe(0);
    const noYear = await space.run(['import', 'app', file, '--as', OPERATOR]);
    expect([noYear.code, noYear.stderr]).toEqual([2, expect.stringContaining('--year <year>')]);
  });

  it('updates the planned project when a revised plan is imported again, adding only new codes', async () => {
    await importApp(space, await space.file('app.csv', `${GOOD}\n`), '--as', OPERATOR);
    const revised = await space.file(
      'revised.csv',
      [
        HEADER,
        'APP-2026-001,Concreting of Purok 3 Road (revised),Municipal Engineering Office,Public Bidding,20% Development Fund,"1,500,000.00",Phase 1 and 2',
        'APP-2026-003,Office computers,Municipal Administrator,Shopping,General Fund,"300,000.00",',
      ].join('\n'),
    );
    const checked = await importApp(space, revised, '--dry-run');
    expect(checked.stdout).toContain('1 would be added and 1 would update');
    const stored = await importApp(space, revised, '--as', OPERATOR);
    expect([stored.code, stored.stdout]).toEqual([
      0,
      expect.stringContaining('1 planned project added, 1 updated'),
    ]);
    const projects = await plannedProjects(space);
    expect(projects.map((row) => [row.app_code, row.title, row.abc, row.plan_columns])).toEqual([
      [
        'APP-2026-001',
        'Concreting of Purok 3 Road (revised)',
        150_000_000,
        JSON.stringify({ Remarks: 'Phase 1 and 2' }),
      ],
      ['APP-2026-002', 'School chairs', 50_000_000, JSON.stringify({ Remarks: '' })],
      ['APP-2026-003', 'Office computers', 30_000_000, JSON.stringify({ Remarks: '' })],
    ]);
    expect(
      await count(space, "SELECT count(*) FROM audit_log WHERE action = 'app-line-imported'"),
    ).toBe(4);
  });

  it('lets a record import name a planned project by its APP code', async () => {
    await importApp(space, await space.file('app.csv', `${GOOD}\n`), '--as', OPERATOR);
    const awards = await space.file(
      'awards.csv',
      'pr_number,project_title,supplier,mode_of_procurement,contract_amount,link,project\nPR-2026-900,School chairs,Upuan Trading,Small Value Procurement,"480,000.00",https://example.org/a.pdf,APP-2026-002\n',
    );
    const imported = await space.run(['import', 'notice_of_awards', awards, '--as', OPERATOR]);
    expect([imported.code, imported.stderr]).toEqual([0, '']);
    expect(
      await count(
        space,
        `SELECT p.app_code FROM procurement_project_notices AS n
         JOIN procurement_projects AS p ON p.id = n.project_id WHERE n.collection = 'notice_of_awards'`,
      ),
    ).toBe('APP-2026-002');
    expect(await count(space, 'SELECT count(*) FROM procurement_projects')).toBe(2);
  });
});
