/**
 * Public information pages (issue 3).
 *
 * Page weight: for every public route a fresh browser context (empty cache) opens the
 * page, waits until the network is idle, then scrolls down a screen at a time to the bottom
 * so every lazy image loads, as it does for a reader (a jump to the bottom would skip those
 * in between), and waits for the network to be idle again. The weight is the sum of
 * Chromium's `Network.loadingFinished` `encodedDataLength` over every response (read
 * through a DevTools protocol session): headers plus body as they came over the wire,
 * after compression, the figure DevTools shows as "transferred". Server responses are
 * brotli/gzip compressed; images and videos count as stored. Videos are
 * `preload="none"`, so only their posters count until played. Each page is measured at
 * a 1366×768 desktop and at a 390×844 phone with device pixel ratio 3 (the densest common
 * screen, which still gets pictures for 2x: Picture.tsx); every one must stay under 500 KB. A failed response fails the test,
 * so a missing script cannot make a page look light.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { MenuEntry } from '../../shared/content-types.ts';
import { INFO_PAGES } from '../../shared/info-pages.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { fundReportColumns } from '../../shared/fund-report/fund-report-columns.ts';
import { readToTheEnd } from '../../scripts/bench/first-load.mjs';
import { departmentRoutes, publicRoutes } from '../helpers/routes.ts';
import { expectNoAxeViolations } from './axe.ts';
import { localize, type LocalizedText } from '../../shared/i18n/localized-text.ts';

const english = (text: LocalizedText) => localize(text, 'en').text;

const PAGE_WEIGHT_LIMIT = 500 * 1024;

/** The site menu as the municipality wrote it; the server checked it against the same schema at start. */
const menu = JSON.parse(readFileSync('content/menu.json', 'utf8')) as MenuEntry[];

/** The content file's quarters, newest first as the page shows them. */
const quarters = [
  'March 31, 2025',
  'December 31, 2024',
  'September 30, 2024',
  'June 30, 2024',
  'December 31, 2023',
  'September 30, 2023',
];

const lots = [
  'Lot A: Construction and heavy equipment',
  'Lot B: Motor vehicles',
  'Lot C: Agricultural equipment',
  'Lot D: Assorted unserviceable items to be bid per kilogram as junk',
  'Lot E: Waste materials',
];

/** A phrase from each information page's content, proving the content itself is in the server HTML. */
const contentProbes: Record<string, string> = {
  '/': 'Message from the Mayor',
  '/history': 'Becoming a municipality',
  '/local-officials': 'Hon. Ramon C. Bautista',
  '/offices': 'Municipal Accounting Office',
  '/festival': 'The harvest thanksgiving',
  '/tourist-destination': 'Talon ng Dalawang Diwata',
  '/directory': 'Bureau of Fire Protection, San Isidro del Monte',
  '/accounting': 'For the Quarter Ended March 31, 2025',
  '/news': 'Dalig–Tubigan farm-to-market road now 70 percent complete',
  '/view-news/1': 'Nagwagi ang Barangay Bagong Silang',
  '/assesor-office': 'revenue generation',
  '/bids-and-awards': 'Bids and Awards Committee',
  '/invitation-to-bid': 'Lot D: Assorted unserviceable items to be bid per kilogram as junk',
  '/transparency-seal': 'Agency mandate and functions',
};

/** A paused clock, so timers fire only when the test moves time on, however slow the machine. */
async function pauseClock(page: Page) {
  await page.clock.install({ time: new Date('2025-05-15T08:00:00+08:00') });
  await page.clock.pauseAt(new Date('2025-05-15T08:00:01+08:00'));
}

/** The home page swaps its no-JavaScript fallbacks for interactive parts once hydrated; the pause button is the last sign of it. */
async function gotoHydratedHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
}

async function currentSlideAlt(page: Page) {
  return page.locator('.slide.is-current').getAttribute('alt');
}

test.describe('home', () => {
  test('shows 3 slides, 3 award cards, 3 videos, news and tourist cards, each More button naming where it goes', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('.slides img')).toHaveCount(3);
    await expect(page.locator('.award-card')).toHaveCount(3);
    await expect(page.locator('.award-card h3')).toHaveText([
      '2nd in Economic Dynamism',
      '2nd in Innovation',
      '5th Overall Most Competitive',
    ]);
    await expect(page.locator('.video-list li')).toHaveCount(3);
    await expect(page.locator('.latest-cards .news-card')).toHaveCount(3);
    await expect(page.locator('.latest-cards .tourist-card')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'More news' })).toHaveAttribute('href', '/news');
    await expect(page.getByRole('link', { name: 'More tourist destinations' })).toHaveAttribute(
      'href',
      '/tourist-destination',
    );
    await expect(page.getByRole('link', { name: /Real Property Billing/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  for (const width of [1024, 1280]) {
    test(`the Mayor's photo stands left of the message at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const section = page.locator('.mayor');
      const photo = await section.locator('.mayor-photo').boundingBox();
      const message = await section.locator('> div').boundingBox();
      const box = await section.boundingBox();
      // The 240 px first column holds the photo; the message takes the rest of the row beside it.
      expect(photo!.x - box!.x).toBeLessThan(2);
      expect(photo!.width).toBeGreaterThan(200);
      expect(message!.x).toBeGreaterThanOrEqual(photo!.x + photo!.width);
      expect(message!.y).toBeLessThan(photo!.y + photo!.height);
      expect(message!.width).toBeGreaterThan(box!.width - 240 - 40);
    });
  }

  test('the slideshow moves on every 10 seconds, and the pause button stops it', async ({
    page,
  }) => {
    await pauseClock(page);
    await gotoHydratedHome(page);
    const alts = await page
      .locator('.slides img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
    expect(alts).toHaveLength(3);
    expect(await currentSlideAlt(page)).toBe(alts[0]);
    await page.clock.runFor(9_999);
    expect(await currentSlideAlt(page)).toBe(alts[0]);
    await page.clock.runFor(1);
    await expect.poll(() => currentSlideAlt(page)).toBe(alts[1]);
    await page.clock.runFor(10_000);
    await expect.poll(() => currentSlideAlt(page)).toBe(alts[2]);
    await page.clock.runFor(10_000);
    await expect.poll(() => currentSlideAlt(page)).toBe(alts[0]);
    await expect(page.locator('.slide:visible')).toHaveCount(1);

    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.clock.runFor(30_000);
    expect(await currentSlideAlt(page)).toBe(alts[0]);
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.clock.runFor(10_000);
    await expect.poll(() => currentSlideAlt(page)).toBe(alts[1]);
  });

  test('the slideshow stays on the first picture under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await pauseClock(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Business Services' })).toBeVisible();
    const first = await page.locator('.slides img').first().getAttribute('alt');
    await page.clock.runFor(35_000);
    expect(await currentSlideAlt(page)).toBe(first);
    await expect(page.getByRole('button', { name: /slideshow/ })).toHaveCount(0);
  });

  test('the business services dialog closes three ways, keeps focus inside and returns it', async ({
    page,
  }) => {
    await gotoHydratedHome(page);
    const opener = page.getByRole('button', { name: 'Business Services' });
    const dialog = page.getByRole('dialog', { name: 'Business Services' });
    const insideDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveCount(3);
    await expect(dialog.getByRole('link')).toHaveText([
      /Business Billing/,
      /New Business Registration/,
      /Business Renewal/,
    ]);
    expect(await insideDialog()).toBe(true);
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Tab');
      expect(await insideDialog(), `after Tab ${step + 1}`).toBe(true);
    }
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await insideDialog(), `after Shift+Tab ${step + 1}`).toBe(true);
    }
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    // The top-left corner of the viewport is backdrop, outside the centred dialog.
    await page.mouse.click(3, 3);
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('choosing a video in the list plays it in the main player', async ({ page }) => {
    await gotoHydratedHome(page);
    const player = page.locator('.video-main video');
    await expect(player).toHaveAttribute('poster', /hymn-poster/);
    const festival = page.getByRole('button', { name: 'Pista ng Ani Festival' });
    await festival.click();
    await expect(festival).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('button', { name: 'Himno ng San Isidro del Monte' }),
    ).toHaveAttribute('aria-pressed', 'false');
    await expect(player).toHaveAttribute('poster', /festival-poster/);
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentSrc))
      .toMatch(/\/media\/videos\/festival\./);
    await expect
      .poll(() =>
        player.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0),
      )
      .toBe(true);
    await expect(page.locator('.video-main figcaption')).toContainText('Pista ng Ani Festival');
  });
});

test.describe('information pages', () => {
  test('Local Officials shows the mayor, the vice mayor and 11 Sangguniang Bayan members', async ({
    page,
  }) => {
    await page.goto('/local-officials');
    const cards = page.locator('.official-card');
    await expect(cards).toHaveCount(13);
    await expect(cards.nth(0)).toContainText('Municipal Mayor');
    await expect(cards.nth(1)).toContainText('Municipal Vice Mayor');
    await expect(cards.filter({ hasText: 'Sangguniang Bayan Member' })).toHaveCount(11);
    await expect(cards.locator('img')).toHaveCount(13);
    for (const image of await cards.locator('img').all()) {
      await expect(image).toHaveAttribute('alt', /Portrait of/);
    }
  });

  test('LGU Offices links 11 offices: the 10 department pages and accounting, each with header and vision', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/offices');
    const links = page.locator('.office-links a');
    await expect(links).toHaveCount(11);
    const hrefs = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute('href')),
    );
    expect(hrefs).toEqual([...departmentRoutes, '/accounting']);
    for (const href of hrefs) {
      const response = await page.goto(href ?? '');
      expect(response?.status(), href ?? '').toBe(200);
      await expect(page.locator('.page-banner img')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Vision' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Mission' })).toBeVisible();
    }
  });

  test('each of the 10 department pages shows Vision, Mission and Goal; the assessor has its own text', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const route of departmentRoutes) {
      await page.goto(route);
      for (const block of ['Vision', 'Mission', 'Goal']) {
        const card = page.locator('.purpose-card', {
          has: page.getByRole('heading', { name: block }),
        });
        await expect(card.locator('p'), `${route} ${block}`).not.toBeEmpty();
      }
    }
    await page.goto('/assesor-office');
    await expect(page.locator('.purpose-grid')).toContainText('revenue generation');
    await expect(page.locator('.purpose-grid')).toContainText('records');
    await expect(page.locator('.purpose-grid')).toContainText('taxpayers and the government');
  });

  test('History has its article and Vision, Mission and Goal cards', async ({ page }) => {
    await page.goto('/history');
    await expect(page.locator('.prose h2').first()).toBeVisible();
    await expect(page.locator('.purpose-card h2')).toHaveText(['Vision', 'Mission', 'Goal']);
  });

  test('Tourist Destinations shows 15 cards with title, description and contact numbers', async ({
    page,
  }) => {
    await page.goto('/tourist-destination');
    const cards = page.locator('.tourist-card');
    await expect(cards).toHaveCount(15);
    for (const card of await cards.all()) {
      await expect(card.locator('h2')).not.toBeEmpty();
      await expect(card.locator('p').first()).not.toBeEmpty();
      await expect(card.locator('.contact-numbers a').first()).toHaveAttribute(
        'href',
        /^tel:\d{7,}$/,
      );
    }
  });

  test('Directory shows its contact cards', async ({ page }) => {
    await page.goto('/directory');
    await expect(page.locator('.directory-card')).toHaveCount(12);
    await expect(page.locator('.directory-card').first()).toContainText('Tel.');
  });

  test('Accounting shows the fund report: six quarters of their own, 13 columns in order, every Estimated Period filled', async ({
    page,
  }) => {
    await page.goto('/accounting');
    await expect(page.locator('.purpose-card h2')).toHaveText(['Vision', 'Mission']);
    const texts = await page.locator('.purpose-card p').allTextContents();
    expect(texts[0]).toBe(texts[1]);
    await expect(page.locator('.fund-report-heading')).toHaveText('local government support fund');
    await expect(page.locator('.fund-report-subtitle')).toHaveText(
      'report on fund utilization and status of program/project implementation',
    );
    await expect(page.locator('.fund-quarter h3')).toHaveText(
      quarters.map((date) => `For the Quarter Ended ${date}`),
    );
    const tables = page.locator('.fund-table');
    await expect(tables).toHaveCount(6);
    const bodies: string[] = [];
    for (const table of await tables.all()) {
      await expect(table.locator('thead th')).toHaveText(
        fundReportColumns.map(([, label]) => label),
      );
      const periodColumn = fundReportColumns.findIndex(([key]) => key === 'estimatedPeriod') + 1;
      const periods = table.locator(`tbody td:nth-child(${periodColumn})`);
      expect(await periods.count()).toBeGreaterThan(0);
      for (const cell of await periods.all()) {
        await expect(cell).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
      }
      bodies.push((await table.locator('tbody').textContent()) ?? '');
    }
    expect(new Set(bodies).size).toBe(6);
  });

  test('on a phone the fund tables scroll inside their own box and keep their header in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/accounting');
    const box = page.locator('.table-scroll').first();
    const sizes = await box.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const header = box.locator('thead th').first();
    const before = await header.boundingBox();
    await box.evaluate((element) => element.scrollTo(0, 200));
    const after = await header.boundingBox();
    expect(after?.y).toBe(before?.y);
  });

  test('More News lists the items with picture, date and Read More to the article', async ({
    page,
  }) => {
    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1, name: 'More News' })).toBeVisible();
    // The three seeded items, and any a staff test published meanwhile (newest first).
    const cards = page.locator('.news-card');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(3);
    await expect(cards.locator('img')).toHaveCount(count);
    await expect(page.getByRole('link', { name: /^Read More/ })).toHaveCount(count);
    const card = cards.filter({ hasText: 'Dalig–Tubigan farm-to-market road' });
    const title = await card.locator('h2').textContent();
    await card.getByRole('link', { name: /^Read More/ }).click();
    await expect(page).toHaveURL(/\/view-news\/2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    await expect(page.locator('.prose')).toContainText('Local Government Support Fund');
  });

  test('an unknown news id answers the 404 page with HTTP 404', async ({ page }) => {
    const response = await page.goto('/view-news/no-such-article');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('Invitation to Bid shows lots A to E; every photo has alt text and opens larger, closed by keyboard', async ({
    page,
  }) => {
    await page.goto('/invitation-to-bid');
    await expect(page.locator('.lot h2')).toHaveText(lots);
    const images = page.locator('.gallery img');
    expect(await images.count()).toBeGreaterThanOrEqual(lots.length);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('alt', /\w{3,}/);
    }
    const firstLink = page.locator('.gallery-link').first();
    const alt = await images.first().getAttribute('alt');
    await firstLink.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: alt ?? '' });
    await expect(viewer).toBeVisible();
    await expect(viewer.locator('img')).toHaveAttribute('alt', alt ?? '');
    await expect
      .poll(() => viewer.locator('img').evaluate((image: HTMLImageElement) => image.currentSrc))
      .toMatch(/-1200\.webp$/);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(firstLink).toBeFocused();
    // Closed and opened again at once: the gallery knows it closed before the next key.
    await page.keyboard.press('Enter');
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect(viewer).toBeVisible();
    await viewer.getByRole('button', { name: 'Close' }).press('Enter');
    await expect(viewer).toBeHidden();
  });

  test('Bids and Awards links the 8 lists; its login button shows only past 100 px and only on this page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 500 });
    await page.goto('/bids-and-awards');
    await expect(page.locator('.page-banner img')).toBeVisible();
    const lists = page.getByRole('navigation', { name: 'Procurement lists' }).getByRole('link');
    await expect(lists).toHaveCount(8);
    expect(
      await lists.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href'))),
    ).toEqual(recordKinds.map((kind) => kind.route));
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
    });
    const login = page.getByRole('link', { name: 'BAC staff login' });
    await expect(login).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 101));
    await expect(login).toBeVisible();
    // Shown at 101 px, it hides again at 100: waiting for that state proves the threshold
    // where a pause followed by a look at a button that never appeared would not.
    await page.evaluate(() => window.scrollTo(0, 100));
    await expect(login).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 101));
    await expect(login).toBeVisible();
    await expect(login).toHaveAttribute('href', '/bac-login');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(login).toBeHidden();

    await page.goto('/history');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 500);
    });
    await expect(page.getByRole('button', { name: 'Back to top' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'BAC staff login' })).toHaveCount(0);
  });
});

test('menu links load each page content through the JSON API, without a full reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await gotoHydratedHome(page);
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
  });
  // Every link of the site menu (content/menu.json) but Home, where the test starts.
  const links = menu.flatMap((entry): [string | null, string, string][] =>
    entry.kind === 'group'
      ? entry.items.map((item) => [english(entry.title), english(item.title), item.href])
      : entry.kind === 'link' && entry.href !== INFO_PAGES.home
        ? [[null, english(entry.title), entry.href]]
        : [],
  );
  expect(links.length).toBeGreaterThan(5);
  // News last, so that its Read More leads on to a news item.
  const ordered = [
    ...links.filter(([, , route]) => route !== INFO_PAGES.news),
    ...links.filter(([, , route]) => route === INFO_PAGES.news),
  ];
  for (const [group, name, route] of ordered) {
    await page.locator('.menu-toggle').click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (group) {
      const summary = nav.locator('summary', { hasText: group });
      if ((await summary.locator('xpath=..').getAttribute('open')) === null) await summary.click();
    }
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    await expect(page.getByText(contentProbes[route] ?? '').first()).toBeVisible();
  }
  // Newest first, and staff may have published more: the first seeded item by its title.
  await page.getByRole('link', { name: /^Read More.*Pista ng Ani 2025/ }).click();
  await expect(page.getByText(contentProbes['/view-news/1'] ?? '')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'same document',
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [route, probe] of Object.entries(contentProbes)) {
    test(`${route} shows its content`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.getByText(probe, { exact: false }).first()).toBeVisible();
    });
  }

  test('home shows the first slide, the portal links and video links', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.slide:visible')).toHaveCount(1);
    await expect(page.locator('.slides img').first()).toBeVisible();
    const services = page.getByRole('region', { name: 'Business Services' });
    await expect(services.getByRole('link')).toHaveCount(3);
    await page.locator('.video-list a').nth(2).click();
    await expect(page).toHaveURL(/\?video=eco-aqua-park#videos$/);
    await expect(page.locator('.video-main video')).toHaveAttribute(
      'poster',
      /eco-aqua-park-poster/,
    );
  });
});

/**
 * Opens a page in a fresh context and totals the bytes received for every response, as
 * Chromium's DevTools "transferred" column does; also notes requests to other origins and
 * failed responses (a missing script would otherwise make a page look light).
 */
async function measure(
  browser: Browser,
  route: string,
  viewport: { width: number; height: number },
  deviceScaleFactor: number,
) {
  const context = await browser.newContext({ viewport, deviceScaleFactor });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let documentBytes = 0;
  const documents = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Document') documents.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    if (documents.has(event.requestId)) documentBytes += event.encodedDataLength;
  });
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const foreign: string[] = [];
  const failed: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== origin) foreign.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto(route, { waitUntil: 'networkidle' });
  await readToTheEnd(page);
  await page.waitForTimeout(300);
  await context.close();
  return { bytes, documentBytes, foreign, failed, scripts };
}

test.describe('every public page', () => {
  for (const route of publicRoutes) {
    test(`${route} loads nothing from another origin and sends under 500 KB`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      for (const [viewport, scale] of [
        [{ width: 1366, height: 768 }, 1],
        [{ width: 390, height: 844 }, 3],
      ] as const) {
        const { bytes, documentBytes, foreign, failed, scripts } = await measure(
          browser,
          route,
          viewport,
          scale,
        );
        test.info().annotations.push({
          type: 'page weight',
          description: `${route} ${viewport.width}px: ${bytes} bytes`,
        });
        console.log(
          `page weight ${route} at ${viewport.width}px×${scale}: ${(bytes / 1024).toFixed(1)} KB`,
        );
        expect(foreign).toEqual([]);
        expect(failed).toEqual([]);
        expect(scripts.length).toBeGreaterThan(0);
        // A measurement that missed the page, or everything but the page, must not pass as light.
        expect(documentBytes, 'bytes of the page itself').toBeGreaterThan(0);
        expect(bytes, 'bytes of the page and what it loads').toBeGreaterThan(documentBytes);
        expect(bytes).toBeLessThan(PAGE_WEIGHT_LIMIT);
      }
    });
  }

  // Each of these pages is scanned by axe once interactive, in both languages and at both
  // widths, by frame.spec.ts's route scans (every page of the sitemap).
});
