import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import {
  addFundQuarter,
  hasImportedFundQuarter,
  listImportedFundQuarters,
  type ImportedFundRow,
} from '../../db/fund-report/fund-report.ts';
import { describeOnBothEngines } from '../helpers/both-engines.ts';

const ACTOR = 'accountant@example.gov.ph';

/** One program of a quarter; `change` overrides cells. */
function program(change: Partial<ImportedFundRow> = {}): ImportedFundRow {
  return {
    fundSource: 'LGSF-FALGU 2025',
    dateNotice: 'NADAI No. 2025-04-0101, April 14, 2025',
    typeProgram: 'Evacuation Center',
    nameTitle: 'Construction of a Multi-Purpose Evacuation Center',
    specificLocation: 'Barangay Bagong Silang',
    mechanism: 'By Contract',
    estimatedNumber: '2,400',
    amountReceive: 650_000_000,
    dateOfObligation: 'May 20, 2025',
    amountObligation: 648_000_050,
    amountDisbursment: '1st billing ₱1,191,200.00',
    estimatedPeriod: 'December 2025',
    status: 'Ongoing: 35% complete',
    ...change,
  };
}

describeOnBothEngines('the fund report’s imported quarters', (engine) => {
  it('adds a quarter with its rows in order and the audit entry, and lists it newest first', async () => {
    expect(await hasImportedFundQuarter(engine.site(), '2025-06-30')).toBe(false);
    expect(
      await addFundQuarter(engine.site(), {
        endedOn: '2025-06-30',
        rows: [program(), program({ specificLocation: 'Barangay Malinao', amountReceive: null })],
        actor: ACTOR,
        sourceFile: 'q2.csv',
      }),
    ).toBe(true);
    expect(
      await addFundQuarter(engine.site(), {
        endedOn: '2025-09-30',
        // Beyond 2^31 centavos: the amount columns are 64-bit on both engines.
        rows: [program({ amountReceive: 300_000_000_000, amountObligation: 0 })],
        actor: ACTOR,
        sourceFile: 'q3.csv',
      }),
    ).toBe(true);
    expect(await hasImportedFundQuarter(engine.another(), '2025-06-30')).toBe(true);
    const quarters = await listImportedFundQuarters(engine.another());
    expect(quarters.map((quarter) => quarter.endedOn)).toEqual(['2025-09-30', '2025-06-30']);
    expect(quarters[0]!.rows[0]).toMatchObject({
      amountReceive: '3000000000.00',
      amountObligation: '0.00',
    });
    expect(quarters[1]!.rows).toEqual([
      { ...program(), amountReceive: '6500000.00', amountObligation: '6480000.50' },
      {
        ...program({ specificLocation: 'Barangay Malinao' }),
        amountReceive: '',
        amountObligation: '6480000.50',
      },
    ]);
    const audit = await listAudit(engine.site(), {
      limit: 10,
      action: 'fund-report-quarter-imported',
    });
    expect(audit.map((entry) => entry.detail)).toEqual([
      { quarter: '2025-09-30', rows: 1, file: 'q3.csv' },
      { quarter: '2025-06-30', rows: 2, file: 'q2.csv' },
    ]);
    expect(audit[0]!.actor).toBe(ACTOR);
  });

  it('refuses a quarter imported before, writing nothing', async () => {
    expect(
      await addFundQuarter(engine.another(), {
        endedOn: '2025-06-30',
        rows: [program({ status: 'Replaced?' })],
        actor: ACTOR,
        sourceFile: 'again.csv',
      }),
    ).toBe(false);
    const quarters = await listImportedFundQuarters(engine.site());
    expect(quarters.find((quarter) => quarter.endedOn === '2025-06-30')!.rows).toHaveLength(2);
    const audit = await listAudit(engine.site(), {
      limit: 10,
      action: 'fund-report-quarter-imported',
    });
    expect(audit).toHaveLength(2);
  });

  it('rolls a failing import back: no quarter, no rows, no audit entry', async () => {
    await expect(
      addFundQuarter(engine.site(), {
        endedOn: '2025-12-31',
        // The second row breaks the amount's check (never negative) after the first is written.
        rows: [program(), program({ amountObligation: -1 })],
        actor: ACTOR,
        sourceFile: 'broken.csv',
      }),
    ).rejects.toThrow();
    expect(await hasImportedFundQuarter(engine.site(), '2025-12-31')).toBe(false);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM fund_report_rows WHERE ended_on = '2025-12-31'`.execute(
      engine.site().db,
    );
    expect(Number(rows[0]!.n)).toBe(0);
    const audit = await listAudit(engine.site(), {
      limit: 10,
      action: 'fund-report-quarter-imported',
    });
    expect(audit).toHaveLength(2);
  });
});
