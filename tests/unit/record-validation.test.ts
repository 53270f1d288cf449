import { describe, expect, it } from 'vitest';
import { kindByCollection, recordKinds } from '../../shared/record-kinds.ts';
import {
  FILL_ALL_FIELDS,
  LINK_MESSAGE,
  isWebAddress,
  validateRecord,
} from '../../shared/record-validation.ts';

const bulletin = kindByCollection('bid_bulletin')!;
const validBulletin = {
  bid_number_or_pr_number: ' PR-2025-001 ',
  project_title: 'Road concreting',
  addenddum_number: 'Addendum 1',
  link: 'https://example.org/a.pdf',
};

describe('validateRecord', () => {
  it.each(recordKinds.map((kind) => [kind.collection, kind] as const))(
    '%s: every field of the kind but the optional ones is required',
    (_name, kind) => {
      const result = validateRecord(kind, {});
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(Object.keys(result.errors).sort()).toEqual(
        kind.fields
          .filter((field) => !field.optional)
          .map((field) => field.name)
          .sort(),
      );
      expect(new Set(Object.values(result.errors))).toEqual(new Set([FILL_ALL_FIELDS]));
    },
  );

  it('trims values, drops fields of other kinds and accepts a complete record', () => {
    const result = validateRecord(bulletin, { ...validBulletin, supplier: 'not a bulletin field' });
    expect(result).toEqual({
      ok: true,
      value: { ...validBulletin, bid_number_or_pr_number: 'PR-2025-001' },
    });
  });

  it('treats blank and non-text values as missing', () => {
    const result = validateRecord(bulletin, {
      ...validBulletin,
      project_title: '   ',
      addenddum_number: 7,
    });
    expect(result).toEqual({
      ok: false,
      errors: { project_title: FILL_ALL_FIELDS, addenddum_number: FILL_ALL_FIELDS },
    });
  });

  it('treats input that is not an object as an empty record', () => {
    const result = validateRecord(bulletin, 'nonsense');
    expect(result.ok).toBe(false);
  });

  it('limits lengths with a message naming the field', () => {
    const result = validateRecord(bulletin, {
      ...validBulletin,
      addenddum_number: 'x'.repeat(101),
    });
    expect(result).toEqual({
      ok: false,
      errors: { addenddum_number: 'Addenddum Number must be at most 100 characters.' },
    });
  });

  it('normalises text to NFC so decomposed letters match composed searches', () => {
    const result = validateRecord(bulletin, { ...validBulletin, project_title: 'Paran\u0303aque' });
    expect(result.ok && result.value.project_title).toBe('Parañaque');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    '/relative/file.pdf',
    'example.org/x.pdf',
    'ftp://example.org/x',
    'http:example.org',
    'https://exa mple.org',
    'https://',
  ])('refuses the link %s', (link) => {
    expect(isWebAddress(link)).toBe(false);
    expect(validateRecord(bulletin, { ...validBulletin, link })).toEqual({
      ok: false,
      errors: { link: LINK_MESSAGE },
    });
  });

  it.each(['http://example.org', 'HTTPS://Example.org/docs/a%20b.pdf?x=1#p2'])(
    'accepts the link %s',
    (link) => {
      expect(isWebAddress(link)).toBe(true);
    },
  );
});
