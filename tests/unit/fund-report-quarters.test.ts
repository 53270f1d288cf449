import { describe, expect, it } from 'vitest';
import {
  parseQuarterEnd,
  quarterEndFromWords,
  quarterEndInWords,
} from '../../shared/fund-report/fund-report-quarters.ts';

describe('fund report quarters, named by their last day', () => {
  it('reads --quarter as one of the four quarter ends', () => {
    for (const day of ['2025-03-31', '2025-06-30', '2025-09-30', '2025-12-31'])
      expect(parseQuarterEnd(day)).toEqual({ ok: true, endedOn: day });
    for (const day of ['2025-06-29', '2025-07-31', '2025-02-28', '2024-02-29', '2025-09-31'])
      expect(parseQuarterEnd(day), day).toEqual({
        ok: false,
        message:
          'must be the last day of a quarter: March 31, June 30, September 30 or December 31, like 2025-06-30',
      });
    expect(parseQuarterEnd('30/06/2025')).toEqual({
      ok: false,
      message: 'must be a date written YYYY-MM-DD, like 2025-06-30',
    });
  });

  it('reads and writes the report’s own form, "September 30, 2023"', () => {
    expect(quarterEndFromWords('September 30, 2023')).toBe('2023-09-30');
    expect(quarterEndFromWords('March 31, 2025')).toBe('2025-03-31');
    expect(quarterEndFromWords('June 31, 2024')).toBeUndefined();
    expect(quarterEndFromWords('Sept 30, 2023')).toBeUndefined();
    expect(quarterEndFromWords('2023-09-30')).toBeUndefined();
    expect(quarterEndInWords('2025-12-31')).toBe('December 31, 2025');
    for (const words of ['March 31, 2025', 'June 30, 2024', 'September 30, 2023'])
      expect(quarterEndInWords(quarterEndFromWords(words)!)).toBe(words);
  });
});
