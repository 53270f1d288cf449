import { expect, test, type Page } from '@playwright/test';

/** Violations the page reports, recorded from the first script onwards. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test.describe('CSP on cached pages', () => {
  for (const path of ['/', '/bids-reports']) {
    test(`${path}: the page hydrates, an injected inline script is blocked`, async ({ page }) => {
      await recordViolations(page);
      const first = await page.goto(path);
      expect(first?.headers()['cache-control']).toMatch(/^public/);
      // The second load is answered from the render cache (or revalidated against it).
      const cached = await page.goto(path);
      expect(cached?.headers()['etag']).toBe(first?.headers()['etag']);
      const csp = cached?.headers()['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
      expect(csp).not.toMatch(/nonce-|unsafe-inline/);

      // The clock exists only once React has hydrated the page.
      await expect(page.getByTestId('clock-time')).toHaveText(/^\d{1,2}:\d\d:\d\d [AP]M$/);
      expect(await violations(page)).toEqual([]);

      const ran = await page.evaluate(async () => {
        const marker = window as unknown as { injectedRan?: boolean };
        const script = document.createElement('script');
        script.textContent = 'window.injectedRan = true;';
        document.body.append(script);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return marker.injectedRan === true;
      });
      expect(ran).toBe(false);
      await expect
        .poll(() => violations(page))
        .toContainEqual(expect.stringMatching(/^script-src/));
    });
  }

  test('client-side navigation still works under the hashed policy', async ({ page }) => {
    await recordViolations(page);
    await page.goto('/');
    await expect(page.getByTestId('clock-time')).toBeVisible();
    await page.locator('.menu-toggle').click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'News' })
      .click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.locator('h1')).toHaveText(/News/);
    expect(await violations(page)).toEqual([]);
  });
});
