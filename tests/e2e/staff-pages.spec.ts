import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { recordKinds } from '../../shared/record-kinds.ts';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import {
  chooseType,
  createStaffAccount,
  fillFields,
  sampleValues,
  signInThroughForm,
  STAFF_PASSWORD,
} from './staff.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'staff pages' : 'staff pages without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript });

    test('a wrong password shows Wrong Credentials and stays on the login page', async ({
      page,
    }) => {
      await page.goto('/bac-login');
      // The original's label, and what a first-time user is to type in it.
      await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Your e-mail address');
      const email = await createStaffAccount();
      await signInThroughForm(page, email, 'not the password');
      await expect(page.getByRole('alert')).toHaveText('Wrong Credentials');
      await expect(page).toHaveURL(/\/bac-login$/);
    });

    test('sign-in lands on /bac-input, survives a reload and ends with Sign out', async ({
      page,
    }) => {
      const email = await createStaffAccount();
      await signInThroughForm(page, email);
      await expect(page).toHaveURL(/\/bac-input$/);
      await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
      await expect(page.getByLabel('Type of record')).toBeVisible();
      await page.reload();
      await expect(page).toHaveURL(/\/bac-input$/);
      await expect(page.getByText(`Signed in as`)).toContainText(email);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/bac-login/);
      await page.goto('/bac-input');
      await expect(page).toHaveURL(/\/bac-login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    });

    test('a blank field shows Fill all the Fields and adds nothing', async ({ page }) => {
      const email = await createStaffAccount();
      await signInThroughForm(page, email);
      const kind = recordKinds.find((item) => item.value === 'svp')!;
      await chooseType(page, kind, javaScript);
      const marker = `blank${randomBytes(4).toString('hex')}`;
      await fillFields(page, { ...sampleValues(kind, marker), project_title: '   ' }, kind);
      await page.getByRole('button', { name: 'Add' }).click();
      // The original's words, naming the field left blank.
      await expect(page.getByRole('alert').locator('p')).toHaveText(
        'Fill all the Fields: Project Title.',
      );
      await expect(page.getByLabel('Pr Number', { exact: true })).toHaveValue(
        `Pr Number ${marker}`,
      );
      await page.goto(`${kind.route}?q=${marker}`);
      await expect(page.getByText('No records match')).toBeVisible();
    });

    test('an invalid link is refused with a message', async ({ page }) => {
      const email = await createStaffAccount();
      await signInThroughForm(page, email);
      const kind = recordKinds.find((item) => item.value === 'reports')!;
      await chooseType(page, kind, javaScript);
      await fillFields(
        page,
        { ...sampleValues(kind, 'badlink'), link: 'javascript:alert(1)' },
        kind,
      );
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByRole('alert')).toContainText('http');
    });

    test('in Filipino: sign-in, a refused and an added record and Sign out keep to /fil pages', async ({
      page,
    }) => {
      const email = await createStaffAccount();
      await signInThroughForm(page, email, STAFF_PASSWORD, 'fil');
      await expect(page).toHaveURL(/\/fil\/bac-input$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
      await expect(
        page.getByRole('status').filter({ hasText: 'Matagumpay ang pag-login' }),
      ).toBeVisible();
      if (javaScript) {
        await expect(page.getByRole('button', { name: 'Ipakita ang mga field' })).toBeHidden();
      }
      await page.getByLabel('Uri ng talaan').selectOption('reports');
      if (!javaScript) await page.getByRole('button', { name: 'Ipakita ang mga field' }).click();
      await expect(page).toHaveURL(/\/fil\/bac-input\?type=reports$/);
      const marker = `fil${randomBytes(4).toString('hex')}`;
      await page.getByLabel('Paglalarawan ng Ulat', { exact: true }).fill(`Semestre ${marker}`);
      await page.getByLabel('Link', { exact: true }).fill(`https://docs.example.org/${marker}.pdf`);
      await page.getByRole('button', { name: 'Idagdag (Add)' }).click();
      await expect(page.getByRole('alert').locator('p')).toHaveText(
        'Punan ang lahat ng field: Pamagat.',
      );
      await page.getByLabel('Pamagat', { exact: true }).fill(`Ulat ${marker}`);
      await page.getByRole('button', { name: 'Idagdag (Add)' }).click();
      const added = page.getByRole('status').filter({ hasText: 'Matagumpay na naidagdag' });
      await expect(added).toContainText(`Naidagdag: Ulat ${marker}`);
      await added.getByRole('link', { name: 'tingnan ito' }).click();
      await expect(page).toHaveURL(/\/fil\/bids-reports\/\d+$/);
      await page.goto('/fil/bac-input');
      await page.getByRole('button', { name: 'Mag-sign out' }).click();
      await expect(page).toHaveURL(/\/fil\/bac-login\?signed-out$/);
      await expect(page.getByRole('status')).toHaveText('Naka-sign out ka na.');
    });

    for (const kind of recordKinds) {
      test(`adds a ${kind.value} record that then leads its list`, async ({ page }) => {
        const email = await createStaffAccount();
        await signInThroughForm(page, email);
        await chooseType(page, kind, javaScript);
        const marker = `add${randomBytes(4).toString('hex')}`;
        const values = sampleValues(kind, marker);
        await fillFields(page, values, kind);
        await page.getByRole('button', { name: 'Add' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Add Successful' })).toBeVisible();
        // Like the original, the form keeps what was typed.
        await expect(
          page.getByLabel(inEnglish(kind.fields[0]!.label), { exact: true }),
        ).toHaveValue(values[kind.fields[0]!.name]!);
        await page.goto(`${kind.route}?q=${marker}`);
        const firstRow = page.locator('tbody tr').first();
        await expect(firstRow).toContainText(values[kind.columns[0]!]!);
      });
    }
  });
}

test('following a link to /bac-input without a session leaves no history entry for it', async ({
  page,
}) => {
  await page.goto('/bids-and-awards');
  // A link added before hydration is a mismatch React repairs by re-rendering, which drops it;
  // the clock exists only once React has hydrated the page.
  await expect(page.getByTestId('clock-time')).toBeVisible();
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/bac-input';
    link.textContent = 'staff data entry';
    document.querySelector('main')?.append(link);
  });
  await page.getByRole('link', { name: 'staff data entry' }).click();
  await expect(page).toHaveURL(/\/bac-login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/bids-and-awards$/);
});

for (const viewport of axeViewports) {
  test.describe(`staff pages accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });
    test('login page, with and without an error, has no axe violations', async ({ page }) => {
      await page.goto('/bac-login');
      await expectNoAxeViolations(page);
      const email = await createStaffAccount();
      await signInThroughForm(page, email, 'wrong');
      await expect(page.getByRole('alert')).toHaveText('Wrong Credentials');
      await expectNoAxeViolations(page);
    });

    test('the Filipino login and data entry, with errors shown, have no axe violations', async ({
      page,
    }) => {
      // Four axe scans: on the shared machine one took most of the default 30 s.
      test.setTimeout(90_000);
      await page.goto('/fil/bac-login');
      await expectNoAxeViolations(page);
      const email = await createStaffAccount();
      await signInThroughForm(page, email, 'mali', 'fil');
      await expect(page.getByRole('alert')).toHaveText('Mali ang username o password');
      await expectNoAxeViolations(page);
      await signInThroughForm(page, email, STAFF_PASSWORD, 'fil');
      await expect(page).toHaveURL(/\/fil\/bac-input$/);
      await expectNoAxeViolations(page);
      await page.goto('/fil/bac-input?type=notice_of_award');
      await page.getByRole('button', { name: 'Idagdag (Add)' }).click();
      await expect(page.getByRole('alert')).toContainText('Punan ang lahat ng field:');
      await expectNoAxeViolations(page);
    });

    test('data entry with a type chosen and with an error shown has no axe violations', async ({
      page,
    }) => {
      // Four axe scans: on the shared machine one took most of the default 30 s.
      test.setTimeout(90_000);
      const email = await createStaffAccount();
      await signInThroughForm(page, email);
      await expect(page).toHaveURL(/\/bac-input$/);
      await expectNoAxeViolations(page);
      const kind = recordKinds.find((item) => item.value === 'notice_of_award')!;
      await chooseType(page, kind, true);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByRole('alert').locator('p')).toHaveText(
        'Fill all the Fields: Pr Number, Project Title, Supplier, Mode of Procurement, Link.',
      );
      await expectNoAxeViolations(page);
      // The text box of a mode that is not listed, shown once "Other" is chosen.
      await page.getByLabel('Mode of Procurement', { exact: true }).selectOption('Other');
      await expect(page.getByLabel('If Other, the mode of procurement')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
