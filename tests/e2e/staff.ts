import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { createStaff } from '../../db/staff-accounts/staff-accounts.ts';
import { hashPassword } from '../../server/auth/password-hash.ts';
import { OTHER_CHOICE, type RecordKind } from '../../shared/record-kinds.ts';
import { e2eDataDir } from './browser.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

process.env.ARGON2_TEST_COST = 'low';

export const STAFF_PASSWORD = 'municipal hall morning coffee';

/** A fresh staff account in the e2e server's database, as the CLI would add it. */
export async function createStaffAccount(): Promise<string> {
  const email = `bac-${randomBytes(4).toString('hex')}@san-isidro.gov.ph`;
  const database = await openMigratedDatabase(databasePath(e2eDataDir));
  try {
    await createStaff(database, {
      email,
      displayName: 'BAC Secretariat',
      passwordHash: await hashPassword(STAFF_PASSWORD),
    });
  } finally {
    await database.close();
  }
  return email;
}

/** Signs in on /bac-login, or on /fil/bac-login with `lang` 'fil' (its button reads Mag-login). */
export async function signInThroughForm(
  page: Page,
  email: string,
  password = STAFF_PASSWORD,
  lang: 'en' | 'fil' = 'en',
) {
  await page.goto(lang === 'fil' ? '/fil/bac-login' : '/bac-login');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: lang === 'fil' ? 'Mag-login' : 'Login' }).click();
}

/** A valid value for every field, typed as a person would (amounts with commas, Manila time). */
export function sampleValues(kind: RecordKind, marker: string): Record<string, string> {
  return Object.fromEntries(
    kind.fields.map((field) => {
      switch (field.type) {
        case 'link':
          return [field.name, `https://docs.example.org/${marker}.pdf`];
        case 'money':
          return [field.name, '1,234,567.89'];
        case 'datetime':
          return [field.name, '2026-02-03T14:00'];
        default:
          return [field.name, `${inEnglish(field.label)} ${marker}`];
      }
    }),
  );
}

/** Chooses a record type on /bac-input, as a person would with or without JavaScript. */
export async function chooseType(page: Page, kind: RecordKind, javaScript: boolean) {
  // Until hydration hides this button, choosing a type changes nothing; a busy machine showed it.
  if (javaScript) await expect(page.getByRole('button', { name: 'Show the fields' })).toBeHidden();
  await page.getByLabel('Type of record').selectOption(kind.value);
  if (!javaScript) await page.getByRole('button', { name: 'Show the fields' }).click();
  // The address changes once the new form is in place; two kinds may share a first field.
  await expect(page).toHaveURL(new RegExp(`[?&]type=${kind.value}(&|$)`));
  await expect(page.getByLabel(inEnglish(kind.fields[0]!.label), { exact: true })).toBeVisible();
}

/**
 * Types every field's value; a field with a list of choices gets its entry chosen, or
 * "Other" and the value typed in the box beside it when the value is not listed.
 */
export async function fillFields(page: Page, values: Record<string, string>, kind: RecordKind) {
  for (const field of kind.fields) {
    const value = values[field.name] ?? '';
    const input = page.getByLabel(inEnglish(field.label), { exact: true });
    if (!field.choices) {
      await input.fill(value);
    } else if (field.choices.includes(value)) {
      await input.selectOption(value);
    } else {
      await input.selectOption(OTHER_CHOICE);
      await page.getByLabel(`If Other, the ${inEnglish(field.label).toLowerCase()}`).fill(value);
    }
  }
}
