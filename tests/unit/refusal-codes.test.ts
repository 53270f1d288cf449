import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../client/api-client.ts';
import { ADVISORY_REFUSAL_KEYS, ADVISORY_REFUSALS } from '../../shared/advisories/advisories.ts';
import { DELETION_REFUSAL_KEYS, DELETION_REFUSALS } from '../../shared/deletion.ts';
import {
  DOCUMENT_UPLOAD_REFUSAL_KEYS,
  UPLOAD_REFUSALS,
} from '../../shared/documents/document-uploads.ts';
import {
  DISCLOSURE_REFUSAL_OUTCOMES,
  DISCLOSURE_REFUSALS,
} from '../../shared/full-disclosure/full-disclosure-paths.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import { staffFil } from '../../shared/i18n/staff-messages-fil.ts';
import { NEWS_REFUSAL_KEYS, NEWS_REFUSALS } from '../../shared/news/news.ts';
import {
  PROJECT_REFUSAL_KEYS,
  PROJECT_REFUSALS,
} from '../../shared/procurement-projects/project-services.ts';
import { ACCESS_REFUSALS, codeIn } from '../../shared/refusals.ts';
import {
  ACCOUNT_REFUSAL_KEYS,
  ACCOUNT_REFUSALS,
} from '../../shared/staff-accounts/staff-accounts.ts';
import {
  ADD_RECORD_REFUSAL_KEYS,
  ADD_RECORD_REFUSALS,
  FLASH_CODES,
  FLASH_KEYS,
  RECORD_CHANGE_REFUSAL_KEYS,
  RECORD_CHANGE_REFUSALS,
  SIGN_IN_REFUSAL_KEYS,
  SIGN_IN_REFUSALS,
} from '../../shared/staff-services.ts';

/** Each area's codes and the staff catalogue keys that word them on its pages. */
const AREAS: Record<string, [readonly string[], Record<string, string>]> = {
  'sign-in': [SIGN_IN_REFUSALS, SIGN_IN_REFUSAL_KEYS],
  flash: [FLASH_CODES, FLASH_KEYS],
  'add a record': [ADD_RECORD_REFUSALS, ADD_RECORD_REFUSAL_KEYS],
  'change a record': [RECORD_CHANGE_REFUSALS, RECORD_CHANGE_REFUSAL_KEYS],
  'move a notice to another project': [PROJECT_REFUSALS, PROJECT_REFUSAL_KEYS],
  news: [NEWS_REFUSALS, NEWS_REFUSAL_KEYS],
  advisories: [ADVISORY_REFUSALS, ADVISORY_REFUSAL_KEYS],
  deletion: [DELETION_REFUSALS, DELETION_REFUSAL_KEYS],
  accounts: [ACCOUNT_REFUSALS, ACCOUNT_REFUSAL_KEYS],
  'document uploads': [
    UPLOAD_REFUSALS.filter((code) => code !== 'TOO_MANY_PIXELS'),
    DOCUMENT_UPLOAD_REFUSAL_KEYS,
  ],
};

describe('refusal codes', () => {
  const everyCode = [
    ...ACCESS_REFUSALS,
    ...DISCLOSURE_REFUSALS,
    ...Object.values(AREAS).flatMap(([codes]) => codes),
  ];

  it('are SCREAMING_SNAKE words, not sentences', () => {
    expect(everyCode.filter((code) => !/^[A-Z]+(?:_[A-Z]+)*$/.test(code))).toEqual([]);
  });

  it.each(Object.keys(AREAS))(
    '%s: every code, and only they, have words in both catalogues',
    (area) => {
      const [codes, keys] = AREAS[area]!;
      expect(Object.keys(keys).sort()).toEqual([...new Set(codes)].sort());
      for (const key of Object.values(keys)) {
        expect(staffEn, key).toHaveProperty([key]);
        expect(staffFil, key).toHaveProperty([key]);
      }
    },
  );

  it('Full Disclosure: every refusal leads back to a page that words it', () => {
    expect(Object.keys(DISCLOSURE_REFUSAL_OUTCOMES).sort()).toEqual(
      [...DISCLOSURE_REFUSALS].sort(),
    );
  });

  it('the English words of the codes the services answer with live in the catalogue only', () => {
    expect(staffEn[ADD_RECORD_REFUSAL_KEYS.FORM_EXPIRED]).toBe(
      'This form has expired. Reload the page and try again; what you typed is kept.',
    );
    expect(staffEn[FLASH_KEYS.SIGNED_IN]).toBe('Login successful');
    expect(staffFil[FLASH_KEYS.SIGNED_IN]).toBe('Matagumpay ang pag-login');
  });
});

describe('reading an API answer’s code in the browser', () => {
  it('takes a code it knows, and nothing else', () => {
    expect(codeIn(NEWS_REFUSALS, 'CHANGED_MEANWHILE')).toBe('CHANGED_MEANWHILE');
    expect(codeIn(NEWS_REFUSALS, 'LAST_ADMIN')).toBeUndefined();
    expect(codeIn(NEWS_REFUSALS, { code: 'CHANGED_MEANWHILE' })).toBeUndefined();
  });

  it('reads an answer without a code (the app’s own refusals) by its status, when told how', () => {
    const uncoded = { 403: 'NOT_PERMITTED' } as const;
    expect(refusalCode(NEWS_REFUSALS, 409, { code: 'ALREADY_WITHDRAWN' }, uncoded)).toBe(
      'ALREADY_WITHDRAWN',
    );
    expect(refusalCode(NEWS_REFUSALS, 403, { message: 'Invalid csrf token' }, uncoded)).toBe(
      'NOT_PERMITTED',
    );
    expect(refusalCode(NEWS_REFUSALS, 404, null, uncoded)).toBeUndefined();
    // A code the area does not know is no refusal of its own (NOT_SIGNED_IN: sign in again).
    expect(refusalCode(NEWS_REFUSALS, 401, { code: 'NOT_SIGNED_IN' }, uncoded)).toBeUndefined();
  });
});
