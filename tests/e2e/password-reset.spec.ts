import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, startServer } from '../helpers/server-process.ts';
import { startInbox, type TestInbox } from '../helpers/smtp-inbox.ts';
import { addStaffAccount } from '../helpers/staff.ts';
import { axeViewports, expectNoAxeViolations } from './axe.ts';

// A forgotten password (issue 31) in the browser, with JavaScript: the form's action runs
// there and asks the JSON API. The shared e2e server sends no mail, so, as alerts.spec.ts,
// this spec starts its own production server with SMTP_URL pointing at a test inbox.

const SITE = 'https://procurement.example.gov.ph';
const EMAIL = 'forgetful@example.gov.ph';
const NEW_PASSWORD = 'typhoon season at the municipal hall';
let inbox: TestInbox;
let server: ReturnType<typeof startServer>;
let dataDir: string;
let base: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  inbox = await startInbox();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'municipal-e2e-reset-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await addStaffAccount(dataDir, EMAIL, 'granite-harbor-willow-81');
  server = startServer(dataDir, { port, env: { SMTP_URL: inbox.url, SITE_URL: SITE } });
  await server.listening;
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await inbox?.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('asks for a link from the sign-in page, and the mailed link sets a password that signs in', async ({
  page,
}) => {
  await page.goto(`${base}/bac-login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password');
  await page.getByRole('button', { name: 'Send the link' }).click();
  // A refusal is focused and links to the field.
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('Enter your e-mail address.');
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If an account uses that address, a link to set a new password has been sent.',
  );

  const [mail] = await inbox.waitFor(1, (item) => item.to.includes(EMAIL));
  const link =
    /https:\/\/procurement\.example\.gov\.ph(\/staff\/set-password\?token=[\w-]{43})/.exec(
      mail!.text,
    )![1]!;
  await page.goto(`${base}${link}`);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');
  await page.getByLabel('Username').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/bac-input$/);
});

test('has no accessibility violations, the form and its answer, in both languages', async ({
  page,
}) => {
  for (const viewport of axeViewports) {
    await page.setViewportSize(viewport);
    for (const address of [
      '/staff/forgot-password',
      '/staff/forgot-password?sent',
      '/fil/staff/forgot-password',
    ]) {
      await page.goto(`${base}${address}`);
      await expectNoAxeViolations(page);
    }
  }
});
