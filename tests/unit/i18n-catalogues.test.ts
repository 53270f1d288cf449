import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { alertMailEn } from '../../shared/alerts/alert-mail-messages-en.ts';
import { alertMailFil } from '../../shared/alerts/alert-mail-messages-fil.ts';
import { localize, type LocalizedText } from '../../shared/i18n/localized-text.ts';
import { en } from '../../shared/i18n/messages-en.ts';
import { fil } from '../../shared/i18n/messages-fil.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import { staffFil } from '../../shared/i18n/staff-messages-fil.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { planEn } from '../../shared/procurement-projects/plan-messages-en.ts';
import { planFil } from '../../shared/procurement-projects/plan-messages-fil.ts';
import { projectEn } from '../../shared/procurement-projects/project-messages-en.ts';
import { projectFil } from '../../shared/procurement-projects/project-messages-fil.ts';
import { qualityEn } from '../../shared/open-data/quality-messages-en.ts';
import { qualityFil } from '../../shared/open-data/quality-messages-fil.ts';
import { redFlagEn } from '../../shared/red-flags/red-flag-messages-en.ts';
import { redFlagFil } from '../../shared/red-flags/red-flag-messages-fil.ts';
import { supplierEn } from '../../shared/suppliers/supplier-messages-en.ts';
import { supplierFil } from '../../shared/suppliers/supplier-messages-fil.ts';

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

type Catalogue = Record<string, string>;

/**
 * Every namespace of the interface's words, each one catalogue per language, loaded only
 * where it is used: the public pages' (every page), the staff pages' (staff code alone),
 * the alert e-mails' (the server alone) and the supplier pages' (those lazy pages alone). Paths are under shared/.
 */
const namespaces: [name: string, file: string, english: Catalogue, filipino: Catalogue][] = [
  ['public', 'i18n/messages-en.ts', en, fil],
  ['staff', 'i18n/staff-messages-en.ts', staffEn, staffFil],
  ['mail', 'alerts/alert-mail-messages-en.ts', alertMailEn, alertMailFil],
  ['suppliers', 'suppliers/supplier-messages-en.ts', supplierEn, supplierFil],
  ['plan', 'procurement-projects/plan-messages-en.ts', planEn, planFil],
  ['project', 'procurement-projects/project-messages-en.ts', projectEn, projectFil],
  ['red flags', 'red-flags/red-flag-messages-en.ts', redFlagEn, redFlagFil],
  ['OCDS quality', 'open-data/quality-messages-en.ts', qualityEn, qualityFil],
];

const shared = fileURLToPath(new URL('../../shared/', import.meta.url));

describe('the catalogue namespaces', () => {
  it('are every catalogue in shared/, each with its Filipino beside its English', () => {
    const englishFiles = readdirSync(shared, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split('\\').join('/'))
      .filter((file) => /(^|[/-])messages-en\.ts$/.test(file))
      .sort();
    expect(englishFiles).toEqual(namespaces.map(([, file]) => file).sort());
    for (const file of englishFiles) {
      expect(existsSync(`${shared}${file.replace(/-en\.ts$/, '-fil.ts')}`), file).toBe(true);
    }
  });
});

describe.each(namespaces)('the %s catalogues', (_name, _file, english, filipino) => {
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

/** The Filipino a registry text gives, or undefined when it is English alone. */
const filipinoOf = (text: LocalizedText) => {
  const shown = localize(text, 'fil');
  return shown.lang === 'fil' && shown.text.trim() ? shown.text : undefined;
};

describe('the kind names', () => {
  it('name every procurement list and every field of the registry in Filipino', () => {
    for (const kind of recordKinds) {
      expect(filipinoOf(kind.title), `${kind.collection} title`).toBeDefined();
      expect(filipinoOf(kind.label), `${kind.collection} label`).toBeDefined();
      for (const field of kind.fields) {
        expect(filipinoOf(field.label), `${kind.collection}.${field.name}`).toBeDefined();
      }
    }
  });

  it('keep the English the API, downloads, OCDS and the CLI speak', () => {
    const english = (text: LocalizedText) => localize(text, 'en').text;
    const svp = recordKinds.find((kind) => kind.collection === 'svp')!;
    expect([english(svp.title), english(svp.label)]).toEqual([
      'Svp',
      'Small Value Procurement (SVP)',
    ]);
    expect(filipinoOf(svp.title)).toBe('Small Value Procurement (SVP)');
    expect(svp.fields.map((field) => english(field.label))).toEqual([
      'Pr Number',
      'Project Title',
      'PhilGEPS Reference Number',
      'Approved Budget for the Contract (ABC)',
      'Closing Date',
      'Link',
    ]);
  });
});
