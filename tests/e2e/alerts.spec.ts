import { expect, test, type Page } from '@playwright/test';
import { HttpVisitor } from '../helpers/server-process.ts';
import { addStaffAccount } from '../helpers/staff.ts';
import { axeViewports, expectNoAxeViolations } from './axe.ts';
import { useMailServer } from './mail-server.ts';

// The shared e2e server runs without SMTP_URL, so it hides the alert forms. This spec
// starts its own production server with SMTP_URL pointing at a real SMTP server here.

const SITE = 'https://procurement.example.gov.ph';
/** The manage pages the first tests reach, for the axe scans. */
let managePath = '/alerts/manage/none';
let filipinoManagePath = '/fil/alerts/manage/none';

test.describe.configure({ mode: 'serial' });

const site = useMailServer('municipal-e2e-alerts-', { SITE_URL: SITE });

/** Opens the English confirmation link e-mailed to `email` and presses Confirm there. */
async function confirmByMailedLink(page: Page, email: string) {
  const [confirmation] = await site.inbox.waitFor(1, (mail) => mail.to.includes(email));
  const link = /https:\/\/procurement\.example\.gov\.ph(\/alerts\/confirm\/\S+)/.exec(
    confirmation!.text,
  )![1]!;
  await page.goto(`${site.base}${link}`);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('subscribes from a list page, confirms by the e-mailed link and reaches the manage page', async ({
    page,
  }) => {
    await page.goto(`${site.base}/bid-svp`);
    const form = page.locator('form.alert-form');
    await expect(
      form.getByRole('checkbox', { name: 'Small Value Procurement (SVP)' }),
    ).toBeChecked();
    await form.getByLabel('E-mail address').fill('no-js@example.com');
    await form.getByLabel('Keyword (optional)').fill('bridge');
    await form.getByRole('radio', { name: /daily digest/ }).check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(`${site.base}/alerts/sent`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');

    await confirmByMailedLink(page, 'no-js@example.com');
    await expect(page.getByRole('status')).toContainText('your alerts have started');
    await expect(page.getByText('no-js@example.com')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Keyword (optional)' })).toHaveValue('bridge');
    managePath = new URL(page.url()).pathname;
  });

  test('keeps a subscriber from a Filipino list page in Filipino: the pages, the confirmation e-mail and the alerts', async ({
    page,
  }) => {
    const email = 'filipino@example.com';
    await page.goto(`${site.base}/fil/bid-svp`);
    const form = page.locator('form.alert-form');
    await expect(
      form.getByRole('checkbox', { name: 'Small Value Procurement (SVP)' }),
    ).toBeChecked();
    await form.getByLabel('E-mail address').fill(email);
    await form.getByRole('button', { name: 'Mag-subscribe' }).click();
    await expect(page).toHaveURL(`${site.base}/fil/alerts/sent`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tingnan ang iyong e-mail');

    const [confirmation] = await site.inbox.waitFor(1, (mail) => mail.to.includes(email));
    expect(confirmation!.subject).toContain('Kumpirmahin ang iyong mga alerto sa bid');
    expect(confirmation!.text).toContain('buksan ang link na ito sa loob ng 48 oras');
    const link = /https:\/\/procurement\.example\.gov\.ph(\/fil\/alerts\/confirm\/\S+)/.exec(
      confirmation!.text,
    )![1]!;
    await page.goto(`${site.base}${link}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await page.getByRole('button', { name: 'Kumpirmahin' }).click();
    await expect(page).toHaveURL(/\/fil\/alerts\/manage\/[^?]+\?done=confirmed$/);
    await expect(page.getByRole('status')).toContainText('nagsimula na ang iyong mga alerto');
    await expect(page.getByRole('radio', { name: 'Filipino' })).toBeChecked();
    filipinoManagePath = new URL(page.url()).pathname;

    // A notice posted now reaches the confirmed subscriber in Filipino, linking to Filipino pages.
    const staffEmail = 'bac.alerts@example.gov.ph';
    const password = 'granite-harbor-willow-81';
    await addStaffAccount(site.dataDir, staffEmail, password);
    const staff = new HttpVisitor(site.base);
    const token = await staff.signIn(staffEmail, password);
    const added = await staff.call('POST', '/api/records/svp', token, {
      pr_number: 'PR-FIL-1',
      project_title: 'Pagpapaayos ng paaralan',
      link: 'https://example.org/fil-1.pdf',
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: number };
    const [alert] = await site.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('paaralan'),
    );
    expect(alert!.subject).toContain('Bago: Small Value Procurement (SVP)');
    expect(alert!.text).toContain(`${SITE}/fil/bid-svp/${id}`);
    expect(alert!.text).toContain(`${SITE}/fil/alerts/manage/`);
  });

  test('sends a form without a list back with its problem', async ({ page }) => {
    await page.goto(`${site.base}/bids-and-awards`);
    const form = page.locator('form.alert-form');
    await form.getByRole('checkbox', { name: 'All lists' }).uncheck();
    await form.getByLabel('E-mail address').fill('nolist@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/alerts\?problem=lists/);
    await expect(form.getByText('Choose at least one list, or all lists.')).toBeVisible();
  });
});

test('ticking a list unticks "All lists", and ticking "All lists" unticks the lists', async ({
  page,
}) => {
  await page.goto(`${site.base}/alerts`);
  // The clock exists only once React has hydrated the page.
  await expect(page.getByTestId('clock-time')).toBeVisible();
  const form = page.locator('form.alert-form');
  const all = form.getByRole('checkbox', { name: 'All lists' });
  const svp = form.getByRole('checkbox', { name: 'Small Value Procurement (SVP)' });
  await expect(all).toBeChecked();
  await svp.check();
  await expect(all).not.toBeChecked();
  await all.check();
  await expect(svp).not.toBeChecked();
  await svp.check();
  await form.getByLabel('E-mail address').fill('one-list@example.com');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(`${site.base}/alerts/sent`);
  await confirmByMailedLink(page, 'one-list@example.com');
  await expect(page.getByRole('checkbox', { name: 'All lists' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Small Value Procurement (SVP)' })).toBeChecked();
});

/** The pages scanned in each language; the manage pages are those the first tests reached. */
const axePages = {
  English: () => [
    '/bid-svp',
    '/bids-and-awards',
    '/full-disclosure',
    '/alerts',
    '/alerts/sent',
    '/alerts/confirm/x',
    managePath,
  ],
  Filipino: () => [
    '/fil/bid-svp',
    '/fil/alerts',
    '/fil/alerts?problem=email&problem=lists',
    '/fil/alerts/sent',
    '/fil/alerts/too-many',
    '/fil/alerts/expired',
    '/fil/alerts/unsubscribed',
    '/fil/alerts/confirm/x',
    '/fil/alerts/unsubscribe/x',
    filipinoManagePath,
    `${filipinoManagePath}?problem=lang`,
  ],
};

for (const viewport of axeViewports) {
  for (const [language, pages] of Object.entries(axePages)) {
    test(`alert forms and pages in ${language} have no axe violations at ${viewport.width}px`, async ({
      page,
    }) => {
      // One scan takes a few seconds on the shared test machine; these are a dozen pages.
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      for (const url of pages()) {
        await page.goto(`${site.base}${url}`);
        await expectNoAxeViolations(page);
      }
    });
  }
}
