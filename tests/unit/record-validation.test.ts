import { describe, expect, it } from 'vitest';
import {
  fieldSpec,
  formFieldValue,
  kindByCollection,
  recordKinds,
  type FieldSpec,
} from '../../shared/record-kinds.ts';
import {
  describeFieldErrors,
  FILL_ALL_FIELDS,
  LINK_MESSAGE,
  hostedDocumentSha256,
  isWebAddress,
  validateFieldUpdates,
  validateRecord,
  type ValidationWords,
} from '../../shared/records/record-validation.ts';
import { formatMessage } from '../../shared/i18n/format-message.ts';
import { staffFil } from '../../shared/i18n/staff-messages-fil.ts';

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
        (kind.fields as readonly FieldSpec[])
          .filter((field) => !field.optional)
          .map((field) => field.name)
          .sort(),
      );
      expect(new Set(Object.values(result.errors))).toEqual(new Set([FILL_ALL_FIELDS]));
      // The blank fields are listed, in form order, so nothing compares their words.
      expect(result.blank).toEqual(
        (kind.fields as readonly FieldSpec[])
          .filter((field) => !field.optional)
          .map((field) => field.name),
      );
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
      blank: ['project_title', 'addenddum_number'],
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
      blank: [],
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
      blank: [],
    });
  });

  it.each(['http://example.org', 'HTTPS://Example.org/docs/a%20b.pdf?x=1#p2'])(
    'accepts the link %s',
    (link) => {
      expect(isWebAddress(link)).toBe(true);
    },
  );
});

describe('the optional procurement fields', () => {
  const svp = kindByCollection('svp')!;
  const validSvp = {
    pr_number: 'PR-1',
    project_title: 'Solar lights',
    link: 'https://example.org/a.pdf',
  };

  it('are left out when absent or blank, and normalised to the edge form when given', () => {
    expect(validateRecord(svp, { ...validSvp, abc: ' ', closing_date: '' })).toEqual({
      ok: true,
      value: validSvp,
    });
    expect(
      validateRecord(svp, {
        ...validSvp,
        philgeps_reference: ' 123 ',
        abc: '1,234,567.8',
        closing_date: '2026-02-03T14:00',
      }),
    ).toEqual({
      ok: true,
      value: {
        ...validSvp,
        philgeps_reference: '123',
        abc: '1234567.80',
        closing_date: '2026-02-03T06:00:00.000Z',
      },
    });
  });

  it('name the field in their messages', () => {
    expect(
      validateRecord(svp, { ...validSvp, abc: '-5', closing_date: '2026-02-30T10:00' }),
    ).toEqual({
      ok: false,
      errors: {
        abc: 'Approved Budget for the Contract (ABC) must not be negative.',
        closing_date:
          'Closing Date must be a real date and time, like 2026-02-03T14:00 (Manila time).',
      },
      blank: [],
    });
  });

  it('accept a hosted document path as the link, and nothing that only looks like one', () => {
    const sha = 'ab'.repeat(32);
    expect(hostedDocumentSha256(`/documents/${sha}/notice%20one.pdf`)).toBe(sha);
    expect(validateRecord(svp, { ...validSvp, link: `/documents/${sha}/n.pdf` }).ok).toBe(true);
    for (const link of [
      `/documents/${sha.toUpperCase()}/n.pdf`,
      `/documents/${sha.slice(1)}/n.pdf`,
      `/documents/${sha}/`,
      `/documents/${sha}/a/b.pdf`,
      `/documents/${sha}/n.pdf?x=1`,
      `//documents/${sha}/n.pdf`,
    ]) {
      expect(validateRecord(svp, { ...validSvp, link }), link).toEqual({
        ok: false,
        errors: { link: LINK_MESSAGE },
        blank: [],
      });
    }
  });
});

describe('validateFieldUpdates', () => {
  const awards = kindByCollection('notice_of_awards')!;

  it('checks only the fields given; a blank optional field clears it, a blank required one is refused', () => {
    expect(validateFieldUpdates(awards, { contract_amount: '', supplier: ' New ' })).toEqual({
      ok: true,
      value: { contract_amount: null, supplier: 'New' },
    });
    expect(validateFieldUpdates(awards, { supplier: '' })).toEqual({
      ok: false,
      errors: { supplier: FILL_ALL_FIELDS },
    });
  });

  it('refuses a field the kind does not have', () => {
    const result = validateFieldUpdates(awards, { abc: '5' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.abc).toMatch(/^Unknown field "abc"/);
  });
});

describe('describeFieldErrors', () => {
  it('names the blank fields in form order after the original words, then other problems once', () => {
    expect(
      describeFieldErrors(bulletin, {
        errors: {
          link: LINK_MESSAGE,
          project_title: FILL_ALL_FIELDS,
          bid_number_or_pr_number: FILL_ALL_FIELDS,
        },
        blank: ['project_title', 'bid_number_or_pr_number'],
      }),
    ).toBe(`${FILL_ALL_FIELDS}: Pr Number/Bid Number, Project Title. ${LINK_MESSAGE}`);
    expect(describeFieldErrors(bulletin, { errors: { link: LINK_MESSAGE }, blank: [] })).toBe(
      LINK_MESSAGE,
    );
  });

  it('names the fields listed as blank, whatever their words (another language)', () => {
    const filipino = 'Punan ang lahat ng field';
    expect(
      describeFieldErrors(bulletin, {
        errors: { project_title: filipino, link: LINK_MESSAGE },
        blank: ['project_title'],
      }),
    ).toBe(`${FILL_ALL_FIELDS}: Project Title. ${LINK_MESSAGE}`);
  });
});

describe('validation in Filipino', () => {
  const filipino: ValidationWords = {
    text: (key, values) => formatMessage(staffFil[key], values),
    lang: 'fil',
  };
  const svp = kindByCollection('svp')!;

  it('words every problem with the Filipino catalogue and field labels, and finds the same ones', () => {
    const input = { ...validBulletin, project_title: ' ', link: 'ftp://example.org/a.pdf' };
    const english = validateRecord(bulletin, input);
    const result = validateRecord(bulletin, input, filipino);
    expect(Object.keys(!result.ok ? result.errors : {})).toEqual(
      Object.keys(!english.ok ? english.errors : {}),
    );
    expect(!result.ok && describeFieldErrors(bulletin, result, filipino)).toBe(
      `Punan ang lahat ng field: Pamagat ng Proyekto. ${staffFil['staff.validation.link']}`,
    );
  });

  it('says why an amount or a time was refused, naming the field in Filipino', () => {
    const result = validateRecord(
      svp,
      { abc: '1.234', closing_date: '2026-02-30T10:00' },
      filipino,
    );
    expect(!result.ok && result.errors).toMatchObject({
      abc: 'Hanggang 2 decimal place (sentimo) lamang ang Inaprubahang Badyet para sa Kontrata (ABC).',
      closing_date: expect.stringMatching(/^Ang Petsa ng Pagsasara ay dapat totoong petsa at oras/),
    });
  });
});

describe('formFieldValue', () => {
  const award = kindByCollection('notice_of_awards')!;
  const mode = fieldSpec(award, 'mode_of_procurement')!;
  const form = (entries: Record<string, string>) => new URLSearchParams(entries);

  it('takes the listed mode chosen, or the text typed after Other', () => {
    expect(mode.choices).toContain('Public Bidding');
    expect(formFieldValue(mode, form({ mode_of_procurement: 'Public Bidding' }))).toBe(
      'Public Bidding',
    );
    expect(
      formFieldValue(
        mode,
        form({ mode_of_procurement: 'Other', mode_of_procurement_other: 'Pakyaw' }),
      ),
    ).toBe('Pakyaw');
    expect(formFieldValue(mode, form({ mode_of_procurement: 'Other' }))).toBe('');
  });

  it('reads a field without choices as typed, even one named like a choice', () => {
    const title = fieldSpec(award, 'project_title')!;
    expect(formFieldValue(title, form({ project_title: 'Other' }))).toBe('Other');
  });
});
