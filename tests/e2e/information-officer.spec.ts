import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { publishingServer } from './browser.ts';
import { endAdvisory, postAdvisory, publishNews } from './information-steps.ts';
import { signInAsInformationOfficer } from './staff-sign-in.ts';

// Its own server: the advisory and news item posted here must not reach the pages other
// specs measure.
test.use({ baseURL: publishingServer.baseURL });

test('an information officer posts an advisory and a news item with a picture, and a resident sees both', async ({
  browser,
}) => {
  const staff = await browser.newContext();
  const page = await staff.newPage();
  await signInAsInformationOfficer(page, publishingServer.dataDir);
  const advisory = `Class suspension ${randomBytes(3).toString('hex')}`;
  const news = `Flood relief goods distribution ${randomBytes(3).toString('hex')}`;
  await postAdvisory(page, 'warning', advisory);
  await publishNews(page, news, 'Relief goods stacked at the covered court');

  // A resident: a fresh browser without a cookie, as the render cache serves everyone.
  const resident = await browser.newContext();
  try {
    const home = await resident.newPage();
    await home.goto('/');
    const banners = home.getByRole('region', { name: 'Advisories' });
    await expect(banners).toContainText(`Warning: ${advisory}`);
    await expect(home.getByRole('link', { name: news })).toBeVisible();
    await home.getByRole('link', { name: news }).click();
    await expect(home.getByRole('heading', { level: 1, name: news })).toBeVisible();
    await expect(
      home.getByRole('img', { name: 'Relief goods stacked at the covered court' }),
    ).toBeVisible();
    await expect(home.getByRole('region', { name: 'Advisories' })).toContainText(advisory);
  } finally {
    await resident.close();
    await endAdvisory(page, advisory);
    await staff.close();
  }
});
