import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every page is scanned on a small phone and on a desktop: landmarks and menus differ between them. */
export const axeViewports = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** WCAG 2.2 A and AA rules plus axe's best practices; the page must have no violation at all. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .map((node) => node.target.join(' '))
        .join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Scans `path` as a visitor without JavaScript gets it: the server's HTML with every script
 * taken out, so neither the app nor React's inline streaming scripts run. (A context with
 * JavaScript off cannot be scanned: axe is a script too, and waits there forever.)
 */
export async function expectNoAxeViolationsWithoutJavaScript(page: Page, path: string) {
  const served = await page.request.get(path);
  expect(served.status(), path).toBe(200);
  const html = (await served.text()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const target = new URL(path, 'http://localhost').pathname;
  const stripped = (url: URL) => url.pathname === target;
  await page.route(stripped, (route) =>
    route.request().isNavigationRequest()
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
      : route.fallback(),
  );
  try {
    await page.goto(path);
    // Proof that nothing ran: only JavaScript fills the clock.
    await expect(page.locator('.clock')).toBeEmpty();
    await expectNoAxeViolations(page);
  } finally {
    // The page may scan other routes next (a worker's shared scan page).
    await page.unroute(stripped);
  }
}
