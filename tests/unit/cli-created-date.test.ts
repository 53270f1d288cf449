import { describe, expect, it } from 'vitest';
import { parseCreated } from '../../cli/import/created-date.ts';

function iso(value: unknown): string | undefined {
  const parsed = parseCreated(value);
  return parsed.ok ? parsed.date.toISOString() : undefined;
}

describe('created times in import files', () => {
  it.each([
    ['March 5, 2024 at 3:07:09 PM UTC+08', '2024-03-05T07:07:09.000Z'],
    ['March 5, 2024 at 3:07:09 PM UTC+8', '2024-03-05T07:07:09.000Z'],
    ['December 31, 2023 at 12:00:00 AM UTC+08', '2023-12-30T16:00:00.000Z'],
    ['January 1, 2024 at 12:30:00 PM UTC+08', '2024-01-01T04:30:00.000Z'],
    ['march 5, 2024 at 3:07:09\u202fpm UTC-05:30', '2024-03-05T20:37:09.000Z'],
    ['February 29, 2024 at 1:00:00 PM UTC', '2024-02-29T13:00:00.000Z'],
    // Month names are read as news dates read them (shared/manila-time.ts monthFromName).
    ['Mar 5, 2024 at 3:07:09 PM UTC+08', '2024-03-05T07:07:09.000Z'],
  ])("reads the original's display text %j", (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    ['2024-03-05T15:07:09+08:00', '2024-03-05T07:07:09.000Z'],
    ['2024-03-05T07:07:09.123Z', '2024-03-05T07:07:09.123Z'],
    ['2024-03-05 07:07:09Z', '2024-03-05T07:07:09.000Z'],
    // Without an offset, Manila time: the municipality's own clock.
    ['2024-03-05T15:07', '2024-03-05T07:07:00.000Z'],
    ['2024-03-05', '2024-03-04T16:00:00.000Z'],
  ])('reads ISO 8601 %j', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    // What Excel writes for a date cell under Philippine settings, read as Manila time.
    ['3/5/2024 3:07 PM', '2024-03-05T07:07:00.000Z'],
    ['3/5/2024 3:07:09 pm', '2024-03-05T07:07:09.000Z'],
    ['03/05/2024 03:07PM', '2024-03-05T07:07:00.000Z'],
    ['3/5/2024 12:00 AM', '2024-03-04T16:00:00.000Z'],
    ['3/5/2024 12:30 PM', '2024-03-05T04:30:00.000Z'],
    ['3/5/2024 15:07', '2024-03-05T07:07:00.000Z'],
    ['3/5/2024 0:00', '2024-03-04T16:00:00.000Z'],
    ['3/5/2024', '2024-03-04T16:00:00.000Z'],
    ['12/31/2024 11:59 PM', '2024-12-31T15:59:00.000Z'],
    // Month first, as Excel writes en-PH dates: 3/4 is March 4, 05/03 is May 3.
    ['3/4/2024', '2024-03-03T16:00:00.000Z'],
    ['05/03/2024', '2024-05-02T16:00:00.000Z'],
    ['2/29/2024 8:00 AM', '2024-02-29T00:00:00.000Z'],
  ])("reads a spreadsheet's date and time %j", (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it('reads Firestore timestamp objects', () => {
    expect(iso({ _seconds: 1709622429, _nanoseconds: 500_000_000 })).toBe(
      '2024-03-05T07:07:09.500Z',
    );
    expect(
      iso({ __datatype__: 'timestamp', value: { _seconds: 1709622429, _nanoseconds: 0 } }),
    ).toBe('2024-03-05T07:07:09.000Z');
  });

  it.each([
    'February 30, 2024 at 1:00:00 PM UTC+08',
    'Marchh 5, 2024 at 3:07:09 PM UTC+08',
    'March 5, 2024 at 13:07:09 PM UTC+08',
    'March 5, 2024 at 3:07:60 PM UTC+08',
    'March 5, 2024 3:07:09 PM UTC+08',
    'March 5, 2024 at 3:07:09 PM UTC+08 extra',
    '2024-13-01',
    '2024-02-30T10:00:00Z',
    '2024-03-05T24:00:00Z',
    // Day first, a day that does not exist, a guessed century, an impossible clock time.
    '13/4/2024',
    '2/30/2024',
    '2/29/2023',
    '3/5/24',
    '3/5/2024 0:30 AM',
    '3/5/2024 13:00 PM',
    '3/5/2024 24:00',
    '3/5/2024 3:7 PM',
    '3/5/2024 3:07 PM UTC+08',
    'yesterday',
    '0999-01-01T00:00:00Z',
  ])('refuses %j with the accepted formats as the reason', (text) => {
    const parsed = parseCreated(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain('ISO 8601');
  });

  it('refuses values that are not text or timestamps', () => {
    expect(parseCreated(1709622429).ok).toBe(false);
    expect(parseCreated({ seconds: 'soon' }).ok).toBe(false);
    expect(parseCreated(['2024-03-05']).ok).toBe(false);
  });
});
