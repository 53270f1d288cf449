import { randomBytes } from 'node:crypto';
import { databasePath, openDatabase } from '../../db/connection.ts';
import { insertRecordsNow, type RecordValues } from '../../db/records/record-queries.ts';
import type { FieldName, RecordKind } from '../../shared/record-kinds.ts';
import { e2eDataDir } from './browser.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

export const FIXTURE_COUNT = 7;

export interface ListFixture {
  /** In every fixture record's search fields and nowhere else in the database. */
  marker: string;
  /** `tokens[field][i]`: a mixed-case word only in that search field of record i (0 = oldest). */
  tokens: Record<string, string[]>;
  /** In `unsearchedField(kind)` of every fixture record, so searching it must find nothing. */
  unsearchedToken: string;
  /** The fixture records' ids, oldest first. */
  ids: number[];
}

/**
 * A field the list does not search: a shown column where the kind has one, otherwise a text
 * field of the record page (the kinds whose every column is searched all have the PhilGEPS
 * reference there).
 */
export function unsearchedField(kind: RecordKind): FieldName {
  const searched = (name: FieldName) => kind.searchFields.includes(name);
  const column = kind.columns.find((name) => !searched(name));
  const field = kind.fields.find((spec) => spec.type === 'text' && !searched(spec.name));
  if (!column && !field) throw new Error(`${kind.collection} has no unsearched text field`);
  return column ?? field!.name;
}

/**
 * Writes seven records of a kind straight into the e2e server's database, marked so the
 * test can search them out of whatever else is there (demo records, other workers' records).
 */
export async function insertListFixture(kind: RecordKind): Promise<ListFixture> {
  const marker = `mk${randomBytes(4).toString('hex')}`;
  const tokens: Record<string, string[]> = {};
  for (const field of kind.searchFields) {
    tokens[field] = Array.from(
      { length: FIXTURE_COUNT },
      (_, index) => `Tk${marker}${field.slice(0, 3)}R${index}Zq`,
    );
  }
  const unsearched = unsearchedField(kind);
  const unsearchedToken = `Un${marker}Searched`;
  const records = Array.from({ length: FIXTURE_COUNT }, (_, index) => ({
    // The original site's fields only: the optional procurement fields stay empty, as in old
    // records, but for the unsearched field when it is one of them.
    values: Object.fromEntries(
      kind.fields
        .filter((field) => !field.optional || field.name === unsearched)
        .map((field) => {
          if (field.name === 'link')
            return [field.name, `https://docs.example.org/${marker}/${index}.pdf`];
          const token = tokens[field.name]?.[index];
          if (token) return [field.name, `${inEnglish(field.label)} ${marker} ${token}`];
          // One word, as a PhilGEPS reference is: it names the record's OCDS process.
          if (field.name === unsearched) return [field.name, `${unsearchedToken}${index}`];
          return [field.name, `${inEnglish(field.label)} ${index}`];
        }),
    ),
    created: new Date(Date.UTC(2040, 0, 1 + index)),
  }));
  const database = openDatabase(databasePath(e2eDataDir));
  try {
    const ids = insertRecordsNow(database, kind, records).map((record) => record.id);
    return { marker, tokens, unsearchedToken, ids };
  } finally {
    await database.close();
  }
}

/**
 * One record of a kind whose every text field is a long unbroken word and every amount the
 * largest, the worst case for a phone's width; returns its id and the marker its text
 * fields start with, to search it out of other workers' records (their fixtures, dated
 * 2040, come first in the unfiltered list).
 */
export async function insertLongValueRecord(
  kind: RecordKind,
): Promise<{ id: number; marker: string }> {
  const marker = `long${randomBytes(4).toString('hex')}`;
  const values = Object.fromEntries(
    kind.fields.map((field) => {
      switch (field.type) {
        case 'link':
          return [field.name, `https://docs.example.org/${marker}/${'x'.repeat(150)}.pdf`];
        case 'money':
          return [field.name, '99999999999.99'];
        case 'datetime':
          return [field.name, '2040-12-31T06:59:59.000Z'];
        default:
          return [
            field.name,
            `${marker}${'W'.repeat(Math.min(field.maxLength, 120) - marker.length)}`,
          ];
      }
    }),
  );
  const database = openDatabase(databasePath(e2eDataDir));
  try {
    const [record] = insertRecordsNow(database, kind, [{ values, created: new Date() }]);
    return { id: record!.id, marker };
  } finally {
    await database.close();
  }
}

/**
 * A Notice of Award's values for the supplier specs: the marker in its PR number, title and
 * document address, so a search for it finds this spec's awards alone.
 */
export function awardNotice(
  marker: string,
  supplier: string,
  title: string,
  amount: string,
): RecordValues {
  return {
    pr_number: `PR-${marker}-${title.length}`,
    project_title: `${title} ${marker}`,
    supplier,
    mode_of_procurement: 'Public Bidding',
    contract_amount: amount,
    link: `https://docs.example.org/${marker}/${title.length}.pdf`,
  };
}
