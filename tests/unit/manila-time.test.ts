import { describe, expect, it } from 'vitest';
import {
  manilaYear,
  formatManilaDate,
  formatManilaDateTime,
  formatManilaClock,
  manilaDate,
  manilaIso,
  manilaIsoExact,
  monthFromName,
  parseManilaDate,
  parseManilaDateTime,
  parseManilaInstant,
  toDateTimeLocal,
} from '../../shared/manila-time.ts';

describe('showing a UTC time in Manila', () => {
  it('puts a time after 16:00 UTC on the next Manila day', () => {
    const iso = '2026-03-04T16:30:00.000Z';
    expect(manilaDate(iso)).toBe('2026-03-05');
    expect(formatManilaDate(iso)).toBe('March 5, 2026');
    expect(formatManilaDateTime(iso)).toBe('March 5, 2026, 12:30 AM (Manila time)');
    expect(toDateTimeLocal(iso)).toBe('2026-03-05T00:30');
    expect(manilaIso(iso)).toBe('2026-03-05T00:30:00+08:00');
  });

  it('keeps a time before 16:00 UTC on the same day, and crosses years', () => {
    expect(manilaDate('2026-03-04T15:59:59.999Z')).toBe('2026-03-04');
    expect(formatManilaDateTime('2026-03-04T15:59:59.999Z')).toBe(
      'March 4, 2026, 11:59 PM (Manila time)',
    );
    expect(manilaDate('2025-12-31T16:00:00.000Z')).toBe('2026-01-01');
    expect(formatManilaDateTime('2024-03-05T07:07:09.000Z')).toBe(
      'March 5, 2024, 3:07 PM (Manila time)',
    );
  });

  // One form for every time shown, in both languages: no "UTC+08" on one page and
  // "(Manila)" on another, no "nang" between the day and the time.
  it('has one display form, the same in Filipino with its month names', () => {
    const iso = '2026-11-27T04:40:03.000Z';
    expect(formatManilaDateTime(iso)).toBe('November 27, 2026, 12:40 PM (Manila time)');
    expect(formatManilaDateTime(iso, 'fil')).toBe('Nobyembre 27, 2026, 12:40 PM (oras sa Maynila)');
    expect(formatManilaClock(iso)).toBe('12:40 PM (Manila time)');
    expect(formatManilaClock(iso, 'fil')).toBe('12:40 PM (oras sa Maynila)');
  });

  it("writes an exact instant with Manila's offset for files", () => {
    expect(manilaIsoExact('2026-02-03T02:00:00.000Z')).toBe('2026-02-03T10:00:00.000+08:00');
    expect(manilaIsoExact('2026-03-04T16:30:00.120Z')).toBe('2026-03-05T00:30:00.120+08:00');
  });

  it('shows text that is not a time as it is', () => {
    expect(formatManilaDate('not a time')).toBe('not a time');
  });
});

describe('parseManilaDate', () => {
  it('gives the UTC range [start, end) of a Manila day', () => {
    expect(parseManilaDate('2026-03-05')).toEqual({
      ok: true,
      start: '2026-03-04T16:00:00.000Z',
      end: '2026-03-05T16:00:00.000Z',
    });
    expect(parseManilaDate('2024-02-29')).toMatchObject({ ok: true });
  });

  it.each([
    '2026-13-01',
    '2026-02-30',
    '2025-02-29',
    '2026-00-10',
    '2026-3-5',
    '20260305',
    '',
    'x',
  ])('refuses %j, naming the value', (text) => {
    expect(parseManilaDate(text, 'The from date')).toEqual({
      ok: false,
      message: 'The from date must be a real date written YYYY-MM-DD, like 2026-03-05.',
    });
  });
});

describe('parseManilaDateTime', () => {
  it.each([
    ['2026-02-03T14:00', '2026-02-03T06:00:00.000Z'],
    ['2026-02-03T00:30', '2026-02-02T16:30:00.000Z'],
    ['2026-02-03 14:00:30', '2026-02-03T06:00:30.000Z'],
    ['2026-02-03T06:00:00Z', '2026-02-03T06:00:00.000Z'],
    ['2026-02-03T06:00:00.250Z', '2026-02-03T06:00:00.250Z'],
    ['2026-02-03T14:00+08:00', '2026-02-03T06:00:00.000Z'],
    ['2026-02-03T01:00-05:00', '2026-02-03T06:00:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseManilaDateTime(text)).toEqual({ ok: true, iso });
  });

  it.each(['2026-02-30T10:00', '2026-02-03T24:00', '2026-02-03T10:60', '2026-02-03', 'tomorrow'])(
    'refuses %j',
    (text) => {
      expect(parseManilaDateTime(text, 'Closing Date')).toEqual({
        ok: false,
        message: 'Closing Date must be a real date and time, like 2026-02-03T14:00 (Manila time).',
      });
    },
  );

  it('round-trips through the datetime-local form', () => {
    const parsed = parseManilaDateTime('2026-02-03T14:00');
    expect(parsed.ok && toDateTimeLocal(parsed.iso)).toBe('2026-02-03T14:00');
  });
});

describe('parseManilaInstant', () => {
  it.each([
    ['2026-03-05', '2026-03-04T16:00:00.000Z'],
    [' 2026-03-05 ', '2026-03-04T16:00:00.000Z'],
    ['2026-03-05T08:00', '2026-03-05T00:00:00.000Z'],
    ['2026-03-05T00:00:00Z', '2026-03-05T00:00:00.000Z'],
    ['2026-03-05T00:00:00.999999Z', '2026-03-05T00:00:00.999Z'],
  ])('reads %j as %s', (text, iso) => {
    expect(parseManilaInstant(text, 'since')).toEqual({ ok: true, iso });
  });

  it.each([
    '2025-02-30',
    '2026-01-31T24:00:00Z',
    '2026-01-31T23:59:60Z',
    '2026-01-31T10:00:00.1234567890Z',
    'last week',
    '',
  ])('refuses %j, naming the parameter', (text) => {
    const parsed = parseManilaInstant(text, 'since');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(/^since must be a real date and time/);
  });
});

describe('month names in spelt-out dates', () => {
  it.each([
    ['January', 1],
    ['march', 3],
    ['MAY', 5],
    ['Sept', 9],
    ['Sep', 9],
    ['dec', 12],
  ])('reads %s as month %i', (name, month) => expect(monthFromName(name)).toBe(month));

  it.each(['Ma', 'Ju', 'Marchh', 'Mayday', 'Marso', ''])('refuses %j', (name) =>
    expect(monthFromName(name)).toBeUndefined(),
  );
});

describe('manilaYear', () => {
  it('is the year in Manila, which starts at 16:00 UTC on December 31', () => {
    expect(manilaYear('2043-12-31T15:59:59.999Z')).toBe(2043);
    expect(manilaYear('2043-12-31T16:00:00.000Z')).toBe(2044);
    expect(manilaYear('2044-06-30T23:00:00.000Z')).toBe(2044);
  });
});
