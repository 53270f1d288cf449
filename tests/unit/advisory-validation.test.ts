import { describe, expect, it } from 'vitest';
import {
  checkAdvisory,
  MAX_ADVISORY_TEXT,
  MAX_ADVISORY_TITLE,
  type AdvisoryInput,
} from '../../shared/advisories/advisories.ts';
import { staffText } from '../../shared/i18n/staff-text.ts';

const english = staffText('en');
const check = (input: AdvisoryInput) => checkAdvisory(input, english);

const valid = {
  severity: 'warning',
  title: '  Water interruption  ',
  text: 'No water in Poblacion.',
  starts: '2026-07-01T08:00',
  ends: '2026-07-01T17:00:00+08:00',
};

describe('checkAdvisory', () => {
  it('reads Manila date-times and zoned ISO 8601 alike, as UTC, and trims the text', () => {
    expect(check(valid)).toEqual({
      ok: true,
      value: {
        severity: 'warning',
        title: 'Water interruption',
        text: 'No water in Poblacion.',
        starts: '2026-07-01T00:00:00.000Z',
        ends: '2026-07-01T09:00:00.000Z',
      },
    });
  });

  it('refuses an end at or before the start', () => {
    for (const ends of ['2026-07-01T08:00', '2026-06-30T23:59:00Z', '2026-07-01T07:59']) {
      expect(check({ ...valid, ends })).toEqual({
        ok: false,
        errors: { ends: 'The end must be after the start.' },
      });
    }
  });

  it('names every bad field at once', () => {
    const checked = check({
      severity: 'urgent',
      title: ' ',
      text: 'x'.repeat(MAX_ADVISORY_TEXT + 1),
      starts: '2026-02-30T08:00',
      ends: 'tomorrow',
    });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && Object.keys(checked.errors).sort()).toEqual([
      'ends',
      'severity',
      'starts',
      'text',
      'title',
    ]);
    expect(check({ ...valid, title: 'x'.repeat(MAX_ADVISORY_TITLE + 1) })).toMatchObject({
      ok: false,
      errors: { title: `Title must be at most ${MAX_ADVISORY_TITLE} characters.` },
    });
  });

  it('refuses in the language it is given, a Filipino staff page’s words', () => {
    const checked = checkAdvisory(
      { ...valid, title: ' ', ends: '2026-07-01T07:00' },
      staffText('fil'),
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        title: 'Kailangan ang pamagat.',
        ends: 'Ang wakas ay dapat pagkatapos ng simula.',
      },
    });
  });
});
