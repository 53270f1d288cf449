import { expect, test } from '@playwright/test';

test.describe('the language switch', () => {
  test('goes to the same list, query and scroll position in Filipino and back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/bid-svp?q=a');
    // Hydrated: instant search has marked its form.
    await expect(page.locator('form.record-search[data-enhanced]')).toBeAttached();
    await page.evaluate(() => window.scrollTo(0, 400));
    // A click event, not Playwright's click, which would first scroll the header's link into view.
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Filipino' })
      .dispatchEvent('click');
    await expect(page).toHaveURL(/\/fil\/bid-svp\?q=a$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(page.getByRole('columnheader', { name: 'Petsa ng Pag-post' })).toBeAttached();
    // Not back at the top: the browser's scroll anchoring may move it, as the Filipino
    // words are longer and the header above grows, but the reader stays down the page.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(before / 2);
    await page
      .getByRole('navigation', { name: 'Wika' })
      .getByRole('link', { name: 'English' })
      .dispatchEvent('click');
    await expect(page).toHaveURL(/\/bid-svp\?q=a$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('columnheader', { name: 'Date Posted' })).toBeAttached();
  });

  test('works without JavaScript as a plain link to the same page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/history');
    await page.getByRole('link', { name: 'Filipino' }).click();
    await expect(page).toHaveURL(/\/fil\/history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kasaysayan' })).toBeVisible();
    await context.close();
  });
});
