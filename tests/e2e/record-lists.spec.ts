import { expect, test, type Page } from '@playwright/test';
import { fieldLabel, recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { expectNoAxeViolations } from './axe.ts';
import {
  FIXTURE_COUNT,
  insertListFixture,
  insertLongValueRecord,
  unsearchedField,
  type ListFixture,
} from './record-fixtures.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

const rows = (page: Page) => page.locator('.record-table tbody tr');
const searchBox = (page: Page, kind: RecordKind) =>
  page.getByRole('searchbox', { name: `Search ${inEnglish(kind.title)}` });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const prev = (page: Page) => pager(page).getByText('Prev', { exact: true });
const next = (page: Page) => pager(page).getByText('Next', { exact: true });

/** Loads a list and waits until instant search is live, so typing goes through the router. */
async function openList(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('form.record-search[data-enhanced]')).toBeAttached();
}

/** Text of the name column of each shown row, newest first. */
async function names(page: Page, kind: RecordKind): Promise<string[]> {
  const index = kind.columns.indexOf(kind.nameField);
  return rows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}

function fixtureName(kind: RecordKind, fixture: ListFixture, index: number): string {
  return `${fieldLabel(kind, kind.nameField)} ${fixture.marker} ${fixture.tokens[kind.nameField]![index]}`;
}

for (const kind of recordKinds) {
  test.describe(`${inEnglish(kind.title)} list (${kind.route})`, () => {
    let fixture: ListFixture;
    test.beforeAll(async () => {
      fixture = await insertListFixture(kind);
    });

    test('shows the columns in order and opens documents in a new tab', async ({
      page,
      context,
    }) => {
      await context.route('https://docs.example.org/**', (route) =>
        route.fulfill({ contentType: 'text/plain', body: 'document' }),
      );
      await openList(page, `${kind.route}?q=${fixture.marker}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(inEnglish(kind.title));
      await expect(searchBox(page, kind)).toHaveAttribute('placeholder', 'Search...');
      await expect(page.locator('.record-table thead th')).toHaveText([
        ...kind.columns.map((column) => fieldLabel(kind, column)),
        'Date Posted',
        'Click to View',
      ]);
      await expect(rows(page)).toHaveCount(5);
      expect(await names(page, kind)).toEqual(
        [6, 5, 4, 3, 2].map((index) => fixtureName(kind, fixture, index)),
      );

      const link = rows(page)
        .first()
        .getByRole('link', {
          name: `View the document for ${fixtureName(kind, fixture, 6)} (opens in a new tab)`,
        });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await expect(popup).toHaveURL(`https://docs.example.org/${fixture.marker}/6.pdf`);
      await expect(page).toHaveURL(new RegExp(`${kind.route}\\?q=${fixture.marker}$`));
    });

    test('searches each search field, in upper and lower case', async ({ page }) => {
      await openList(page, kind.route);
      for (const field of kind.searchFields) {
        const token = fixture.tokens[field]![3]!;
        for (const typed of [token.toUpperCase(), token.toLowerCase()]) {
          await searchBox(page, kind).fill(typed);
          await expect(rows(page)).toHaveCount(1);
          expect(await names(page, kind)).toEqual([fixtureName(kind, fixture, 3)]);
          await expect(page).toHaveURL(new RegExp(`\\?q=${typed}$`));
        }
      }
    });

    test('pages five at a time, resets to page 1 on typing, and keeps the state in the URL for Back', async ({
      page,
    }) => {
      await openList(page, kind.route);
      await searchBox(page, kind).fill(fixture.marker);
      await expect(page).toHaveURL(new RegExp(`${kind.route}\\?q=${fixture.marker}$`));
      await expect(rows(page)).toHaveCount(5);
      await expect(prev(page)).toBeDisabled();
      await expect(pager(page)).toContainText('1');

      await next(page).click();
      await expect(page).toHaveURL(new RegExp(`\\?q=${fixture.marker}&page=2$`));
      await expect(rows(page)).toHaveCount(FIXTURE_COUNT - 5);
      expect(await names(page, kind)).toEqual(
        [1, 0].map((index) => fixtureName(kind, fixture, index)),
      );
      await expect(next(page)).toBeDisabled();
      await expect(prev(page)).toBeEnabled();
      await expect(pager(page).locator('[aria-current="page"]')).toHaveText('Page 2');

      await prev(page).click();
      await expect(page).toHaveURL(new RegExp(`\\?q=${fixture.marker}$`));
      await expect(rows(page)).toHaveCount(5);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`\\?q=${fixture.marker}&page=2$`));
      await expect(rows(page)).toHaveCount(2);

      // Typing on page 2 starts again at page 1 of the new result.
      const narrower = `${fixture.marker} ${fixture.tokens[kind.nameField]![1]}`;
      await searchBox(page, kind).fill(narrower);
      await expect(page).not.toHaveURL(/page=/);
      await expect(rows(page)).toHaveCount(1);
      await expect(pager(page).locator('[aria-current="page"]')).toHaveText('Page 1');

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`\\?q=${fixture.marker}$`));
      await expect(searchBox(page, kind)).toHaveValue(fixture.marker);
      await expect(rows(page)).toHaveCount(5);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${kind.route}$`));
      await expect(searchBox(page, kind)).toHaveValue('');
    });

    test(`says so when nothing matches, and does not search the ${fieldLabel(kind, unsearchedField(kind))}`, async ({
      page,
    }) => {
      // The word is on the record's page, so finding nothing means the field went unsearched.
      await page.goto(`${kind.route}/${fixture.ids[0]}`);
      await expect(page.getByRole('main')).toContainText(fixture.unsearchedToken);
      await openList(page, kind.route);
      const query = fixture.unsearchedToken;
      await searchBox(page, kind).fill(query);
      await expect(page.getByRole('status')).toHaveText(`No records match “${query}”.`);
      await expect(rows(page)).toHaveCount(0);
      await expect(prev(page)).toBeDisabled();
      await expect(next(page)).toBeDisabled();
    });

    test('says when the list could not be loaded and offers a retry', async ({ page }) => {
      await openList(page, `${kind.route}?q=${fixture.marker}`);
      await page.route('**/api/records/**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
      );
      await next(page).click();
      await expect(page.getByRole('alert')).toContainText(
        `the ${inEnglish(kind.title)} list could not be loaded`,
      );
      await page.unroute('**/api/records/**');
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect(rows(page)).toHaveCount(FIXTURE_COUNT - 5);
      await expect(page).toHaveURL(new RegExp(`\\?q=${fixture.marker}&page=2$`));
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('searches with the form and pages with links', async ({ page }) => {
        await page.goto(kind.route);
        const token = fixture.tokens[kind.searchFields[0]!]![4]!;
        await searchBox(page, kind).fill(token.toUpperCase());
        await page.getByRole('button', { name: 'Search' }).click();
        // A plain GET form sends its empty date inputs too.
        await expect(page).toHaveURL(new RegExp(`\\?q=${token.toUpperCase()}&from=&to=$`));
        expect(await names(page, kind)).toEqual([fixtureName(kind, fixture, 4)]);

        // Fixture record i was posted on January 1 + i, 2040 (Manila).
        await searchBox(page, kind).fill(fixture.marker);
        await page.getByLabel('Posted from').fill('2040-01-03');
        await page.getByLabel('to', { exact: true }).fill('2040-01-05');
        await page.getByRole('button', { name: 'Search' }).click();
        await expect(page).toHaveURL(
          new RegExp(`\\?q=${fixture.marker}&from=2040-01-03&to=2040-01-05$`),
        );
        expect(await names(page, kind)).toEqual(
          [4, 3, 2].map((index) => fixtureName(kind, fixture, index)),
        );
        await page.getByLabel('Posted from').fill('');
        await page.getByLabel('to', { exact: true }).fill('');

        await searchBox(page, kind).fill(fixture.marker);
        await searchBox(page, kind).press('Enter');
        await expect(rows(page)).toHaveCount(5);
        await expect(prev(page)).toBeDisabled();
        await next(page).click();
        await expect(page).toHaveURL(new RegExp(`\\?q=${fixture.marker}&page=2$`));
        await expect(rows(page)).toHaveCount(2);
        await expect(next(page)).toBeDisabled();
        await expect(searchBox(page, kind)).toHaveValue(fixture.marker);
        await prev(page).click();
        await expect(page).toHaveURL(new RegExp(`\\?q=${fixture.marker}$`));
        await expect(rows(page)).toHaveCount(5);
      });
    });

    for (const [state, query] of [
      ['plain', () => ''],
      ['with a search', () => `?q=${fixture.marker}`],
      ['on page 2', () => '?page=2'],
    ] as const) {
      test(`has no axe violations ${state}`, async ({ page }) => {
        await openList(page, `${kind.route}${query()}`);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const kind of recordKinds) {
    test(`${kind.route} stacks rows as labelled cards and never scrolls sideways`, async ({
      page,
    }) => {
      const { id, marker } = await insertLongValueRecord(kind);
      await page.goto(`${kind.route}?q=${marker}`);
      const row = rows(page).filter({ has: page.locator(`a[href="${kind.route}/${id}"]`) });
      await expect(row).toHaveCount(1);
      // A card: each cell on its own line under its column's name.
      const cells = row.locator('td');
      const firstBox = (await cells.nth(0).boundingBox())!;
      const secondBox = (await cells.nth(1).boundingBox())!;
      expect(secondBox.y).toBeGreaterThanOrEqual(firstBox.y + firstBox.height - 1);
      const label = await cells
        .nth(0)
        .evaluate((cell) => getComputedStyle(cell, '::before').content);
      expect(label).toContain(fieldLabel(kind, kind.columns[0]!));
      expect(await noSidewaysScroll(page)).toBe(true);
    });
  }

  test('/directory never scrolls sideways', async ({ page }) => {
    await page.goto('/directory');
    await expect(page.getByRole('heading', { level: 1, name: 'Directory' })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
