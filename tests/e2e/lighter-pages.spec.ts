/**
 * Lighter pages (issue 14): what a first visit loads, and that nothing moves while it does.
 * Lighthouse's mobile audit (npm run lighthouse) scores these; the tests pin the causes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { measureFirstLoad, PHONE, readToTheEnd } from '../../scripts/bench/first-load.mjs';

declare global {
  interface Window {
    __layoutShifts: { value: number; sources: string[] }[];
  }
}

/** Keeps every layout shift the page reports, and which elements moved, in window.__layoutShifts. */
async function recordLayoutShifts(page: Page) {
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
      await recordLayoutShifts(page);
      // Lazy pages too: their module loads before hydration (entry-client.tsx), so the page
      // the server sent stays as it is, and React reports no mismatch.
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      for (const route of [
        '/',
        '/fil',
        '/notice-of-award',
        '/news',
        '/full-disclosure',
        '/fil/accounting',
      ]) {
        await page.goto(route, { waitUntil: 'networkidle' });
        // The clock fills in once hydrated; give it a tick past that.
        await expect(page.getByTestId('clock-time')).toBeVisible();
        await page.waitForTimeout(300);
        // The header's jump was 0.26; a sub-pixel settle of the menu is not a shift anyone sees.
        const shifts = await page.evaluate(() => window.__layoutShifts);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, `${route} on ${label}: ${JSON.stringify(shifts)}`).toBeLessThan(0.001);
        expect(errors, route).toEqual([]);
      }
      await context.close();
    });
  }
  test('paints the header whole when the page arrives in pieces on a slow connection', async ({
    browser,
    baseURL,
  }) => {
    // A relay that sends the home page cut in the middle of the header's links and the rest
    // half a second later, as a slow connection does; everything else it passes through.
    const html = await (await fetch(`${baseURL}/`)).text();
    const cut = html.indexOf('class="icon-link charter-link"');
    expect(cut, 'the header holds the charter link').toBeGreaterThan(0);
    const relay = createServer(async (request, response) => {
      if (request.url === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.write(html.slice(0, cut));
        setTimeout(() => response.end(html.slice(cut)), 500);
        return;
      }
      const upstream = await fetch(`${baseURL}${request.url}`);
      response.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    try {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await recordLayoutShifts(page);
      await page.goto(`http://127.0.0.1:${(relay.address() as AddressInfo).port}/`, {
        waitUntil: 'load',
      });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.__layoutShifts)).toEqual([]);
      await context.close();
    } finally {
      relay.close();
    }
  });
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
    expect(scripts.filter((url) => /\/Staff[A-Za-z]*Page-/.test(url))).toEqual([]);
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

/**
 * What the home page's first visit brings at 390x844 and 3x, measured by the benchmark's own
 * code (npm run bench, First visit): 156 KB with AVIF pictures, video thumbnails and only the
 * shown previews in the page data (192 KB before them, 203 KB before static files' headers
 * were trimmed, 215 KB before the pictures were cut). Issue 14's target is 120 KB, which the
 * 100 KB of JavaScript from React DOM and React Router alone nearly fill (docs/performance.md);
 * this budget keeps the page from growing back meanwhile. Session 18's features took it to
 * 174–178 KB (the interface's words as a catalogue, advisory banners, the bid-alert form,
 * news, Full Disclosure and Transparency Seal pages in the main bundle). Issue 25 brought it
 * to 163.3 KB (JS 116 → 108 KB, headers 15 → 11 KB): the pages a first visit rarely need are
 * lazy routes (client/routes.tsx), and what a first visit runs is one chunk instead of
 * seventeen (vite.config.ts); 165.5 KB with the Filipino staff and alert pages' shared code
 * and words. The budget was that figure and 1.5 KB for the words still to come (167 KB).
 * Issue 31's and 33's work (kind and field names in both languages in the registry, refusal
 * codes and their maps, the forgotten-password page's route) brought it to 169.1 KB (JS
 * 111.9 KB). The browser's staff, account and advisory-staff services now load on their first
 * call (client/lazy-staff-services.ts): the first-visit chunk went from 113.8 to 112.9 KB brotli
 * and the home page's first visit measured 168.0 KB (JS 110.8 KB), not yet under 167 KB, so
 * the budget stays 170 KB.
 */
const HOME_BUDGET_KB = 170;

test.describe('the home page on a 3x phone', () => {
  test(`stays within ${HOME_BUDGET_KB} KB on a first visit, measured as npm run bench measures it`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const load = await measureFirstLoad(browser, `${baseURL}/`);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `home first visit: ${kb(load.https)} (JS ${kb(load.script)}, pictures ${kb(load.image)}, HTML ${kb(load.document)}, CSS ${kb(load.stylesheet)}, headers ${kb(load.headers)})`,
    );
    // A measurement that missed the page or its scripts must not pass as light.
    expect(load.document, 'HTML bytes').toBeGreaterThan(0);
    expect(load.script, 'JavaScript bytes').toBeGreaterThan(0);
    expect(load.https / 1024).toBeLessThanOrEqual(HOME_BUDGET_KB);
  });

  test('fetches each picture for about 2x its drawn width: never above 2.5x, nor below 1.5x unless no wider file exists', async ({
    browser,
  }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await readToTheEnd(page);
    const pictures = await page.locator('img[srcset]:visible').evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => {
        // An AVIF <source> offers the same widths in another format; the browser takes either.
        const sources = [...(image.parentElement?.querySelectorAll('source') ?? [])];
        const files = [image, ...sources].flatMap((element) =>
          element.srcset.split(', ').map((candidate) => {
            const [url = '', width = ''] = candidate.split(' ');
            return { url: new URL(url, document.baseURI).href, width: Number.parseInt(width, 10) };
          }),
        );
        const box = image.getBoundingClientRect();
        // A covering picture wider than its box is drawn at the box's height, cut at the sides.
        const ratio = Number(image.getAttribute('width')) / Number(image.getAttribute('height'));
        const drawn = Math.max(box.width, box.height * ratio);
        return {
          src: image.currentSrc,
          file: files.find((file) => file.url === image.currentSrc)?.width ?? 0,
          widest: Math.max(...files.map((file) => file.width)),
          drawn,
        };
      }),
    );
    await context.close();
    expect(pictures.length).toBeGreaterThan(10);
    for (const picture of pictures) {
      const density = picture.file / picture.drawn;
      expect(density, `${picture.src} drawn ${picture.drawn} px wide`).toBeLessThanOrEqual(2.5);
      if (picture.file < picture.widest)
        expect(density, `${picture.src} drawn ${picture.drawn} px wide`).toBeGreaterThanOrEqual(
          1.5,
        );
    }
  });

  test('downloads a slide only when it is shown', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const slides: string[] = [];
    page.on('request', (request) => {
      const match = /\/media\/slides\/(slide-\d+)-/.exec(request.url());
      if (match?.[1]) slides.push(match[1]);
    });
    await page.clock.install({ time: new Date('2025-05-15T08:00:00+08:00') });
    await page.clock.pauseAt(new Date('2025-05-15T08:00:01+08:00'));
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await readToTheEnd(page);
    expect(slides).toEqual(['slide-1']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.clock.runFor(10_000);
    await expect.poll(() => slides).toEqual(['slide-1', 'slide-2']);
    await context.close();
  });
});
