// What a first visit downloads, page by page: Chromium with an empty cache opens the page,
// waits for the network to go quiet, scrolls to the bottom so lazy images load, and waits
// again (as tests/e2e/info-pages.spec.ts measures page weight). "transferred" is
// Chromium's encodedDataLength over every response, headers included, as DevTools shows
// it. Chromium does not offer brotli over plain http, so the HTML, CSS and JS it loaded
// are fetched once more with Accept-Encoding: br for their brotli body sizes, the figure
// a visitor over HTTPS downloads.
import http from 'node:http';
import { chromium } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KINDS = { Document: 'document', Stylesheet: 'stylesheet', Script: 'script' };

function brotliBodyBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(bytes)
            : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function firstLoad(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const kinds = new Map();
  const failed = [];
  let transferred = 0;
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (response.status >= 400) failed.push(`${response.status} ${response.url}`);
    if (KINDS[type]) kinds.set(requestId, { kind: KINDS[type], url: response.url });
  });
  cdp.on('Network.loadingFinished', ({ encodedDataLength }) => {
    transferred += encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await context.close();
  if (failed.length > 0) throw new Error(`${url}: ${failed.join(', ')}`);
  const sizes = { document: 0, stylesheet: 0, script: 0 };
  for (const { kind, url: resource } of kinds.values())
    sizes[kind] += await brotliBodyBytes(resource);
  return { ...sizes, transferred };
}

/** First-visit sizes of each path on `origin`, in bytes. */
export async function measureFirstLoads(origin, paths) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const results = [];
    for (const path of paths)
      results.push({ path, ...(await firstLoad(browser, `${origin}${path}`)) });
    return results;
  } finally {
    await browser.close();
  }
}
