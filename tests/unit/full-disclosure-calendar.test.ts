import { describe, expect, it } from 'vitest';
import {
  currentFiscalYear,
  disclosureState,
  parseDisclosurePeriod,
  periodSchedule,
  periodsOf,
} from '../../shared/full-disclosure/full-disclosure.ts';

const at = (iso: string) => new Date(iso);

describe('Full Disclosure periods and deadlines', () => {
  it('ends a quarter at Manila midnight after its last day, 16:00 UTC the day before', () => {
    expect(periodSchedule({ year: 2025, quarter: 1 }, 30)).toEqual({
      ends: '2025-03-31T16:00:00.000Z',
      deadline: '2025-04-30',
      overdueFrom: '2025-04-30T16:00:00.000Z',
    });
    expect(periodSchedule({ year: 2025, quarter: 2 }, 30).ends).toBe('2025-06-30T16:00:00.000Z');
    expect(periodSchedule({ year: 2025, quarter: 3 }, 30).ends).toBe('2025-09-30T16:00:00.000Z');
  });

  it('ends the fiscal year (and its fourth quarter) on December 31, due from January 1', () => {
    const year = periodSchedule({ year: 2025, quarter: null }, 30);
    expect(year).toEqual({
      ends: '2025-12-31T16:00:00.000Z',
      deadline: '2026-01-30',
      overdueFrom: '2026-01-30T16:00:00.000Z',
    });
    expect(periodSchedule({ year: 2025, quarter: 4 }, 30)).toEqual(year);
  });

  it('counts February 29 in a leap year and not in another', () => {
    // 60 days after December 31: February 29 in 2024, March 1 in 2023.
    expect(periodSchedule({ year: 2023, quarter: null }, 60).deadline).toBe('2024-02-29');
    expect(periodSchedule({ year: 2022, quarter: null }, 60).deadline).toBe('2023-03-01');
    // A quarter that ends on February's side: Q4 2027 + 60 days reaches into 2028's leap day.
    expect(periodSchedule({ year: 2027, quarter: 4 }, 60).overdueFrom).toBe(
      '2028-02-29T16:00:00.000Z',
    );
  });

  it('gives an annual type one period and a quarterly type four', () => {
    expect(periodsOf({ frequency: 'annual' }, 2025)).toEqual([{ year: 2025, quarter: null }]);
    expect(periodsOf({ frequency: 'quarterly' }, 2025).map((period) => period.quarter)).toEqual([
      1, 2, 3, 4,
    ]);
  });
});

describe('Full Disclosure states at the boundaries', () => {
  const q1 = periodSchedule({ year: 2024, quarter: 1 }, 30);
  // A site tracking postings since well before the periods below.
  const TRACKED_FROM = '2020-01-01T00:00:00.000Z';

  it('is not yet due until the last millisecond of the period in Manila', () => {
    expect(disclosureState(q1, false, at('2024-03-31T15:59:59.999Z'), TRACKED_FROM)).toBe(
      'not-yet-due',
    );
    expect(disclosureState(q1, false, at('2024-03-31T16:00:00.000Z'), TRACKED_FROM)).toBe('due');
  });

  it('is due through the whole deadline day in Manila, overdue from the next midnight', () => {
    expect(q1.deadline).toBe('2024-04-30');
    expect(disclosureState(q1, false, at('2024-04-30T15:59:59.999Z'), TRACKED_FROM)).toBe('due');
    expect(disclosureState(q1, false, at('2024-04-30T16:00:00.000Z'), TRACKED_FROM)).toBe(
      'overdue',
    );
  });

  it('is posted whenever a document is there, early or late', () => {
    expect(disclosureState(q1, true, at('2024-02-01T00:00:00.000Z'), TRACKED_FROM)).toBe('posted');
    expect(disclosureState(q1, true, at('2030-01-01T00:00:00.000Z'), TRACKED_FROM)).toBe('posted');
  });

  it('turns the fiscal year over at Manila midnight on January 1', () => {
    const year = periodSchedule({ year: 2024, quarter: null }, 15);
    expect(disclosureState(year, false, at('2024-12-31T15:59:59.999Z'), TRACKED_FROM)).toBe(
      'not-yet-due',
    );
    expect(disclosureState(year, false, at('2024-12-31T16:00:00.000Z'), TRACKED_FROM)).toBe('due');
    expect(currentFiscalYear(at('2024-12-31T15:59:59.999Z'))).toBe(2024);
    expect(currentFiscalYear(at('2024-12-31T16:00:00.000Z'))).toBe(2025);
  });

  it('is not tracked, never overdue, when the deadline passed before the site tracked postings', () => {
    // Q1 2024 is overdue from Manila midnight starting May 1, 2024.
    const since = (iso: string) => disclosureState(q1, false, at('2026-01-01T00:00:00.000Z'), iso);
    expect(since('2024-04-30T16:00:00.000Z')).toBe('not-tracked');
    expect(since('2024-04-30T15:59:59.999Z')).toBe('overdue');
    // A document posted later for such a period shows as posted.
    expect(
      disclosureState(q1, true, at('2026-01-01T00:00:00.000Z'), '2025-06-01T00:00:00.000Z'),
    ).toBe('posted');
  });

  it('with no grace days, is overdue as soon as the period ends', () => {
    const noGrace = periodSchedule({ year: 2024, quarter: 2 }, 0);
    expect(noGrace.deadline).toBe('2024-06-30');
    expect(disclosureState(noGrace, false, at('2024-06-30T15:59:59.999Z'), TRACKED_FROM)).toBe(
      'not-yet-due',
    );
    expect(disclosureState(noGrace, false, at('2024-06-30T16:00:00.000Z'), TRACKED_FROM)).toBe(
      'overdue',
    );
  });
});

describe('Full Disclosure periods as typed', () => {
  const annual = { name: 'Annual Budget Report', frequency: 'annual' } as const;
  const quarterly = { name: 'SEF Utilization', frequency: 'quarterly' } as const;

  it('reads a year, and a quarter for a quarterly type', () => {
    expect(parseDisclosurePeriod(annual, '2025', '')).toEqual({
      ok: true,
      period: { year: 2025, quarter: null },
    });
    expect(parseDisclosurePeriod(quarterly, ' 2025 ', 'Q3')).toEqual({
      ok: true,
      period: { year: 2025, quarter: 3 },
    });
  });

  it('names the wrong part', () => {
    expect(parseDisclosurePeriod(annual, '25', '')).toMatchObject({ ok: false, field: 'year' });
    expect(parseDisclosurePeriod(annual, '2025', '1')).toMatchObject({
      ok: false,
      field: 'quarter',
    });
    expect(parseDisclosurePeriod(quarterly, '2025', '')).toMatchObject({
      ok: false,
      field: 'quarter',
    });
    expect(parseDisclosurePeriod(quarterly, '2025', '5')).toMatchObject({
      ok: false,
      field: 'quarter',
    });
  });
});
