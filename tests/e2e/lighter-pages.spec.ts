/**
 * Lighter pages (issue 14): what a first visit loads, and that nothing moves while it does.
 * Lighthouse's mobile audit (npm run lighthouse) scores these; the tests pin the causes.
 */
import { expect, test } from '@playwright/test';

declare global {
  interface Window {
    __layoutShifts: { value: number; sources: string[] }[];
  }
}

const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };

test.describe('a first visit', () => {
  for (const [label, options] of [
    ['a phone', phone],
    ['a desktop', { viewport: { width: 1366, height: 768 } }],
  ] as const) {
    test(`does not shift the layout while the page starts on ${label}`, async ({ browser }) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.__layoutShifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            window.__layoutShifts.push({
              value: entry.value,
              sources: entry.sources.map((source) =>
                source.node instanceof Element
                  ? `${source.node.tagName.toLowerCase()}.${source.node.className}`
                  : String(source.node?.nodeName),
              ),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const route of ['/', '/notice-of-award', '/news']) {
        await page.goto(route, { waitUntil: 'networkidle' });
        // The clock fills in once hydrated; give it a tick past that.
        await expect(page.getByTestId('clock-time')).toBeVisible();
        await page.waitForTimeout(300);
        // The header's jump was 0.26; a sub-pixel settle of the menu is not a shift anyone sees.
        const shifts = await page.evaluate(() => window.__layoutShifts);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, `${route} on ${label}: ${JSON.stringify(shifts)}`).toBeLessThan(0.001);
      }
      await context.close();
    });
  }
});

test.describe('staff styles and code', () => {
  test('load on staff pages only, whether opened directly or reached from a public page', async ({
    page,
  }) => {
    const stylesheets: string[] = [];
    const scripts: string[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'stylesheet') stylesheets.push(response.url());
      if (type === 'script') scripts.push(response.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /\/Bac[A-Za-z]*Page-/.test(url))).toEqual([]);
    for (const url of stylesheets) {
      const css = await (await page.request.get(url)).text();
      expect(css, url).not.toContain('.staff-card');
    }

    const staffCardWidth = () =>
      page
        .locator('.staff-card')
        .first()
        .evaluate((card) => getComputedStyle(card).maxWidth);
    await page.goto('/bac-login');
    expect(await staffCardWidth()).toBe('576px');

    await page.goto('/bids-and-awards', { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('link', { name: 'BAC staff login' }).click();
    await expect(page).toHaveURL(/\/bac-login$/);
    await expect.poll(staffCardWidth).toBe('576px');
  });
});
