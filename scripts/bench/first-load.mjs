// What a first visit downloads, page by page. Chromium with an empty cache at a phone's size
// (390x844, 3 device pixels per CSS pixel) opens the page, waits for the network to go quiet,
// then scrolls down one screen at a time to the bottom, as a visitor reading to the end does,
// and waits again. Scrolling a screen at a time matters: jumping straight to the bottom leaves
// the lazy pictures in between unloaded, which a reader would load.
//
// Every response is counted from Chromium's DevTools protocol: its header bytes (what had
// arrived at Network.responseReceived) and its body bytes (the rest of encodedDataLength at
// Network.loadingFinished), i.e. what came over the wire, as DevTools' "transferred" column.
// Headers are HTTP/1.1's, about 1 KB a response here; HTTP/2 behind a TLS proxy sends repeated
// headers in a few bytes, so an HTTPS visitor may receive less than this counts.
//
// Chromium offers brotli only to secure origins, which may or may not include 127.0.0.1
// depending on its version. So the HTML, CSS and JS are fetched once more with
// Accept-Encoding: br: their brotli body sizes are what an HTTPS visitor downloads, and any of
// them that came in another encoding is counted at its brotli size in the "HTTPS visitor"
// total, while the over-the-wire total keeps what Chromium received.
import http from 'node:http';
import { chromium } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TEXT_KINDS = { Document: 'document', Stylesheet: 'stylesheet', Script: 'script' };
const TEXT = new Set(Object.values(TEXT_KINDS));
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 };

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

/** Scrolls a screen at a time to the bottom, as a reader would, so every lazy picture on the way loads. */
export async function readToTheEnd(page) {
  for (;;) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(100);
    if (atBottom) break;
  }
  await page.waitForLoadState('networkidle');
}

/**
 * One first visit to `url` in a fresh context of `browser`, in bytes: `document`,
 * `stylesheet` and `script` are brotli bodies; `image` and `other` (captions, fonts, media)
 * bodies as received; `headers` every response's header bytes; `wire` everything Chromium
 * received; `https` the same with each text body at its brotli size; `substituted` how many
 * text bodies had come in another encoding.
 */
export async function measureFirstLoad(browser, url) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map();
  const failed = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (response.status >= 400) failed.push(`${response.status} ${response.url}`);
    const encoding = Object.entries(response.headers).find(
      ([name]) => name.toLowerCase() === 'content-encoding',
    )?.[1];
    responses.set(requestId, {
      kind: TEXT_KINDS[type] ?? (type === 'Image' ? 'image' : 'other'),
      url: response.url,
      brotli: encoding === 'br',
      headers: response.encodedDataLength,
      total: 0,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (response) response.total = encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await readToTheEnd(page);
  await page.waitForTimeout(300);
  await context.close();
  if (failed.length > 0) throw new Error(`${url}: ${failed.join(', ')}`);

  const sizes = { document: 0, stylesheet: 0, script: 0, image: 0, other: 0 };
  let headers = 0;
  let wire = 0;
  let https = 0;
  let substituted = 0;
  for (const response of responses.values()) {
    // Answers with no body over the network (data: URLs, the memory cache) report nothing.
    if (response.total === 0) continue;
    const body = response.total - response.headers;
    headers += response.headers;
    wire += response.total;
    if (TEXT.has(response.kind)) {
      const brotli = await brotliBodyBytes(response.url);
      sizes[response.kind] += brotli;
      https += response.headers + brotli;
      if (!response.brotli) substituted += 1;
    } else {
      sizes[response.kind] += body;
      https += response.total;
    }
  }
  return { ...sizes, headers, wire, https, substituted };
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
      results.push({ path, ...(await measureFirstLoad(browser, `${origin}${path}`)) });
    return results;
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/**
 * Prints the first-visit table with issue 14's targets (`homeKb` for everything `/` brings,
 * `publicJsKb` for each public page's JS); returns whether every target is met.
 */
export function printFirstLoads(firstLoads, { homeKb, publicJsKb }) {
  let ok = true;
  const substituted = firstLoads.reduce((sum, page) => sum + page.substituted, 0);
  console.log(
    `\nFirst visit with an empty cache: Chromium at ${PHONE.viewport.width}x${PHONE.viewport.height}, ${PHONE.deviceScaleFactor}x pixels, opens the page and scrolls it a screen at a time to the bottom. HTML, CSS and JS are their brotli bodies (each fetched again with Accept-Encoding: br); pictures and other files their bodies as received; headers are HTTP/1.1's (about 1 KB a response; HTTP/2 would compress repeats). "HTTPS visitor" is all of these together, the figure the ${homeKb} KB target is checked against; "over the wire" is what Chromium received here${substituted > 0 ? `, where ${substituted} HTML/CSS/JS bodies came uncompressed or gzip over plain http and are counted at their brotli size in the HTTPS figure` : ', where every HTML/CSS/JS body already came as brotli, so the two are equal'}.\n`,
  );
  console.log(
    '| page | HTML KB | CSS KB | JS KB | pictures KB | other KB | headers KB | HTTPS visitor KB | over the wire KB | target |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const page of firstLoads) {
    const checks = [];
    if (!page.path.startsWith('/bac-'))
      checks.push([`JS ≤ ${publicJsKb} KB`, page.script / 1024 <= publicJsKb]);
    if (page.path === '/') checks.push([`all ≤ ${homeKb} KB`, page.https / 1024 <= homeKb]);
    if (checks.some(([, met]) => !met)) ok = false;
    console.log(
      `| ${page.path} | ${kb(page.document)} | ${kb(page.stylesheet)} | ${kb(page.script)} | ${kb(page.image)} | ${kb(page.other)} | ${kb(page.headers)} | ${kb(page.https)} | ${kb(page.wire)} | ${checks.map(([text, met]) => `${text} ${met ? 'met' : 'MISSED'}`).join(', ') || '–'} |`,
    );
  }
  return ok;
}
