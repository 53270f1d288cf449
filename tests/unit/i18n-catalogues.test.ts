import { describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/messages-en.ts';
import { fil } from '../../shared/i18n/messages-fil.ts';
import { FIELD_LABELS_FIL, KIND_TEXT_FIL } from '../../shared/i18n/record-kinds-fil.ts';
import { recordKinds } from '../../shared/record-kinds.ts';

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the catalogues', () => {
  it('have the same keys in English and Filipino', () => {
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
  });

  it('fill the same placeholders in both languages, and no text is empty', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(fil[key]), key).toEqual(placeholders(en[key]));
      expect(en[key].trim(), key).not.toBe('');
      expect(fil[key].trim(), key).not.toBe('');
    }
  });

  it('name every procurement list and every field of the registry in Filipino', () => {
    for (const kind of recordKinds) {
      expect(KIND_TEXT_FIL[kind.collection], kind.collection).toBeDefined();
      for (const field of kind.fields) {
        expect(FIELD_LABELS_FIL[field.label], `${kind.collection}.${field.name}`).toBeDefined();
      }
    }
  });
});
