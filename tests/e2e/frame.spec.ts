import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadContent } from '../../server/content/load.ts';
import { publicPaths } from '../../server/content/seo.ts';
import { publicRoutes } from '../helpers/routes.ts';
import {
  axeViewports,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutJavaScript,
} from './axe.ts';
import { e2ePort } from './browser.ts';
import { pathInLang } from '../../shared/i18n/languages.ts';

/** The server runs on loopback without SITE_URL, so its absolute URLs use this origin. */
const siteUrl = `http://localhost:${e2ePort}`;

/** The sitemap's pages (every news item included) and the sign-in page, in English and in Filipino. */
const scannedPaths = [
  ...publicPaths(await loadContent(path.resolve('content'))),
  '/bac-login',
].flatMap((route) => [route, pathInLang(route, 'fil')]);

/** Links clicked before hydration load a whole page; the slideshow's pause button shows the home page is live. */
async function gotoHydratedHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
}

test.describe('common frame', () => {
  test('the clock ticks every second, in Manila time', async ({ page }) => {
    // The page's own clock, stopped, so each second is stepped through exactly.
    await page.clock.install({ time: new Date('2025-05-15T07:59:00+08:00') });
    await page.clock.pauseAt(new Date('2025-05-15T08:00:05+08:00'));
    await page.goto('/history');
    const clock = page.getByTestId('clock-time');
    await expect(clock).toHaveText('8:00:05 AM');
    for (const second of [6, 7, 8, 9]) {
      await page.clock.runFor(999);
      await expect(clock).toHaveText(`8:00:0${second - 1} AM`);
      await page.clock.runFor(1);
      await expect(clock).toHaveText(`8:00:0${second} AM`);
    }
  });

  test('the hamburger opens the menu and a sub-menu expands and collapses', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.locator('.menu-toggle').click();
    await expect(nav).toBeVisible();
    const history = nav.getByRole('link', { name: 'History' });
    await expect(history).toBeHidden();
    const residents = nav.locator('summary', { hasText: 'For Residents' });
    await residents.click();
    await expect(history).toBeVisible();
    await residents.click();
    await expect(history).toBeHidden();
    for (const name of ['Home', 'News', 'Bids & Awards', 'Directory', "Citizen's Charter 2025"]) {
      await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });

  test('the Financial Report entry points to /accounting', async ({ page }) => {
    await page.goto('/');
    await page.locator('.menu-toggle').click();
    await page.locator('summary', { hasText: 'Transparency' }).click();
    await expect(page.getByRole('link', { name: 'Financial Report' })).toHaveAttribute(
      'href',
      '/accounting',
    );
  });

  test('back-to-top is hidden at 100 px and shown past it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 500 });
    await page.goto('/bids-and-awards');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
    });
    const button = page.getByRole('button', { name: 'Back to top' });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 101));
    await expect(button).toBeVisible();
    // Shown at 101 px, it hides again at 100: waiting for that state proves the threshold
    // where a pause followed by a look at a button that never appeared would not.
    await page.evaluate(() => window.scrollTo(0, 100));
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 101));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  test('a menu link navigates on the client without a full reload, to the top of the page', async ({
    page,
  }) => {
    await gotoHydratedHome(page);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still here';
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 400);
    });
    await page.locator('.menu-toggle').click();
    await page.locator('summary', { hasText: 'For Residents' }).click();
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    await expect(page).toHaveTitle(/^History \|/);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'still here',
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });

  test('client-side navigation moves the canonical link and Open Graph title to the new page', async ({
    page,
  }) => {
    await gotoHydratedHome(page);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still here';
    });
    const canonical = page.locator('head link[rel="canonical"]');
    const ogTitle = page.locator('head meta[property="og:title"]');
    await expect(canonical).toHaveAttribute('href', `${siteUrl}/`);
    await page.locator('.menu-toggle').click();
    await page.locator('summary', { hasText: 'For Residents' }).click();
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveTitle(/^History \|/);
    await expect(canonical).toHaveCount(1);
    await expect(canonical).toHaveAttribute('href', `${siteUrl}/history`);
    await expect(ogTitle).toHaveCount(1);
    await expect(ogTitle).toHaveAttribute('content', 'History');
    // A full page load would have rendered the tags on the server instead.
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'still here',
    );
  });

  test('while demo records exist, every kind of page says so above the header', async ({
    page,
  }) => {
    for (const route of [
      '/',
      '/history',
      '/notice-of-award',
      '/open-data',
      '/bac-login',
      '/nope',
    ]) {
      await page.goto(route);
      const notice = page.getByRole('complementary', { name: 'Demonstration data' });
      await expect(notice, route).toBeVisible();
      await expect(notice, route).toContainText('not real notices');
      const [noticeBox, headerBox] = await Promise.all([
        notice.boundingBox(),
        page.locator('.site-header').boundingBox(),
      ]);
      expect(noticeBox!.y + noticeBox!.height, route).toBeLessThanOrEqual(headerBox!.y + 1);
    }
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/history');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });

  test('the social link opens in a new tab and the charter is a download', async ({ page }) => {
    await page.goto('/');
    const social = page.locator('.site-header a[target="_blank"]');
    await expect(social).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.locator('.site-header .charter-link')).toHaveAttribute('download', '');
  });

  test('the unknown path shows the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

for (const viewport of axeViewports) {
  test.describe(`the open menu at ${viewport.width} px`, () => {
    test.use({ viewport });
    test('the open menu with a sub-menu expanded has no axe violations', async ({ page }) => {
      await page.goto('/');
      await page.locator('.menu-toggle').click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.locator('summary', { hasText: 'For Residents' }).click();
      await expect(nav.getByRole('link', { name: 'History' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

/**
 * The route scans' own page, one per worker: a fresh context per test would fetch and
 * compile the same scripts and styles again for each of the ~80 routes, most of what the
 * scans cost besides axe itself. Every scan still opens its route with a full page load.
 */
const scan = test.extend<object, { scanPage: Page }>({
  scanPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ viewport: axeViewports[0] });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

// One page load per route, scanned at each width in turn: no component reads the window's
// width (layout is CSS media queries alone), so resizing the loaded page shows what a fresh
// load at that width would, and the suite loads each route once instead of once per width.
test.describe(`every route at ${axeViewports.map((viewport) => viewport.width).join(' and ')} px`, () => {
  for (const route of scannedPaths) {
    scan(`${route} has no axe violations once interactive`, async ({ scanPage: page }) => {
      // One axe scan of a long page (the fund report's tables) took 34 s on a loaded
      // 2-core machine: a slow scan is not a violation.
      scan.setTimeout(150_000);
      await page.setViewportSize(axeViewports[0]);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      // The clock exists only once React has hydrated the page: what is scanned is the
      // interactive page, lazy parts loaded, not the server's HTML (scanned below).
      await expect(page.getByTestId('clock-time')).toBeVisible();
      for (const viewport of axeViewports) {
        await page.setViewportSize(viewport);
        await scan.step(`at ${viewport.width} px`, () => expectNoAxeViolations(page));
      }
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const route of publicRoutes) {
    test(`${route} renders its frame and heading`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('.site-header')).toBeVisible();
      // The server HTML is shared by everyone, so the time comes only with JavaScript.
      await expect(page.locator('.clock')).toBeEmpty();
    });
  }

  test('the menu and its sub-menus open', async ({ page }) => {
    await page.goto('/');
    await page.locator('.menu-toggle').click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await nav.locator('summary', { hasText: 'For Visitors' }).click();
    const festival = nav.getByRole('link', { name: 'Festivals' });
    await expect(festival).toBeVisible();
    await festival.click();
    await expect(page).toHaveURL(/\/festival$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

// The server HTML alone, as a phone without JavaScript (or before it arrives) shows it.
test.describe('without JavaScript at 360 px', () => {
  for (const route of scannedPaths) {
    scan(`${route} has no axe violations`, async ({ scanPage: page }) => {
      await page.setViewportSize(axeViewports[0]);
      await expectNoAxeViolationsWithoutJavaScript(page, route);
    });
  }
});
