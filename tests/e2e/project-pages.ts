import { expect, test, type Page } from '@playwright/test';
import { createStaffAccount, signInThroughForm } from './staff.ts';

/**
 * The project pages' browser tests (issue 34) each run with JavaScript and without: `body`
 * declares the tests of one run inside a describe named for it.
 */
export function withAndWithoutJavaScript(title: string, body: (javaScript: boolean) => void) {
  for (const javaScript of [true, false]) {
    test.describe(javaScript ? title : `${title} without JavaScript`, () => {
      test.use({ javaScriptEnabled: javaScript });
      body(javaScript);
    });
  }
}

/** Signs a new BAC account in and posts an invitation to bid of ABC `abc`: answers the project's OCID. */
export async function projectOfNewInvitation(
  page: Page,
  { marker, title, abc }: { marker: string; title: string; abc: string },
): Promise<string> {
  await signInThroughForm(page, await createStaffAccount());
  await expect(page).toHaveURL(/\/bac-input$/);
  const session = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
  const invitation = await page.request.post('/api/records/public_bidding', {
    data: {
      bid_number: `ITB-${marker}`,
      project_title: title,
      abc,
      closing_date: '2026-03-10T10:00',
      link: 'https://example.org/itb.pdf',
    },
    headers: { 'x-csrf-token': session.csrfToken },
  });
  expect(invitation.status()).toBe(201);
  const list = await (await page.request.get(`/api/procurements?q=${marker}`)).json();
  return list.items[0].ocid as string;
}

/** Runs `check` on the project page as a visitor on a 360 px phone and a desktop; the page never scrolls sideways. */
export async function onPhoneAndDesktop(page: Page, ocid: string, check: () => Promise<void>) {
  await page.context().clearCookies();
  for (const [width, height] of [
    [360, 740],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/procurement/${ocid}`);
    await check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
}

/** Opens the project page as a signed-out resident on a 360 px phone; answers once its title shows. */
export async function openAsResidentOnPhone(page: Page, ocid: string, title: string) {
  await page.context().clearCookies();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/procurement/${ocid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
}
