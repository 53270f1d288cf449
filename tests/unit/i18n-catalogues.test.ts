import { describe, expect, it } from 'vitest';
import { alertMailEn } from '../../shared/alerts/alert-mail-messages-en.ts';
import { alertMailFil } from '../../shared/alerts/alert-mail-messages-fil.ts';
import { en } from '../../shared/i18n/messages-en.ts';
import { fil } from '../../shared/i18n/messages-fil.ts';
import { FIELD_LABELS_FIL, KIND_TEXT_FIL } from '../../shared/records/record-kinds-fil.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import { staffFil } from '../../shared/i18n/staff-messages-fil.ts';
import { recordKinds } from '../../shared/record-kinds.ts';

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

// The public catalogue, the staff pages' own and the alert e-mails', each in both languages.
const catalogues: [string, Record<string, string>, Record<string, string>][] = [
  ['public', en, fil],
  ['staff', staffEn, staffFil],
  ['alert e-mail', alertMailEn, alertMailFil],
];

describe.each(catalogues)('the %s catalogues', (_name, english, filipino) => {
  it('have the same keys in English and Filipino', () => {
    expect(Object.keys(filipino).sort()).toEqual(Object.keys(english).sort());
  });

  it('fill the same placeholders in both languages, and no text is empty', () => {
    for (const key of Object.keys(english)) {
      expect(placeholders(filipino[key]!), key).toEqual(placeholders(english[key]!));
      expect(english[key]!.trim(), key).not.toBe('');
      expect(filipino[key]!.trim(), key).not.toBe('');
    }
  });
});

describe('the kind names', () => {
  it('name every procurement list and every field of the registry in Filipino', () => {
    for (const kind of recordKinds) {
      expect(KIND_TEXT_FIL[kind.collection], kind.collection).toBeDefined();
      for (const field of kind.fields) {
        expect(FIELD_LABELS_FIL[field.label], `${kind.collection}.${field.name}`).toBeDefined();
      }
    }
  });
});
